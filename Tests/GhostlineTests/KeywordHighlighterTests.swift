import Testing
import Ghostline
import GhostlineTestSupport
@testable import ghostline

/// The demo highlighter of `--keywords`: whole words only, and the same spans whether it reads
/// a text afresh or goes on from the last one.
@Suite struct KeywordHighlighterTests {
    private static func words(_ text: String, _ keywords: [String] = ["if", "let", "für"]) -> [String] {
        KeywordHighlighter(keywords: keywords).spans(for: text).map { span in
            String(decoding: Array(text.utf8)[span.range], as: UTF8.self)
        }
    }

    @Test func onlyWholeWordsAreKeywords() {
        #expect(Self.words("if x let y") == ["if", "let"])
        #expect(Self.words("iffy lets _if if_ if2 éif ifé") == [], "letters, digits, _ and accents continue a word")
        #expect(Self.words("(if)-let,für;") == ["if", "let", "für"])
        #expect(Self.words("if\u{301} if") == ["if"], "a combining mark continues the word")
        #expect(Self.words("中if 中 if") == ["if"], "a CJK character is a letter")
    }

    @Test func spansAreUTF8Offsets() {
        let spans = KeywordHighlighter(keywords: ["let"]).spans(for: "中 let")
        #expect(spans == [StyleSpan(4..<7, style: KeywordHighlighter.style)])
    }

    /// Random typing at the end, deletions and other edits, read by one highlighter that keeps
    /// what it read and by a fresh one each time: the spans must agree.
    @Test func goingOnFromTheLastTextGivesTheSpansOfAFreshReading() {
        var random = SplitMix64(seed: 77)
        let pieces = ["if", " ", "let", "x", "é", "\u{301}", "中", "_", "f", "(", "für"]
        let keywords = ["if", "let", "für", "x"]
        let kept = KeywordHighlighter(keywords: keywords)
        var text = ""
        for step in 0..<3_000 {
            switch random.next() % 10 {
            case 0: if !text.isEmpty { text.removeLast() }
            case 1: if !text.isEmpty { text.removeFirst() }
            default: text += pieces[Int(random.next() % UInt64(pieces.count))]
            }
            if text.utf8.count > 80 { text = "" }
            let fresh = KeywordHighlighter(keywords: keywords).spans(for: text)
            guard kept.spans(for: text) == fresh else {
                Issue.record("step \(step): \(text)")
                return
            }
        }
    }
}
