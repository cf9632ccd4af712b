/// Whether a byte offset in UTF-8 text falls between two `Character`s (grapheme clusters), as
/// `String` would decide, for matches found byte by byte.
enum GraphemeBoundary {
    /// True when `offset` (0...`text.count`) of the valid UTF-8 `text` is a `Character` boundary.
    static func isBoundary(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        guard offset > 0, offset < text.count else { return true }
        let before = text[offset - 1], after = text[offset]
        // Between two ASCII bytes there is a boundary, except inside CR LF: no cluster rule joins
        // ASCII to ASCII otherwise (a prepended mark or an extending one is never ASCII).
        if before < 0x80 && after < 0x80 { return before != 0x0D || after != 0x0A }
        // Inside a scalar is never a boundary; past that only `String` knows the rules.
        if after & 0xC0 == 0x80 { return false }
        let string = String(decoding: text, as: UTF8.self)
        return string.utf8.index(string.utf8.startIndex, offsetBy: offset).samePosition(in: string) != nil
    }
}
