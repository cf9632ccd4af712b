/// What an app's message printed above the prompt becomes on a terminal: its text under the rule
/// of ``AppText`` (text, colours and hyperlinks; every other control shown in caret notation),
/// on rows of its own.
///
/// Every message ends on a fresh row: one without a trailing line break gets one, so it shows at
/// once and the prompt below it starts at a row's start; the next message starts its own row. A
/// message that kept a hyperlink ends it (`ESC]8;;ESC\`) and one that kept an SGR ends with
/// `ESC[0m`, before its last line break, so that neither its link nor its colours reach the
/// prompt.
package enum PrintedText {
    /// The bytes that show `text` on the rows at the cursor, which must be at a row's start, and
    /// leave the cursor at the start of the row below; empty for empty text.
    package static func terminalBytes(of text: String) -> [UInt8] {
        guard !text.isEmpty else { return [] }
        var body = Substring(text)
        // The line break that ends the message is written after the link and style are ended;
        // dropping the last character drops `CR LF` whole.
        if body.utf8.last == 0x0A { body.removeLast() }
        var output: [UInt8] = []
        let kept = AppText.appendTerminalBytes(of: body, to: &output)
        if kept.contains(.hyperlink) { output.append(contentsOf: Array("\u{1B}]8;;\u{1B}\\".utf8)) }
        if kept.contains(.graphicRendition) { output.append(contentsOf: Array("\u{1B}[0m".utf8)) }
        output.append(contentsOf: [0x0D, 0x0A])
        return output
    }

    /// The bytes that show a message given as bytes: those that are not UTF-8 (a lone 8-bit
    /// `CSI`, 0x9B) are U+FFFD, then as ``terminalBytes(of:)``.
    package static func terminalBytes<Bytes: Collection>(ofUTF8 bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        terminalBytes(of: String(decoding: bytes, as: UTF8.self))
    }
}
