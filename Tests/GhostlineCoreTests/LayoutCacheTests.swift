import Testing
@testable import GhostlineCore

/// Layout caches wrapping and drawn rows per line; after any edit its frame must be exactly the
/// frame a layout with no cache makes.
@Suite struct LayoutCacheTests {
    @Test(arguments: [(80, 1), (10, 2), (7, 3), (3, 4), (33, 5)])
    func cachedFramesEqualFreshFrames(width: Int, seed: Int) {
        var edits = RandomEdits(seed: UInt64(seed))
        var layout = Layout()
        var state = EditorState()
        for step in 0..<400 {
            edits.apply(to: &state)
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
