/// What an app's message printed above the prompt becomes on a terminal: its text and its own
/// complete escape sequences, never a lone control byte that would move the cursor or the
/// screen under the editor.
///
/// The rule, byte by byte of the UTF-8:
/// - printable characters and tabs are kept;
/// - `LF` and `CR LF` are line breaks, written `CR LF` (raw mode does not turn `LF` into it);
/// - a complete CSI sequence (`ESC [`, parameter bytes, intermediate bytes, a final byte: SGR
///   colours such as `ESC[31m`, erase-in-line) and a complete OSC sequence (`ESC ]` … ended by
///   `BEL` or `ESC \`: a title, a hyperlink) are kept whole;
/// - everything else that controls the terminal is dropped: a lone `CR` (it would overwrite the
///   row), `BS`, `BEL`, `VT`, `FF`, the other C0 controls, `DEL`, the C1 controls (U+0080–U+009F,
///   which some terminals obey as `CSI` and friends), an `ESC` that does not start a complete
///   sequence (the bytes after it stay as text).
///
/// Every message ends on a fresh row: one without a trailing line break gets one, so it shows at
/// once and the prompt below it starts at a row's start; the next message starts its own row. A
/// message whose sequences were kept ends with `ESC[0m` before its last line break, so its
/// colours never leak into the prompt.
package enum PrintedText {
    private static let escape: UInt8 = 0x1B
    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D

    /// The bytes that show `text` on the rows at the cursor, which must be at a row's start, and
    /// leave the cursor at the start of the row below; empty for empty text.
    package static func terminalBytes(of text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return [] }
        // The line break that ends the message is written after the style is reset.
        if bytes.last == lineFeed {
            bytes.removeLast()
            if bytes.last == carriageReturn { bytes.removeLast() }
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 8)
        var keptSequence = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case escape:
                if let end = endOfSequence(in: bytes, at: index) {
                    output.append(contentsOf: bytes[index..<end])
                    keptSequence = true
                    index = end
                } else {
                    index += 1
                }
            case lineFeed:
                output.append(contentsOf: [carriageReturn, lineFeed])
                index += 1
            case carriageReturn:
                // Kept only as the first half of CR LF, which the line feed writes.
                index += 1
            case 0x09, 0x20..<0x7F:
                output.append(byte)
                index += 1
            case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
                index += 2
            case 0x80...:
                output.append(byte)
                index += 1
            default:
                index += 1
            }
        }
        if keptSequence { output.append(contentsOf: [escape, 0x5B, 0x30, 0x6D]) }
        output.append(contentsOf: [carriageReturn, lineFeed])
        return output
    }

    /// Where the complete CSI or OSC sequence starting with the `ESC` at `start` ends (the index
    /// after its last byte); nil when the bytes there are not one.
    private static func endOfSequence(in bytes: [UInt8], at start: Int) -> Int? {
        guard start + 1 < bytes.count else { return nil }
        var index = start + 2
        switch bytes[start + 1] {
        case 0x5B:
            while index < bytes.count, (0x30...0x3F).contains(bytes[index]) { index += 1 }
            while index < bytes.count, (0x20...0x2F).contains(bytes[index]) { index += 1 }
            guard index < bytes.count, (0x40...0x7E).contains(bytes[index]) else { return nil }
            return index + 1
        case 0x5D:
            while index < bytes.count {
                switch bytes[index] {
                case 0x07:
                    return index + 1
                case escape:
                    return index + 1 < bytes.count && bytes[index + 1] == 0x5C ? index + 2 : nil
                case 0x00..<0x20, 0x7F:
                    return nil
                default:
                    index += 1
                }
            }
            return nil
        default:
            return nil
        }
    }
}
