import Testing
@testable import GhostlineCore

/// Megabyte inputs must come through intact; the decoder accumulates bytes and decodes them once.
@Suite struct KeyDecoderLargeInputTests {
    private static let mebibyte = 1 << 20

    /// About a mebibyte of mixed ASCII, multi-byte characters and line feeds (no CR, no ESC).
    private static let pastedText: String = {
        var text = ""
        var line = 0
        while text.utf8.count < mebibyte {
            text += "line \(line): naïve café — 日本語 🎉 tab\there\n"
            line += 1
        }
        return text
    }()

    private static func chunks(_ bytes: [UInt8], size: Int) -> [[UInt8]] {
        stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
    }

    @Test func mebibytePasteDecodesToExactlyTheInput() {
        let bytes = Array("\u{1B}[200~".utf8) + Array(Self.pastedText.utf8) + Array("\u{1B}[201~".utf8)
        // 4093 is prime, so the reads split characters and the end marker at varying points.
        let events = decode(Self.chunks(bytes, size: 4093))
        #expect(events == [.paste(Self.pastedText)])
    }

    @Test func mebibyteOfTypedTextDecodesToExactlyTheInput() {
        let typed = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: Self.mebibyte / 45 + 1)
        let events = mergingAdjacentText(decode(Self.chunks(Array(typed.utf8), size: 4093)))
        #expect(events == [.text(typed)])
    }
}
