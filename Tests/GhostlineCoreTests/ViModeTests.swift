import Testing
@testable import GhostlineCore

/// vi mode's machine, key by key: each case types a line in insert mode, then the keys
/// (`\u{1B}` for Escape), and expects the entry with `|` before the cursor's character.
@Suite struct ViModeTests {
    static let escape = "\u{1B}"

    @Test(arguments: [
        // Escape leaves insert mode with the cursor on the character before it.
        ("foo bar", "", "foo ba|r"),
        ("foo bar", "0", "|foo bar"),
        ("foo bar", "0l", "f|oo bar"),
        ("foo bar", "03l", "foo| bar"),
        ("foo bar", "0 ", "f|oo bar"),
        ("foo bar", "h", "foo b|ar"),
        ("foo bar", "9h", "|foo bar"),
        ("  foo", "^", "  |foo"),
        ("foo bar", "0$", "foo ba|r"),
        ("foo bar", "3|", "fo|o bar"),
        ("foo.bar baz", "0w", "foo|.bar baz"),
        ("foo.bar baz", "0W", "foo.bar |baz"),
        ("foo.bar baz", "0e", "fo|o.bar baz"),
        ("foo.bar baz", "0E", "foo.ba|r baz"),
        ("foo.bar baz", "b", "foo.bar |baz"),
        ("foo.bar baz", "2b", "foo.|bar baz"),
        ("foo.bar baz", "B", "foo.bar |baz"),
        ("foo.bar baz", "2B", "|foo.bar baz"),
        ("a(b[c]d)e", "0%", "a(b[c]d|)e"),
        ("a(b[c]d)e", "0f[%", "a(b[c|]d)e"),
        ("abcabc", "0fc", "ab|cabc"),
        ("abcabc", "0fc;", "abcab|c"),
        ("abcabc", "0fc;,", "ab|cabc"),
        ("abcabc", "0tc", "a|bcabc"),
        ("abcabc", "0tc;", "abca|bc"),
        ("abcabc", "Fa", "abc|abc"),
        ("abcabc", "Ta", "abca|bc"),
        ("abcabc", "02fc", "abcab|c"),
        ("abcabc", "0fz", "|abcabc"),
        // A count larger than the characters there goes to the last one, as in readline.
        ("abcabc", "05fc", "abcab|c"),
        ("abcabc", "05tc", "abca|bc"),
    ])
    func motions(text: String, keys: String, after: String) {
        var editor = Editor.vi()
        editor.vi(text + Self.escape + keys)
        #expect(editor.vi.mode == .command)
        #expect(editor.marked == after)
    }

