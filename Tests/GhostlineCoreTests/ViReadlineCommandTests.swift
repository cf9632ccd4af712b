import Testing
@testable import GhostlineCore

/// The vi commands readline has beyond vim's (`_`, `#`), as GNU readline 8 does them; the
/// cases were checked against it with Tests/Oracles/readline-vi.py.
@Suite struct ViReadlineCommandTests {
    @Test(arguments: [
        // The previous entry's last word, after a space, after the cursor's character.
        ("xy\u{1B}_", "xy c|"),
        ("xy\u{1B}0_", "x c|y"),
        // A count takes that word, from 1.
        ("xy\u{1B}2_", "xy a|"),
        ("xy\u{1B}1_", "xy echo|"),
        // Without such a word nothing happens and command mode stays.
        ("xy\u{1B}9_", "x|y"),
        ("\u{1B}_", " c|"),
        // Insert mode follows: typed text goes after the word.
        ("xy\u{1B}_zz", "xy czz|"),
        // `u` takes back the word and what was typed after it together.
        ("xy\u{1B}_zz\u{1B}u", "x|y"),
        // ... with the cursor where the word went.
        ("xy\u{1B}0_zz\u{1B}u", "x|y"),
        // `.` yanks the word again, not what was typed after it, and stays in insert mode.
        ("xy\u{1B}_zz\u{1B}0.", "x c|y czz"),
        ("xy\u{1B}_\u{1B}0.zz", "x czz|y c"),
        ("xy\u{1B}_\u{1B}02.", "x a|y c"),
    ])
    func yankArgument(keys: String, after: String) {
        var editor = Editor.vi(history: ["echo a b c"])
        editor.vi(keys)
        #expect(editor.marked == after)
    }

    @Test func yankArgumentInsertsInInsertMode() {
        var editor = Editor.vi(history: ["echo a b c"])
        editor.vi("xy\u{1B}_")
        #expect(editor.vi.mode == .insert)
        editor.vi("\u{1B}9_")
        #expect(editor.vi.mode == .command)
    }

    @Test(arguments: [
        ("abc\u{1B}#", "#abc"),
        ("abc\u{1B}0#", "#abc"),
        // A count takes away a comment already there, and puts one where there is none.
        ("#abc\u{1B}2#", "abc"),
        ("abc\u{1B}h3#", "#abc"),
    ])
    func insertComment(keys: String, submitted: String) {
        var editor = Editor.vi()
        #expect(editor.vi(keys) == .submit(submitted))
    }

    @Test func insertCommentUsesCommentBegin() {
        var editor = Editor.vi()
        editor.commentBegin = "// "
        #expect(editor.vi("abc\u{1B}#") == .submit("// abc"))
    }
}
