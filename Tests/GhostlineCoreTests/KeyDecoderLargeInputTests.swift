import Testing
import GhostlineTestSupport
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

@Suite struct BracketedPasteTests {
    @Test func carriageReturnsBecomeLineFeedsAndInvalidBytesReplacementCharacters() {
        func pasted(_ bytes: [UInt8]) -> String {
            var paste = BracketedPaste()
            bytes.withUnsafeBufferPointer { paste.append($0) }
            return paste.text()
        }
        #expect(pasted(Array("one\r\ntwo\rthree\n".utf8)) == "one\ntwo\nthree\n")
        #expect(pasted(Array("no breaks at all, just a long line".utf8)) == "no breaks at all, just a long line")
        #expect(pasted([0x61, 0xFF, 0x0D, 0x62]) == "a\u{FFFD}\nb")
        #expect(pasted([0x0D, 0x0D, 0x0A]) == "\n\n")
        #expect(pasted([]) == "")
    }

    /// However the reads cut the bytes (inside a character, between CR and LF), the text is the
    /// one made from all the bytes at once, and that is what `String` makes of them.
    @Test func theTextIsTheSameWhereverTheReadsCutTheBytes() {
        let samples: [[UInt8]] = [
            Array("naïve café — 日本語 🎉\r\nnext\rline\n".utf8),
            [0x61, 0xE2, 0x82, 0x41, 0xF0, 0x9F, 0x8E, 0x0D, 0x0A, 0xC3],
            [0xF0, 0x9F, 0x8E, 0x89, 0xE2, 0x82, 0xAC, 0xC3, 0xA9, 0x0D],
        ]
        for bytes in samples {
            let expected = String(decoding: bytes, as: UTF8.self)
                .replacingCarriageReturns()
            for cut in 0...bytes.count {
                for secondCut in cut...bytes.count {
                    var paste = BracketedPaste()
                    for part in [bytes[..<cut], bytes[cut..<secondCut], bytes[secondCut...]] {
                        Array(part).withUnsafeBufferPointer { paste.append($0) }
                    }
                    #expect(paste.text() == expected, "cut at \(cut) and \(secondCut) of \(bytes)")
                }
            }
        }
    }
}

private extension String {
    /// `\r\n` and lone `\r` as `\n`, worked out on the characters: the reference the byte-wise
    /// conversion is held to.
    func replacingCarriageReturns() -> String {
        var result = ""
        var scalars = unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            if scalar == "\r" {
                result.unicodeScalars.append("\n")
                if pending == "\n" { pending = scalars.next() }
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
