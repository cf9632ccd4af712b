import Testing
@testable import GhostlineCore

/// vim's text objects under `d`, `c` and `y`: each case types a line in insert mode, then the
/// keys (`\u{1B}` for Escape), and expects the entry with `|` before the cursor's character.
/// The expectations are what vim 9 leaves (`vim -u NONE -es`, `normal!` with the same keys).
@Suite struct ViTextObjectTests {
    static let escape = "\u{1B}"

    @Test(arguments: [
        // Words: `iw` is the run under the cursor, blanks and punctuation being runs of their own.
        ("foo bar baz", "0wdiw", "foo | baz"),
        ("foo bar baz", "0wldiw", "foo | baz"),
        ("foo.bar baz", "0diw", "|.bar baz"),
        ("foo.bar baz", "0diW", "| baz"),
        ("foo   bar", "0fbhdiw", "foo|bar"),
        ("foo bar baz", "02diw", "|bar baz"),
        ("foo bar baz", "03diw", "| baz"),
        ("foo bar", "0wdiw", "foo| "),
        // More runs than the line has: nothing happens, and the cursor is on the last character,
        // where vim's search ended.
        ("foo bar", "04diw", "foo ba|r"),
        ("foo bar", "0w2diw", "foo ba|r"),
        // `aw` takes the blanks after the word, or before it when none follow.
        ("foo bar baz", "0wdaw", "foo |baz"),
        ("foo bar baz", "$daw", "foo ba|r"),
        ("foo bar baz", "0daw", "|bar baz"),
        ("foo bar baz", "0d2aw", "|baz"),
        ("foo bar baz", "02daw", "|baz"),
        ("a b c", "03daw", "|"),
        ("a b c", "04daw", "a b |c"),
        // From a blank, `aw` takes the blanks and the word after them.
        ("foo   bar baz", "0fbhdaw", "foo| baz"),
        // The line's indent is not taken before a last word.
        ("  foo", "0wdaw", " | "),
        ("foo.bar baz", "0daW", "|baz"),
        ("foo.bar baz", "0daw", "|.bar baz"),
        // Trailing blanks with no word after them: no `aw` from a blank.
        ("foo  ", "0fo$daw", "foo | "),
    ])
    func words(text: String, keys: String, after: String) {
        expect(text: text, keys: keys, after: after)
    }

    @Test(arguments: [
        ("say \"hi there\" ok", "0fhdi\"", "say \"|\" ok"),
        ("say \"hi there\" ok", "0fhda\"", "say |ok"),
        ("say \"hi\"", "0fhda\"", "sa|y"),
        ("say \"hi\" ok", "0f\"di\"", "say \"|\" ok"),
        ("say \"hi\" ok", "0f\";di\"", "say \"|\" ok"),
        ("say \"hi\" ok", "0fhd2i\"", "say | ok"),
        // Before the first quote, the first pair after the cursor.
        ("say \"hi\" ok", "0di\"", "say \"|\" ok"),
        // Between two strings: from the quote before the cursor to the next.
        ("\"a\" x \"b\"", "0fxdi\"", "\"a\"|\"b\""),
        ("it's 'one' x", "0fndi'", "it's '|' x"),
        ("run `ls` now", "0fldi`", "run `|` now"),
        // An escaped quote does not close the string.
        ("x \"a\\\"b\" y", "0fadi\"", "x \"|\" y"),
        // No pair: nothing happens.
        ("say \"hi", "0fhdi\"", "say \"|hi"),
        ("no quotes", "0di\"", "|no quotes"),
        ("say \"\" ok", "0f\"di\"", "say \"|\" ok"),
        ("say \"\" ok", "0f\"ci\"X\u{1B}", "say \"|X\" ok"),
    ])
    func quotes(text: String, keys: String, after: String) {
        expect(text: text, keys: keys, after: after)
    }

    @Test(arguments: [
        ("f(a, b)", "0fadi(", "f(|)"),
        ("f(a, b)", "0fadib", "f(|)"),
        ("f(a, b)", "0fadi)", "f(|)"),
        ("f(a, b)", "0fada(", "|f"),
        ("f(a, b) x", "0fadab", "f| x"),
        ("f(a, b)", "0f(di(", "f(|)"),
        ("f(a, b)", "$di(", "f(|)"),
        ("x (a (b) c) y", "0fbdi(", "x (a (|) c) y"),
        ("x (a (b) c) y", "0fb2di(", "x (|) y"),
        ("x (a (b) c) y", "0fb3di(", "x (a (|b) c) y"),
        // Outside every pair, the pair ahead, as vim 9 does.
        ("x (a) (b) y", "0di(", "x (|) (b) y"),
        ("x (a (b) c) y", "02di(", "x (a (|) c) y"),
        ("x (a) (b) y", "02di(", "|x (a) (b) y"),
        // Unbalanced: nothing happens; an empty pair puts the cursor inside it.
        ("x (a (b) y", "0di(", "|x (a (b) y"),
        ("x a) (b) y", "0di(", "|x a) (b) y"),
        ("()", "0di(", "(|)"),
        ("()", "0ci(Q\u{1B}", "(|Q)"),
        ("a[1][2]", "0f2di[", "a[1][|]"),
        ("a[1][2]", "0f2da]", "a[1|]"),
        ("if { b; }", "0fbdi{", "if {|}"),
        ("if { b; }", "0fbdiB", "if {|}"),
        ("if { b; }", "0fbda}", "if| "),
        ("Vec<Int> x", "0fIdi<", "Vec<|> x"),
        ("Vec<Int> x", "0fIda>", "Vec| x"),
    ])
    func brackets(text: String, keys: String, after: String) {
        expect(text: text, keys: keys, after: after)
    }

    @Test(arguments: [
        // `c` changes the object and `.` changes the next one the same way.
        ("foo bar baz", "0ciwX\u{1B}w.", "X X| baz"),
        ("f(a) g(b)", "0fadi(fb.", "f() g(|)"),
        // `.` of a change that finds no object changes nothing: its text is not typed as commands.
        ("if { a } z", "0ca}x\u{1B}0.", "|if x z"),
        // `u` puts the cursor at the object's start, as vim's does.
        ("foo bar baz", "0wlciwX\u{1B}$u", "foo bar| baz"),
        ("foo bar baz", "0daw.", "|baz"),
        // `y` leaves the cursor at the object's start, and `p` puts what it took.
        ("foo bar baz", "0wlyiw$p", "foo bar bazba|r"),
        ("f(a, b)", "0fbyi(P", "f(a, |ba, b)"),
        // Wide characters and emoji are one character each.
        ("日本 語です", "0diw", "| 語です"),
        ("👍🏽x (👨‍👩‍👧) y", "0f(ldi(", "👍🏽x (|) y"),
        ("a \"日本\" b", "0f本da\"", "a |b"),
        // An empty line has no object.
        ("", "diw", "|"),
        // `u` undoes the change an object made.
        ("foo bar", "0diwu", "foo| bar"),
    ])
    func changesRepeatsAndCharacters(text: String, keys: String, after: String) {
        expect(text: text, keys: keys, after: after)
    }

    private func expect(text: String, keys: String, after: String) {
        var editor = Editor.vi()
        editor.vi(text + Self.escape + keys)
        #expect(editor.vi.mode == .command)
        #expect(editor.marked == after, "\(keys)")
    }
}
