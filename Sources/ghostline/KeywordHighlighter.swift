import Ghostline

/// The demo highlighter of `--keywords`: the given words, where they stand as whole words,
/// drawn bold and blue (SGR 1 and 34).
///
/// It keeps the last text it read, so that text that only grew at its end — typing, the commonest
/// change — is read again from the start of its last word only, and it looks at a word only when
/// it is as long as some keyword: appending to a line of thousands of characters costs a copy of
/// its bytes, not a scan of its words.
struct KeywordHighlighter: Highlighter {
    /// How a keyword is drawn.
    static let style = Style(foreground: .basic(4), isBold: true)

    /// The keywords' UTF-8 bytes, at the index of their length.
    private let keywordsByLength: [[[UInt8]]]
    /// Whether each ASCII byte continues a word: a letter, a digit or an underscore.
    private let asciiContinuesWord: [Bool] = (0..<128).map { byte in
        let letter = UInt8(byte) | 0x20
        return (letter >= 0x61 && letter <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
    }

    /// The text last read and its spans. A copy of the bytes rather than the string: holding the
    /// editor's string would make its next edit copy the whole line.
    private final class Memo {
        var bytes: [UInt8] = []
        var spans: [StyleSpan] = []
    }

    private let memo = Memo()

    /// A highlighter of `keywords`, matched byte for byte as they are written.
    init(keywords: [String]) {
        let words = keywords.filter { !$0.isEmpty }.map { Array($0.utf8) }
        var byLength = Array(repeating: [[UInt8]](), count: (words.map(\.count).max() ?? 0) + 1)
        for word in words { byLength[word.count].append(word) }
        keywordsByLength = byLength
    }

    func spans(for text: String) -> [StyleSpan] {
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable(spans(in:)) ?? []
    }

    /// The keywords' spans in UTF-8 `bytes`, read from where they differ from the last text's.
    private func spans(in bytes: UnsafeBufferPointer<UInt8>) -> [StyleSpan] {
        var start = 0
        var spans: [StyleSpan] = []
        let old = memo.bytes
        if !old.isEmpty && old.count <= bytes.count && old.elementsEqual(bytes[..<old.count]) {
            // Back to a byte that ends no word, so that the reading goes on as it would have:
            // ASCII that is neither letter, digit nor underscore (any other byte may be a letter).
            start = old.count
            while start > 0 && (bytes[start - 1] >= 0x80 || asciiContinuesWord[Int(bytes[start - 1])]) { start -= 1 }
            spans = memo.spans.filter { $0.range.upperBound <= start }
        }
        spans.append(contentsOf: scan(bytes, from: start))
        memo.bytes = Array(bytes)
        memo.spans = spans
        return spans
    }

    /// The keywords' spans in `bytes` from `start`, which follows a byte that ends no word.
    private func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> [StyleSpan] {
        var spans: [StyleSpan] = []
        var position = start
        var wordStart = -1
        let longest = keywordsByLength.count - 1
        asciiContinuesWord.withUnsafeBufferPointer { ascii in
            while position < bytes.count {
                let byte = bytes[position]
                var continues: Bool
                var length = 1
                if byte < 0x80 {
                    continues = ascii[Int(byte)]
                } else {
                    (continues, length) = Self.continuesWord(bytes, at: position)
                }
                if continues {
                    if wordStart < 0 { wordStart = position }
                } else if wordStart >= 0 {
                    if position - wordStart <= longest { note(wordStart..<position, in: bytes, to: &spans) }
                    wordStart = -1
                }
                position += length
            }
        }
        if wordStart >= 0 && bytes.count - wordStart <= longest { note(wordStart..<bytes.count, in: bytes, to: &spans) }
        return spans
    }

    /// Adds a span for the word at `range`, no longer than the longest keyword, when it is one.
    private func note(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, to spans: inout [StyleSpan]) {
        for keyword in keywordsByLength[range.count] where keyword.withUnsafeBufferPointer({ word in
            var index = 0
            while index < word.count && word[index] == bytes[range.lowerBound + index] { index += 1 }
            return index == word.count
        }) {
            spans.append(StyleSpan(range, style: Self.style))
            return
        }
    }

    /// Whether the scalar starting at `offset`, not ASCII, continues a word — a letter, digit or
    /// combining mark, so that `if` in `ifé` is not a whole word — and how many bytes it takes.
    private static func continuesWord(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (Bool, Int) {
        var iterator = bytes[offset...].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return (false, 1) }
        let properties = scalar.properties
        return (properties.isAlphabetic || properties.numericType != nil || properties.isGraphemeExtend,
                UTF8.width(scalar))
    }
}
