import Ghostline

/// The demo highlighter of `--keywords`: the given words, where they stand as whole words,
/// drawn bold and blue (SGR 1 and 34).
struct KeywordHighlighter: Highlighter {
    /// How a keyword is drawn.
    static let style = Style(foreground: .basic(4), isBold: true)

    private let keywords: Set<Substring>
    /// The UTF-8 length of the longest keyword: a longer word is none of them.
    private let longestByteCount: Int

    /// A highlighter of `keywords`.
    init(keywords: [String]) {
        self.keywords = Set(keywords.map { Substring($0) })
        longestByteCount = keywords.map(\.utf8.count).max() ?? 0
    }

    func spans(for text: String) -> [StyleSpan] {
        var spans: [StyleSpan] = []
        var wordStart: String.Index?
        var index = text.startIndex
        // By scalars: a letter, digit, underscore or combining mark continues a word, so `if`
        // in `ifé` or `if_x` is not a whole word.
        for scalar in text.unicodeScalars {
            let next = text.unicodeScalars.index(after: index)
            if Self.continuesWord(scalar) {
                if wordStart == nil { wordStart = index }
            } else if let start = wordStart {
                note(start..<index, in: text, to: &spans)
                wordStart = nil
            }
            index = next
        }
        if let start = wordStart { note(start..<text.endIndex, in: text, to: &spans) }
        return spans
    }

    /// Adds a span for the word at `range` when it is a keyword.
    private func note(_ range: Range<String.Index>, in text: String, to spans: inout [StyleSpan]) {
        let byteCount = text.utf8.distance(from: range.lowerBound, to: range.upperBound)
        guard byteCount <= longestByteCount, keywords.contains(text[range]) else { return }
        spans.append(StyleSpan(range, in: text, style: Self.style))
    }

    private static func continuesWord(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
                || value == 0x5F
        }
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil || properties.isGraphemeExtend
    }
}
