import Testing
@testable import GhostlineCore

@Suite struct TextHighlightsTests {
    private static let red = Style(foreground: .basic(1))
    private static let bold = Style(isBold: true)

    @Test func spansAreSplitAtLineBreaksAndCountedFromEachLine() {
        // "ab\ncde\nf": a span from "b" to "d" crosses the first break; "f" has one of its own.
        let highlights = TextHighlights([StyleSpan(1..<5, style: Self.red), StyleSpan(7..<8, style: Self.bold)],
                                        in: "ab\ncde\nf")
        #expect(highlights.spans(ofLine: 0) == [StyleSpan(1..<2, style: Self.red)])
        #expect(highlights.spans(ofLine: 1) == [StyleSpan(0..<2, style: Self.red)])
        #expect(highlights.spans(ofLine: 2) == [StyleSpan(0..<1, style: Self.bold)])
        #expect(highlights.spans(ofLine: 3) == [])
    }

    @Test func theLaterOfOverlappingSpansWinsAndTheEarlierGoesOnAfterIt() {
        let highlights = TextHighlights([StyleSpan(0..<10, style: Self.red), StyleSpan(3..<5, style: Self.bold)],
                                        in: "0123456789")
        #expect(highlights.spans(ofLine: 0) == [StyleSpan(0..<3, style: Self.red), StyleSpan(3..<5, style: Self.bold),
                                                 StyleSpan(5..<10, style: Self.red)])
        let earlierWins = TextHighlights([StyleSpan(3..<5, style: Self.bold), StyleSpan(0..<10, style: Self.red)],
                                         in: "0123456789")
        #expect(earlierWins.spans(ofLine: 0) == [StyleSpan(0..<10, style: Self.red)])
    }

    @Test func spansOutsideTheTextEmptyOrPlainAreDropped() {
        let highlights = TextHighlights([StyleSpan(2..<40, style: Self.red), StyleSpan(1..<1, style: Self.bold),
                                         StyleSpan(0..<1, style: .plain), StyleSpan((-5)..<(-1), style: Self.bold)], in: "abcd")
        #expect(highlights.spans(ofLine: 0) == [StyleSpan(2..<4, style: Self.red)])
        #expect(TextHighlights([], in: "abc") == .none)
    }

    @Test func touchingSpansOfOneStyleAreJoined() {
        let highlights = TextHighlights([StyleSpan(0..<2, style: Self.red), StyleSpan(2..<4, style: Self.red)], in: "abcd")
        #expect(highlights.spans(ofLine: 0) == [StyleSpan(0..<4, style: Self.red)])
    }

    @Test func aSpanCanBeGivenByStringIndices() {
        let text = "中 let"
        let range = text.firstRange(of: "let")!
        #expect(StyleSpan(range, in: text, style: Self.bold) == StyleSpan(4..<7, style: Self.bold))
    }

    @Test func textStylesAlikeOutsideAnAppendOnlyWhereNoListedLineDiffers() {
        // "a" red on the first line of "a\nb\nc"; the same text plain; the same red then "c" bold.
        let text = "a\nb\nc"
        let red = TextHighlights([StyleSpan(0..<1, style: Self.red)], in: text)
        let redAndBold = TextHighlights([StyleSpan(0..<1, style: Self.red), StyleSpan(4..<5, style: Self.bold)], in: text)
        let end = TextPosition(line: 2, offset: 1)
        #expect(TextHighlights.styleAlike(.none, .none, outside: TextPosition(line: 10_000, offset: 0), through: 10_000))
        #expect(TextHighlights.styleAlike(red, red, outside: end, through: 2))
        #expect(!TextHighlights.styleAlike(red, .none, outside: end, through: 2), "the first line lost its red")
        #expect(!TextHighlights.styleAlike(.none, red, outside: end, through: 2), "the first line became red")
        #expect(TextHighlights.styleAlike(red, redAndBold, outside: TextPosition(line: 2, offset: 0), through: 2),
                "only the appended line changed")
        #expect(!TextHighlights.styleAlike(redAndBold, red, outside: TextPosition(line: 1, offset: 1), through: 1),
                "a line after the append lost its bold")
    }

    @Test func theFirstDifferenceIsWhereAByteMayChangeStyle() {
        let word = StyleSpan(4..<7, style: Self.bold)
        #expect(TextHighlights.firstDifference(between: [word], and: [word]) == .max)
        #expect(TextHighlights.firstDifference(between: [word], and: [StyleSpan(4..<9, style: Self.bold)]) == 7,
                "a run grown at its end")
        #expect(TextHighlights.firstDifference(between: [word], and: [StyleSpan(4..<7, style: Self.red)]) == 4)
        #expect(TextHighlights.firstDifference(between: [word], and: []) == 4)
        #expect(TextHighlights.firstDifference(between: [], and: [StyleSpan(1..<2, style: Self.red), word]) == 1)
        #expect(TextHighlights.firstDifference(between: [StyleSpan(0..<1, style: Self.red), word],
                                               and: [StyleSpan(0..<1, style: Self.red), StyleSpan(2..<3, style: Self.red)]) == 2)
    }
}
