import Testing
@testable import GhostlineCore
import GhostlineTestSupport

/// Layout caches wrapping and drawn rows per line; after any edit its frame must be exactly the
/// frame a layout with no cache makes.
@Suite struct LayoutCacheTests {
    /// Where wrapping may go on from, and new text be appended without joining a cluster: every
    /// offset the line's `Character`s start at, its ends, and no other.
    @Test(arguments: ["abc", "a\r\nb", "e\u{301}x", "中文", "👍🏽!", "\u{1F1EB}\u{1F1F7}a", "a\u{600}b", "ab\nc"])
    func characterBoundariesAreWhereTheLinesCharactersStart(text: String) {
        var starts: Set<Int> = [text.utf8.count]
        var index = text.startIndex
        while index < text.endIndex {
            starts.insert(text.utf8.distance(from: text.startIndex, to: index))
            index = text.index(after: index)
        }
        for offset in 0...text.utf8.count {
            #expect(WrappedLine.isCharacterBoundary(offset, in: text) == starts.contains(offset), "offset \(offset)")
        }
    }

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

    /// The same with style spans that an edit anywhere may change (quotes, keywords) and a mask
    /// that comes and goes: cached rows must never keep a stale style or a stale mask.
    @Test(arguments: [(80, 1), (10, 2), (7, 3), (3, 4), (33, 5)])
    func cachedFramesWithHighlightsAndMasksEqualFreshFrames(width: Int, seed: Int) {
        var edits = RandomEdits(seed: UInt64(seed))
        var random = SplitMix64(seed: UInt64(seed * 977))
        let pieces = ["\"", "let", " ", "var", "t", "\"中\""]
        var layout = Layout()
        var state = EditorState()
        var mask: TextMask?
        for step in 0..<600 {
            if random.next() % 2 == 0 {
                let piece = pieces[Int(random.next() % UInt64(pieces.count))]
                state.replace(state.cursor..<state.cursor, with: piece)
            } else {
                edits.apply(to: &state)
            }
            if random.next() % 40 == 0 { mask = [nil, .bullet, .nothing, TextMask("中")][Int(random.next() % 4)] }
            let text = state.text
            let presentation = Presentation(state: state, prompt: "> ", continuationPrompt: "… ",
                                            highlights: TextHighlights(QuoteAndLetHighlighter().spans(for: text), in: text),
                                            mask: mask)
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
