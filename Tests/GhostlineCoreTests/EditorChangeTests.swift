import Testing
@testable import GhostlineCore

/// Ctrl-T and the word case commands, as readline does them. Each case: before, keys, after.
@Test(arguments: [
    ("ab|cd", [KeyEvent.control("t")], "acb|d"),
    ("abcd|", [.control("t")], "abdc|"),
    ("abcd|", [.control("t"), .control("t")], "abcd|"),
    ("|abcd", [.control("t")], "|abcd"),
    ("a🇫🇷|", [.control("t")], "🇫🇷a|"),
    ("e\u{301}|x", [.control("t")], "xe\u{301}|"),
    ("one\n|two", [.control("t")], "one\n|two"),
    ("|foo bar", [.alt("u")], "FOO| bar"),
    ("foo| bar baz", [.alt("u")], "foo BAR| baz"),
    ("foo| bar baz", [.alt("u"), .alt("u")], "foo BAR BAZ|"),
    ("|FOO Bar", [.alt("l")], "foo| Bar"),
    ("|hELLO world", [.alt("c")], "Hello| world"),
    ("he|LLO world", [.alt("c")], "heLlo| world"),
    ("x| -- straße", [.alt("u")], "x -- STRASSE|"),
    ("foo|", [.alt("u")], "foo|"),
    ("one|\ntwo", [.alt("c")], "one\nTwo|"),
    ("one|\ntwo", [.alt("u")], "one\nTWO|"),
])
func change(before: String, keys: [KeyEvent], after: String) {
    var editor = Editor(marked: before, isMultiline: true)
    editor.press(keys)
    #expect(editor.marked == after)
}

@Test func transposeWithNothingToSwapReportsNoChange() {
    for text in ["|", "a|", "|ab"] {
        var editor = Editor(marked: text)
        editor.press(.control("t"))
        #expect(editor.marked == text)
        #expect(editor.pendingChanges.isEmpty, "\(text)")
    }
}

@Test func changingTheCaseOfAWordThatIsAlreadyThatCaseOnlyMoves() {
    var editor = Editor(marked: "|ABC def")
    editor.press(.alt("u"))
    #expect(editor.marked == "ABC| def")
    #expect(editor.pendingChanges.isEmpty)
}
