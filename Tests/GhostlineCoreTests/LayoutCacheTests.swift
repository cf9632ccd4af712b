import Testing
@testable import GhostlineCore

/// Layout caches wrapping and drawn rows per line; after any edit its frame must be exactly the
/// frame a layout with no cache makes.
@Suite struct LayoutCacheTests {
    @Test(arguments: [(80, 1), (10, 2), (7, 3), (3, 4), (33, 5)])
    func cachedFramesEqualFreshFrames(width: Int, seed: Int) {
        var random = SplitMix(seed: UInt64(seed))
        let pieces = ["a", "bc", " ", "中", "e", "\u{301}", "🇫", "🇷", "\u{1B}", "xyz", "\n", "👍", "\u{1F3FD}", "請輸入", "\u{200D}", "é"]
        var layout = Layout()
        var state = EditorState()
        for step in 0..<400 {
            switch random.next() % 7 {
            case 0, 1, 2:
                let piece = pieces[Int(random.next() % UInt64(pieces.count))]
                state.replace(state.cursor..<state.cursor, with: piece)
            case 3:
                state.replace(state.position(before: state.cursor)..<state.cursor, with: "")
            case 4:
                state.cursor = state.position(before: state.cursor)
            case 5:
                state.cursor = state.endPosition
            default:
                let line = Int(random.next() % UInt64(state.lineCount))
                state.cursor = TextPosition(line: line, offset: 0)
            }
            let presentation = Presentation(state: state, prompt: "> ", continuationPrompt: "… ",
                                            placeholder: StyledText("Type…", style: .placeholder),
                                            suggestion: step % 5 == 0 ? StyledText("suggested", style: .placeholder) : nil)
            let cached = layout.frame(for: presentation, width: width, height: 1_000)
            var fresh = Layout()
            let expected = fresh.frame(for: presentation, width: width, height: 1_000)
            guard cached == expected else {
                Issue.record("step \(step): \((0..<cached.rows.count).map(cached.text(ofRow:))) vs \((0..<expected.rows.count).map(expected.text(ofRow:)))")
                return
            }
        }
    }
}
