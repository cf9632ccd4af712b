import Testing
@testable import GhostlineCore
import GhostlineTestSupport

/// Seeded random vi keys (text objects with counts, `j`, `k`, `o`, `O`, `.`, undo, Escape,
/// visual mode, completion, tilde expansion) into
/// single-line and multi-line entries of wide characters, quotes and brackets: no key crashes
/// the editor, and the cursor stays on a character boundary of a line of the text.
@Suite struct ViRandomKeysTests {
    static let keys = ["d", "c", "y", "i", "a", "w", "W", "\"", "'", "`", "(", ")", "b", "B", "[", "]", "{", "}",
                       "<", ">", "j", "k", "+", "-", "o", "O", ".", "u", "U", "p", "2", "5", "0", "$", "h", "l",
                       "x", "\u{1B}", "\r", "日", "👨‍👩‍👧", "\\", " ", "*", "=", "&", "~", "v", "r", "~/", "~root"]

    @Test(arguments: [false, true])
    func randomKeysKeepTheCursorOnTheText(isMultiline: Bool) {
        var generator = SplitMix64(seed: isMultiline ? 2 : 1)
        for _ in 0..<200 {
            var editor = Editor.vi(history: ["old (one) \"two\""], isMultiline: isMultiline)
            editor.completion = { context in ["\(context.word)x", "\(context.word)日"].map { CompletionCandidate($0) } }
            editor.homeDirectory = { user in user.isEmpty ? "/home/日本" : nil }
            editor.vi("a (b [c] \"d\") 日本\re 'f' <g>\u{1B}")
            for _ in 0..<30 {
                editor.vi(Self.keys.randomElement(using: &generator)!)
                let cursor = editor.state.cursor
                #expect(cursor.line < editor.state.lineCount)
                let line = editor.state.line(min(cursor.line, editor.state.lineCount - 1))
                #expect(Editor.viOffsets(Array(line)).contains(cursor.offset), "\(editor.marked)")
            }
        }
    }
}
