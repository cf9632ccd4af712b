import GhostlineCore

/// Highlighters for tests, each small enough to check by eye.

/// Quoted text: a closed string green; a quote left open red, to the end of the text. Closing a
/// quote recolours what came before it.
struct QuoteHighlighter: Highlighter {
    static let closed = Style(foreground: .basic(2))
    static let open = Style(foreground: .basic(1))

    func spans(for text: String) -> [StyleSpan] {
        var spans: [StyleSpan] = []
        var start: Int?
        for (offset, byte) in text.utf8.enumerated() where byte == UInt8(ascii: "\"") {
            if let opened = start {
                spans.append(StyleSpan(opened..<(offset + 1), style: Self.closed))
                start = nil
            } else {
                start = offset
            }
        }
        if let start { spans.append(StyleSpan(start..<text.utf8.count, style: Self.open)) }
        return spans
    }
}

/// The words `let` and `var` bold and blue where they stand alone between ASCII letters.
struct LetHighlighter: Highlighter {
    static let style = Style(foreground: .basic(4), isBold: true)

    func spans(for text: String) -> [StyleSpan] {
        let bytes = Array(text.utf8)
        var spans: [StyleSpan] = []
        func isLetter(_ index: Int) -> Bool {
            index >= 0 && index < bytes.count && (bytes[index] | 0x20) >= 0x61 && (bytes[index] | 0x20) <= 0x7A
        }
        for word in ["let", "var"] {
            let pattern = Array(word.utf8)
            var index = 0
            while index + pattern.count <= bytes.count {
                if Array(bytes[index..<(index + pattern.count)]) == pattern && !isLetter(index - 1)
                    && !isLetter(index + pattern.count) {
                    spans.append(StyleSpan(index..<(index + pattern.count), style: Self.style))
                }
                index += 1
            }
        }
        return spans
    }
}

/// Both, keywords over quotes where they overlap.
struct QuoteAndLetHighlighter: Highlighter {
    func spans(for text: String) -> [StyleSpan] {
        QuoteHighlighter().spans(for: text) + LetHighlighter().spans(for: text)
    }
}

/// Counts how often it is asked, for the memo's tests.
final class CountingHighlighter: Highlighter {
    private(set) var calls = 0

    func spans(for text: String) -> [StyleSpan] {
        calls += 1
        return LetHighlighter().spans(for: text)
    }
}