    @Test(arguments: [
        ("foo bar baz", "0dw", "|bar baz"),
        ("foo bar baz", "0d2w", "|baz"),
        ("foo bar baz", "02dw", "|baz"),
        ("one two three four five six seven", "02d2w", "|five six seven"),
        ("foo bar baz", "0de", "| bar baz"),
        // With no word's end ahead, `de` takes the last character, as readline's does.
        ("foo bar baz", "de", "foo bar b|a"),
        ("foo bar baz", "dE", "foo bar b|a"),
        ("foo bar baz", "0wd$", "foo| "),
        ("foo bar baz", "0wD", "foo| "),
        ("foo bar baz", "d0", "|z"),
        ("foo bar baz", "db", "foo bar |z"),
        ("foo bar baz", "0dfa", "|r baz"),
        ("foo bar baz", "0dta", "|ar baz"),
        ("foo bar baz", "02d3fb", "|az"),
        // Under an operator, a column past the end is the line's end.
        ("foo bar", "03ld9|", "fo|o"),
        // A change whose motion cannot be made still inserts, taking the character under the
        // cursor unless the motion never does, as in readline.
        ("foo bar", "0cfzQ\u{1B}", "|Qoo bar"),
        ("foo bar", "0c%Q\u{1B}", "|Qoo bar"),
        ("foo bar", "0chQ\u{1B}", "|Qfoo bar"),
        ("foo bar baz", "dFa", "foo bar b|z"),
        ("foo bar baz", "dd", "|"),
        ("a (b c) d", "0f(d%", "a | d"),
        ("foo bar", "0x", "|oo bar"),
        ("foo bar", "03x", "| bar"),
        ("foo bar", "X", "foo b|r"),
        ("foo bar", "2X", "foo |r"),
        ("foo bar", "0dwP", "foo| bar"),
        ("foo bar", "0dwp", "bfoo| ar"),
        ("foo bar", "0yw$p", "foo barfoo| "),
        ("foo bar", "0yeP", "fo|ofoo bar"),
        ("foo bar", "0ye2P", "foofo|ofoo bar"),
        // A yank leaves the cursor where the command started, as readline does.
        ("foo bar baz", "yb", "foo bar ba|z"),
        ("foo bar baz", "0wyw", "foo |bar baz"),
        ("foo bar baz", "0wyy", "foo |bar baz"),
        ("foo bar baz", "yyP", "foo bar bafoo bar ba|zz"),
        ("foo bar", "0xp", "o|fo bar"),
        ("foo bar", "0rx", "|xoo bar"),
        ("foo bar", "03rx", "xx|x bar"),
        ("foo bar", "09rx", "xxxxxx|x"),
        ("foo bar", "0~", "F|oo bar"),
        ("foo bar", "03~", "FOO| bar"),
        // Each character switched is a step of its own for `u`, and a count past the end goes on
        // switching the last one, as in readline.
        ("foo bar", "02~u", "Fo|o bar"),
        ("foo bar baz", "032~u", "FOO BAR BA|Z"),
        ("foo bar", "09~", "FOO BA|R"),
        ("foo bar", "0x.", "|o bar"),
        ("foo bar", "0x2.", "| bar"),
        ("a b c d e", "0dw.", "|c d e"),
        // The text typed before the first Escape is not undone, as in readline.
        ("foo bar", "0u", "|foo bar"),
        ("foo bar", "0U", "|foo bar"),
        // `.` types the first insert again, as readline does.
        ("foo bar", "0.", "foo ba|rfoo bar"),
        ("foo bar", "02.", "foo barfoo ba|rfoo bar"),
        ("foo bar", "0xxu", "o|o bar"),
        // `.` with no change to repeat is no part of the next change, which `.` then repeats.
        ("", ".ix\u{1B}.", "|xx"),
        ("", ".x.", "|"),
        // `~` leaves the last character it switched in the register, as readline's does.
        ("abcd", "03~$p", "ABCd|c"),
        ("abc", "0~xp", "Ac|b"),
        // `cw` on a word of one character changes that character, as in readline and vim.
        ("b ccc dd", "0cwX\u{1B}", "|X ccc dd"),
        ("a.b c", "0c2wX\u{1B}", "|Xb c"),
        // A key that is no motion ends the change, which starts no insert.
        ("foo bar", "$czx", "foo b|a"),
        ("foo bar", "0xxuu", "f|oo bar"),
        ("foo bar", "0xxU", "|foo bar"),
        // A counted insert types its text once, as readline does; `.` with a count repeats it.
        ("foo bar", "03iab\u{1B}", "a|bfoo bar"),
        ("foo bar", "0iab\u{1B}3.", "aababa|bbfoo bar"),
        ("foo bar", "02iab\u{1B}0.", "a|babfoo bar"),
        // A change typed again by `.` leaves the cursor after its text, as readline's does.
        ("foo bar baz", "0cwX\u{1B}w.", "X X| baz"),
        ("foo bar", "0iX\u{1B}l.", "X|Xfoo bar"),
    ])
    func operatorsAndEdits(text: String, keys: String, after: String) {
        var editor = Editor.vi()
        editor.vi(text + Self.escape + keys)
        #expect(editor.vi.mode == .command)
        #expect(editor.marked == after)
    }

