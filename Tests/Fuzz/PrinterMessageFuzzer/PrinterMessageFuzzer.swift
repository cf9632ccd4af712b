import FuzzDriver
import GhostlineCore
import GhostlineTesting

// Any bytes as a printer's message → `PrintedText.terminalBytes(ofUTF8:)` → checked by a scanner
// of its own that knows only what the rule lets through (see Docs/Fuzzing.md), and by a virtual
// screen that the bytes must leave as they found it but for the message's rows.

/// The program's entry; see EditorFuzzer.swift for why it is one of its own.
@_cdecl("ghostline_fuzz_printer_message_main")
func fuzzPrinterMessageMain(_ argumentCount: CInt, _ arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argumentCount: argumentCount, arguments: arguments) { testOneInput($0, $1) }
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = Array(inputBytes(data, size))
    let output = PrintedText.terminalBytes(ofUTF8: input)
    guard !input.isEmpty else {
        check(output.isEmpty, "an empty message wrote \(output)")
        return 0
    }
    let kinds = allowedPieces(of: output)
    check(output.suffix(2) == [0x0D, 0x0A], "the message does not end its row: \(readable(output))")
    if let lastStyle = kinds.lastIndex(of: .style) {
        check(kinds[lastStyle...].allSatisfy { $0 != .text }, "text after the message's last SGR: \(readable(output))")
        check(output.dropLast(2).suffix(4).elementsEqual("\u{1B}[0m".utf8), "the style is not reset at the end: \(readable(output))")
    }
    if kinds.contains(.link) {
        let closing = Array("\u{1B}]8;;\u{1B}\\".utf8)
        check(output.count >= closing.count + 2, "no room for the link's end")
        let tail = output.dropLast(2)
        let withoutReset = tail.suffix(4).elementsEqual("\u{1B}[0m".utf8) ? tail.dropLast(4) : tail
        check(withoutReset.suffix(closing.count).elementsEqual(closing), "the link is not ended: \(readable(output))")
    }
    if !input.contains(where: { $0 < 0x20 || $0 >= 0x7F }) {
        let expected = Array(input.split(separator: 0x0A, omittingEmptySubsequences: false)
            .dropLast(input.last == 0x0A ? 1 : 0).joined(separator: [0x0D, 0x0A])) + [0x0D, 0x0A]
        check(output == expected, "printable text changed: \(readable(output))")
    }

    var screen = VirtualScreen(columns: 80, rows: 24)
    screen.feed("above\r\n\u{1B}[?2004h")
    screen.feed(output)
    check(screen.line(0) == "above" || screen.scrolledOffLines.first == "above", "the row above was overwritten")
    check(screen.cursorColumn == 0, "the cursor is not at a row's start")
    check(screen.currentAttributes == .plain, "the style leaked: \(screen.currentAttributes)")
    check(screen.bracketedPasteEnabled && screen.isCursorVisible && screen.isAutowrapEnabled, "a mode changed")
    check(screen.queries.isEmpty && screen.pendingReplies.isEmpty, "the terminal was asked: \(screen.queries)")
    // The screen models the common SGR parameters only; an SGR it does not know (`ESC[37;5;208m`)
    // a terminal ignores too.
    check(screen.unsupportedSequences.allSatisfy(isGraphicRendition), "unsupported: \(screen.unsupportedSequences)")
    check(screen.ignoredSequences.allSatisfy { $0.hasPrefix("ESC]8;") }, "ignored: \(screen.ignoredSequences)")
    check(screen.rawControlBytesSeen.isEmpty, "raw controls: \(screen.rawControlBytesSeen)")
    return 0
}

/// Whether a sequence as the screen describes it is an SGR: `ESC[`, digits, `;` and `:`, `m`.
func isGraphicRendition(_ description: String) -> Bool {
    guard description.hasPrefix("ESC["), description.hasSuffix("m") else { return false }
    return description.dropFirst(4).dropLast().allSatisfy { "0123456789;:".contains($0) }
}

/// What the scanner found, in order.
enum Piece: Equatable {
    case text
    case lineBreak
    case style
    case link
}

/// Splits the output into the only pieces allowed, stopping the run at anything else: valid
/// UTF-8; no C0 control but a tab, `CR LF`, and the `ESC` (and `BEL`) of an SGR or an OSC 8
/// with printable ASCII parameters and URL; no `DEL`; no C1 control.
func allowedPieces(of output: [UInt8]) -> [Piece] {
    check(String(validating: output, as: UTF8.self) != nil, "not UTF-8: \(readable(output))")
    var pieces: [Piece] = []
    var rest = output[...]
    while let byte = rest.first {
        if rest.starts(with: [0x0D, 0x0A]) {
            pieces.append(.lineBreak)
            rest = rest.dropFirst(2)
        } else if rest.starts(with: [0x1B, 0x5B]) {
            let body = rest.dropFirst(2).prefix { "0123456789:;".utf8.contains($0) }
            check(rest.dropFirst(2 + body.count).first == UInt8(ascii: "m"), "a CSI that is not SGR: \(readable(Array(rest.prefix(40))))")
            pieces.append(.style)
            rest = rest.dropFirst(3 + body.count)
        } else if rest.starts(with: [0x1B, 0x5D, 0x38, 0x3B]) {
            let body = rest.dropFirst(4).prefix { (0x20..<0x7F).contains($0) }
            check(body.filter { $0 == UInt8(ascii: ";") }.count >= 1, "an OSC 8 without its URL: \(readable(Array(rest.prefix(40))))")
            let after = rest.dropFirst(4 + body.count)
            if after.first == 0x07 {
                rest = after.dropFirst()
            } else {
                check(after.starts(with: [0x1B, 0x5C]), "an OSC 8 not ended by BEL or ST: \(readable(Array(rest.prefix(40))))")
                rest = after.dropFirst(2)
            }
            pieces.append(.link)
        } else {
            check(byte == 0x09 || (0x20..<0x7F).contains(byte) || byte >= 0x80, "a control byte \(byte) written: \(readable(output))")
            check(!(byte == 0xC2 && (0x80...0x9F).contains(rest.dropFirst().first ?? 0)), "a C1 control written: \(readable(output))")
            pieces.append(.text)
            rest = rest.dropFirst()
        }
    }
    return pieces
}

/// The bytes as text, controls spelled out, for a failure's message.
func readable(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self).unicodeScalars.map { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? "\\x\(String($0.value, radix: 16))" : String($0) }.joined()
}
