/// A run of text drawn in one style, as a ``Highlighter`` marks it.
public struct StyleSpan: Hashable, Sendable {
    /// Where the run lies: UTF-8 offsets in the text the highlighter was given.
    public var range: Range<Int>
    /// How the run is drawn.
    public var style: Style

    /// Creates a span over the UTF-8 offsets `range`.
    public init(_ range: Range<Int>, style: Style) {
        self.range = range
        self.style = style
    }

    /// Creates a span over `range`, indices of `text`.
    public init(_ range: Range<String.Index>, in text: String, style: Style) {
        let utf8 = text.utf8
        let start = utf8.distance(from: utf8.startIndex, to: range.lowerBound)
        self.init(start..<(start + utf8.distance(from: range.lowerBound, to: range.upperBound)), style: style)
    }
}