    @Test(arguments: [
        ("foo bar", "0iX", "X|foo bar"),
        ("foo bar", "0aX", "fX|oo bar"),
        ("  foo", "$IX", "X|  foo"),
        ("foo bar", "0AX", "foo barX|"),
        ("foo bar", "03iab", "ab|foo bar"),
        ("foo bar", "0cwX", "X| bar"),
        ("foo bar", "0c2wX", "X|"),
        ("foo bar", "0ceX", "X| bar"),
        ("foo bar", "0ccX", "X|"),
        ("foo bar", "0SX", "X|"),
        ("foo bar", "0wCX", "foo X|"),
        ("foo bar", "0sX", "X|oo bar"),
        ("foo bar", "02sX", "X|o bar"),
        ("foo bar", "0RXY", "XY|o bar"),
        ("ab", "0RXYZ", "XYZ|"),
    ])
    func inserting(text: String, keys: String, after: String) {
        var editor = Editor.vi()
        editor.vi(text + Self.escape + keys)
        #expect(editor.vi.mode != .command)
        #expect(editor.marked == after)
    }

    @Test func escapeTypedTogetherWithTheNextKeyIsTwoKeys() {
        var editor = Editor.vi()
        // Read in one go, Escape and `0` are decoded as Alt-0: vi reads Escape, then `0`.
        editor.vi("foo bar\u{1B}0x")
        #expect(editor.marked == "|oo bar")
    }

    @Test func historyKeysRecallEntriesWithTheCursorAtTheStart() {
        var editor = Editor.vi(history: ["first", "second", "third"])
        editor.vi("draft\u{1B}k")
        #expect(editor.marked == "|third")
        editor.vi("2k")
        #expect(editor.marked == "|first")
        editor.vi("9k")
        #expect(editor.marked == "|first")
        editor.vi("j")
        #expect(editor.marked == "|second")
        editor.vi("+")
        #expect(editor.marked == "|third")
        editor.vi("-")
        #expect(editor.marked == "|second")
        editor.vi("G")
        #expect(editor.marked == "|first")
        editor.vi("3G")
        #expect(editor.marked == "|third")
        editor.vi("9j")
        #expect(editor.marked == "|draft")
        editor.press(.control("p"))
        #expect(editor.marked == "|third")
        editor.press(.control("n"))
        #expect(editor.marked == "|draft")
    }

    @Test func enterSubmitsInEitherMode() {
        var editor = Editor.vi()
        #expect(editor.vi("foo\r") == .submit("foo"))
        editor.startNewEntry()
        #expect(editor.vi.mode == .insert)
        #expect(editor.vi("bar\u{1B}0x\r") == .submit("ar"))
    }

    @Test func theRegisterAndTheRepeatedChangeCarryOverToTheNextEntry() {
        var editor = Editor.vi()
        editor.vi("foo bar\u{1B}0dw")
        editor.startNewEntry()
        editor.vi("baz qux\u{1B}0.")
        #expect(editor.marked == "|qux")
        editor.startNewEntry()
        editor.vi("a\u{1B}p")
        #expect(editor.marked == "abaz| ")
    }

    @Test func insertModeKeepsTheEmacsControlKeys() {
        var editor = Editor.vi()
        editor.vi("foo bar")
        editor.press(.control("w"))
        #expect(editor.marked == "foo |")
        editor.press(.control("u"))
        #expect(editor.marked == "|")
        editor.vi("ab")
        editor.press(.control("t"))
        #expect(editor.marked == "ba|")
    }

    @Test func emacsModeReadsEscapeAsBefore() {
        var editor = Editor(marked: "foo bar|")
        editor.press(.alt("b"))
        #expect(editor.marked == "foo |bar")
        editor.editingMode = .vi
        editor.press(.alt("b"))
        #expect(editor.vi.mode == .command)
        #expect(editor.marked == "|foo bar")
    }
}
