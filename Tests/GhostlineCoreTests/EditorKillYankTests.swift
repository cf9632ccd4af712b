import Testing
@testable import GhostlineCore

/// Each case: the text before with `|` for the cursor, the keys, the text after, and what Ctrl-Y
/// then yanks back.
@Test(arguments: [
    ("foo |bar baz", [KeyEvent.control("k")], "foo |", "bar baz"),
    ("one|\ntwo", [.control("k")], "one|two", "\n"),
    ("one|\ntwo", [.control("k"), .control("k")], "one|", "\ntwo"),
    ("foo ba|r", [.control("u")], "|r", "foo ba"),
    ("one\ntw|o", [.control("u")], "one\n|o", "tw"),
    ("foo bar-baz|", [.control("w")], "foo |", "bar-baz"),
    ("foo bar-baz  |", [.control("w")], "foo |", "bar-baz  "),
    ("foo bar-baz|", [.key(.backspace, .alt)], "foo bar-|", "baz"),
    ("foo bar-baz|", [.key(.backspace, .alt), .key(.backspace, .alt)], "foo |", "bar-baz"),
    ("foo| bar-baz", [.alt("d")], "foo|-baz", " bar"),
    ("foo| bar-baz", [.alt("d"), .alt("d")], "foo|", " bar-baz"),
    ("|foo bar", [.key(.delete, .control)], "| bar", "foo"),
    ("foo bar baz|", [.control("w"), .control("w")], "foo |", "bar baz"),
    ("foo |bar", [.control("k"), .control("u")], "|", "foo bar"),
])
func kill(before: String, keys: [KeyEvent], after: String, yanked: String) {
    var editor = Editor(marked: before, isMultiline: true)
    editor.press(keys)
    #expect(editor.marked == after)
    editor.press(.control("e"), .control("y"))
    #expect(editor.state.text.hasSuffix(yanked))
    #expect(editor.state.text.utf8.count == Editor(marked: after).state.text.utf8.count + yanked.utf8.count)
}

@Test func consecutiveWordKillsYankBackInTheOriginalOrder() {
    var editor = Editor(marked: "echo one two|")
    editor.press(.control("w"), .control("w"))
    #expect(editor.marked == "echo |")
    editor.press(.control("y"))
    #expect(editor.marked == "echo one two|")
}

/// As in readline: a kill that finds nothing to kill is no kill, so the next kill starts an
/// entry of its own rather than joining the one before.
@Test func aKillOfNothingEndsTheRunOfKills() {
    var editor = Editor(marked: "ab cd|")
    editor.press(.control("b"), .control("b"), .control("k"), .control("k"), .key(.backspace, .alt))
    #expect(editor.marked == "|")
    editor.press(.control("y"))
    #expect(editor.marked == "ab |")
    editor.press(.alt("y"))
    #expect(editor.marked == "cd|")
}

@Test func aKillOfNothingDoesNotJoinTheNextKillToTheLastEntry() {
    var editor = Editor(marked: "x|")
    editor.press(.control("u"))
    editor.type("ab")
    editor.press(.control("k"), .control("u"), .control("y"))
    #expect(editor.marked == "ab|")
}

@Test func aKillAfterAMotionStartsANewEntry() {
    var editor = Editor(marked: "one two three|")
    editor.press(.control("w"), .key(.left), .key(.right), .control("w"))
    #expect(editor.marked == "one |")
    editor.press(.control("y"))
    #expect(editor.marked == "one two |")
    #expect(editor.killRing.entries == ["three", "two "])
}

@Test func yankPopReplacesTheYankWithTheOlderKill() {
    var editor = Editor(marked: "alpha beta|")
    editor.press(.control("w"), .control("e"), .control("w"))
    #expect(editor.marked == "|")
    editor.press(.text("["), .control("y"), .text("]"))
    #expect(editor.marked == "[alpha ]|")
    editor.press(.key(.left), .control("y"))
    #expect(editor.marked == "[alpha alpha |]")
    editor.press(.alt("y"))
    #expect(editor.marked == "[alpha beta|]")
    editor.press(.alt("y"))
    #expect(editor.marked == "[alpha alpha |]")
}

@Test func yankPopWithoutAYankDoesNothing() {
    var editor = Editor(marked: "one two|")
    editor.press(.control("w"), .control("y"), .text("!"), .alt("y"))
    #expect(editor.marked == "one two!|")
    editor.press(.key(.left), .alt("y"))
    #expect(editor.marked == "one two|!")
}

@Test func yankOnAnEmptyRingDoesNothing() {
    var editor = Editor(marked: "a|b")
    editor.press(.control("y"), .alt("y"))
    #expect(editor.marked == "a|b")
    #expect(editor.pendingChanges.isEmpty)
}

/// Alt-Y twice where there was no yank does nothing twice: the first does not make the second
/// replace a yank of another time (found by the editor fuzzer, where the place was that of a yank
/// in an earlier entry, past the end of the text: a crash).
@Test(arguments: [false, true])
func yankPopTwiceWithoutAYankDoesNothing(inANewEntry: Bool) {
    var editor = Editor(marked: "alpha beta|")
    editor.press(.control("w"), .control("y"))
    #expect(editor.marked == "alpha beta|")
    if inANewEntry {
        editor.startNewEntry()
    } else {
        editor.press(.control("a"), .control("k"))
    }
    // Six bytes: the yank's place, 6..<10, starts at the text's end.
    editor.press(.text("abcdef"), .alt("y"), .alt("y"))
    #expect(editor.marked == "abcdef|")
    editor.press(.control("y"))
    #expect(editor.marked.hasPrefix("abcdef"), "a yank still works after")
}

/// Joining a line that starts with a combining mark to the one before it (Ctrl-K or Delete at a
/// line's end) makes the mark part of that line's last character: the cursor, left where the
/// line ended, was then inside a character (found by the editor fuzzer). It goes to the end of
/// the joined character, where a cursor set anywhere inside one goes.
@Test(arguments: [Key.character("k"), Key.character("d")])
func joiningALineThatStartsWithACombiningMarkLeavesTheCursorOnABoundary(key: Key) {
    var editor = Editor(marked: "a|\n\u{33B}b", isMultiline: true)
    editor.press(.key(key, .control))
    #expect(editor.state.text == "a\u{33B}b")
    #expect(editor.state.cursor == TextPosition(line: 0, offset: 3), "\(editor.state.cursor)")
    #expect(editor.marked == "a\u{33B}|b")
}
