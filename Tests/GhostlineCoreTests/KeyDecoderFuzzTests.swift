import Testing
@testable import GhostlineCore
import GhostlineTestSupport

@Suite struct KeyDecoderFuzzTests {
    /// Bytes that drive the decoder into its states, mixed with arbitrary bytes.
    private static let interestingBytes: [UInt8] = Array("\u{1B}\u{1B}\u{1B}[[O]P_~;:<?$^@0123456789AMuaZ\\\u{07}\r\n\t\u{7F}\u{08}\u{00}x".utf8)
        + [0x80, 0xBF, 0xC2, 0xE2, 0xED, 0xF0, 0xF4, 0xFF]

    private static func randomInput(using generator: inout SplitMix64) -> [UInt8] {
        let length = Int.random(in: 0...48, using: &generator)
        var bytes: [UInt8] = []
        for _ in 0..<length {
            if Bool.random(using: &generator) {
                bytes.append(interestingBytes.randomElement(using: &generator) ?? 0)
            } else {
                bytes.append(UInt8.random(in: 0...255, using: &generator))
            }
        }
        if Int.random(in: 0..<8, using: &generator) == 0 {
            bytes = Array("\u{1B}[200~".utf8) + bytes
        }
        return bytes
    }

    private static func randomPieces(of bytes: [UInt8], using generator: inout SplitMix64) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + Int.random(in: 1...6, using: &generator))
            pieces.append(Array(bytes[start..<end]))
            start = end
        }
        return pieces
    }

    @Test func randomBytesNeverYieldControlsAsTextAndDecodeTheSameInAnyChunking() {
        var generator = SplitMix64(seed: 0x6768_6F73_746C_696E)
        for _ in 0..<4000 {
            let input = Self.randomInput(using: &generator)
            let whole = mergingAdjacentText(decode([input]))
            for event in whole {
                if case .text(let text) = event {
                    #expect(!text.isEmpty, "input \(input)")
                    #expect(text.unicodeScalars.allSatisfy(KeyTable.isPrintable), "input \(input)")
                }
            }
            let chunked = mergingAdjacentText(decode(Self.randomPieces(of: input, using: &generator)))
            #expect(chunked == whole, "input \(input)")
        }
    }

    @Test func flushLeavesNothingPendingOutsideAPaste() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<2000 {
            var decoder = KeyDecoder()
            _ = decoder.feed(Self.randomInput(using: &generator))
            _ = decoder.flush()
            #expect(!decoder.isPending)
        }
    }

    @Test func everyTruncationOfTheGoldensDecodes() {
        for golden in KeyDecoderGoldens.all {
            for length in 0..<golden.bytes.count {
                let events = decode([Array(golden.bytes[..<length])])
                for case .text(let text) in events {
                    #expect(text.unicodeScalars.allSatisfy(KeyTable.isPrintable), "\(golden) cut at \(length)")
                }
            }
        }
    }
}
