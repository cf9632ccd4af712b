/// OSC 52, which asks the terminal to put text on the system clipboard: `ESC ] 52 ; c ;`, the
/// text in base64, then ST. Terminals cap what they take (xterm, tmux and kitty at tens of
/// kilobytes to a megabyte), so a text longer than ``longestText`` is not sent at all rather
/// than cut where the terminal would cut it.
package enum ClipboardCopy {
    /// The longest text sent, in UTF-8 bytes; its base64 is a third longer.
    package static let longestText = 65_536

    /// The bytes that put `text` on the clipboard; empty when it is empty or too long.
    package static func bytes(copying text: String) -> [UInt8] {
        let utf8 = Array(text.utf8)
        guard !utf8.isEmpty, utf8.count <= longestText else { return [] }
        return Array("\u{1B}]52;c;".utf8) + base64(utf8) + Array("\u{1B}\\".utf8)
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in base64 (RFC 4648), padded with `=`.
    package static func base64(_ bytes: [UInt8]) -> [UInt8] {
        var encoded: [UInt8] = []
        encoded.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = UInt32(bytes[index]) << 16
            if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { group |= UInt32(bytes[index + 2]) }
            for position in 0..<4 {
                let sextet = Int((group >> UInt32(18 - 6 * position)) & 0x3F)
                encoded.append(position <= count ? alphabet[sextet] : UInt8(ascii: "="))
            }
            index += 3
        }
        return encoded
    }
}
