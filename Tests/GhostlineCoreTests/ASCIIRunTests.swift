import GhostlineTestSupport
import Testing
@testable import GhostlineCore

/// The run of printable ASCII bytes that layout and wrapping step over at once, read eight bytes
/// at a time, against the byte-by-byte rule it stands for.
@Suite struct ASCIIRunTests {
    /// Where the run from `start` ends, a byte at a time: printable ASCII before `limit`, less a
    /// last byte that a byte from 0x80 on follows.
    private static func expectedEnd(in bytes: [UInt8], from start: Int, before limit: Int) -> Int {
        var end = start
        while end < limit && (0x20...0x7E).contains(bytes[end]) { end += 1 }
        if end > start && end < bytes.count && bytes[end] >= 0x80 { end -= 1 }
        return end
    }

    /// Bytes at and around each edge of the printable range, and multi-byte UTF-8, at every place
    /// in runs longer and shorter than a word.
    @Test func endsWhereTheBytesSayWhateverTheirPlaceInAWord() {
        let edges: [UInt8] = [0x00, 0x01, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x41, 0x7E, 0x7F, 0x80, 0xBF, 0xC3, 0xE4, 0xFE, 0xFF]
        var generator = SplitMix64(seed: 26)
        for _ in 0..<20_000 {
            let count = Int(generator.next() % 40)
            var bytes = (0..<count).map { _ in UInt8(0x20 + generator.next() % 0x5F) }
            for _ in 0..<Int(generator.next() % 3) where count > 0 {
                bytes[Int(generator.next() % UInt64(count))] = edges[Int(generator.next() % UInt64(edges.count))]
            }
            let start = count == 0 ? 0 : Int(generator.next() % UInt64(count + 1))
            let limit = start + Int(generator.next() % UInt64(count - start + 1))
            let end = bytes.withUnsafeBufferPointer { WrappedLine.endOfASCIIRun(in: $0, from: start, before: limit) }
            #expect(end == Self.expectedEnd(in: bytes, from: start, before: limit), "\(bytes) from \(start) before \(limit)")
        }
    }
}
