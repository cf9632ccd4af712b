import Testing
@testable import GhostlineCore

/// Each case: the text before with `|` for the cursor, the keys, and the text after.
@Test(arguments: [
    ("foo bar|", [KeyEvent.control("a")], "|foo bar"),
    ("|foo bar", [.control("e")], "foo bar|"),
    ("foo b|ar", [.key(.home)], "|foo bar"),
    ("foo b|ar", [.key(.end)], "foo bar|"),
    ("foo|", [.control("b")], "fo|o"),
    ("f|oo", [.control("f")], "fo|o"),
    ("|foo", [.control("b")], "|foo"),
    ("foo|", [.control("f")], "foo|"),
    ("foo bar-baz|", [.alt("b")], "foo bar-|baz"),
    ("foo bar-baz|", [.alt("b"), .alt("b")], "foo |bar-baz"),
    ("foo bar-|baz", [.alt("b")], "foo |bar-baz"),
    ("  |", [.alt("b")], "|  "),
    ("|foo bar-baz", [.alt("f")], "foo| bar-baz"),
    ("foo| bar-baz", [.alt("f")], "foo bar|-baz"),
    ("foo bar|-baz", [.alt("f")], "foo bar-baz|"),
    ("foo bar|", [.key(.left, .control)], "foo |bar"),
    ("|foo bar", [.key(.right, .control)], "foo| bar"),
    ("héllo wörld|", [.alt("b")], "héllo |wörld"),
    // `_` is not a word character, as in readline (`rl_alphabetic`).
    ("foo_bar baz|", [.alt("b"), .alt("b")], "foo_|bar baz"),
    ("|foo_bar", [.alt("f")], "foo|_bar"),
    ("one\ntwo|", [.key(.home, .control)], "|one\ntwo"),
    ("|one\ntwo", [.key(.end, .control)], "one\ntwo|"),
    ("one\ntw|o", [.control("a")], "one\n|two"),
    ("on|e\ntwo", [.control("e")], "one|\ntwo"),
    ("one\n|two", [.control("b")], "one|\ntwo"),
    ("one|\ntwo", [.control("f")], "one\n|two"),
    ("one\n|two", [.alt("b")], "|one\ntwo"),
    ("one|\ntwo", [.alt("f")], "one\ntwo|"),
])
func motion(before: String, keys: [KeyEvent], after: String) {
    var editor = Editor(marked: before)
    editor.isMultiline = true
    editor.showsSuggestions = false
    editor.press(keys)
    #expect(editor.marked == after)
    #expect(editor.state.text == Editor(marked: before).state.text)
}
