import Testing
@testable import GhostlineCore

/// vi's commands between the lines of a multi-line entry: each case types the lines (Enter
/// between them) in insert mode, then Escape and the keys, and expects the entry with `|` before
/// the cursor's character.
@Suite struct ViMultilineTests {
    static let escape = "\u{1B}"
    static let lines = "one\r  two three\rfour"

    @Test(arguments: [
        // `k` and `j` keep the cursor's character index, or go to a shorter line's last and
        // back to the index on a longer one, as vim does.
        ("k", "one\n  t|wo three\nfour"),
        ("kk", "on|e\n  two three\nfour"),
        ("3k", "on|e\n  two three\nfour"),
        ("kkj", "one\n  t|wo three\nfour"),
        ("kk2j", "one\n  two three\nfou|r"),
        ("k$j", "one\n  two three\nfou|r"),
        // Ctrl-P and Ctrl-N are `k` and `j`, also when Ctrl-P comes with the Escape before it.
        ("h\u{10}", "one\n  |two three\nfour"),
        ("h\u{10}\u{0E}", "one\n  two three\nfo|ur"),
        ("\u{10}", "one\n  t|wo three\nfour"),
        // `-` and `+` go to the first non-blank.
        ("-", "one\n  |two three\nfour"),
        ("kk+", "one\n  |two three\nfour"),
        // `o` and `O` open a line below or above, in insert mode; `.` opens another.
        ("koX\u{1B}", "one\n  two three\n|X\nfour"),
        ("kOX\u{1B}", "one\n|X\n  two three\nfour"),
        ("oX\u{1B}", "one\n  two three\nfour\n|X"),
        ("kkoX\u{1B}j.", "one\nX\n  two three\n|X\nfour"),
        ("ko\u{1B}u", "one\n  t|wo three\nfour"),
    ])
    func linesOfTheEntry(keys: String, after: String) {
        var editor = Editor.vi(isMultiline: true)
        editor.vi(Self.lines + Self.escape + keys)
        #expect(editor.vi.mode == .command)
        #expect(editor.marked == after, "\(keys)")
    }

    @Test func fromTheFirstOrLastLineTheyWalkHistory() {
        var editor = Editor.vi(history: ["old"], isMultiline: true)
        editor.vi("a\rb" + Self.escape + "kk")
        #expect(editor.marked == "|old")
        editor.vi("j")
        #expect(editor.marked == "|a\nb")
    }

    @Test func inASingleLineEntryJAndKWalkHistoryAndOOpensNothing() {
        var editor = Editor.vi(history: ["old"])
        editor.vi("foo" + Self.escape + "o")
        #expect(editor.marked == "fo|o")
        #expect(editor.vi.mode == .command)
        editor.vi("k")
        #expect(editor.marked == "|old")
    }
}
