/// Substring search over UTF-8 bytes, backwards, for incremental history search (Ctrl-R).
///
/// The search looks for the query's rarest byte, eight bytes at a time, and compares the whole
/// query only where that byte is: over history text that is a few hundred µs per 10 MB,
/// where comparing `Character`s cost about 20 ns a byte.
enum ByteSearch {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Where the last occurrence of `needle` (not empty) lying wholly in `bounds` starts.
    static func lastOccurrence(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>,
                               within bounds: Range<Int>) -> Int? {
        guard let base = haystack.baseAddress, let needleBase = needle.baseAddress,
              !needle.isEmpty, bounds.count >= needle.count else { return nil }
        let anchor = rarestOffset(in: needle)
        let anchorByte = needle[anchor]
        // The anchor of an occurrence starting at `start` is at `start + anchor`.
        var upper = bounds.upperBound - needle.count + anchor + 1
        let lower = bounds.lowerBound + anchor
        while let found = lastIndex(of: anchorByte, in: base, within: lower..<upper) {
            let start = found - anchor
            if memoryEqual(base + start, needleBase, needle.count) { return start }
            upper = found
        }
        return nil
    }

    /// The last index in `bounds` holding `byte`.
    @inline(__always)
    static func lastIndex(of byte: UInt8, in base: UnsafePointer<UInt8>, within bounds: Range<Int>) -> Int? {
        let pattern = UInt64(byte) &* ones
        var top = bounds.upperBound
        // Two words a step: one test decides whether sixteen bytes can be skipped.
        while top - bounds.lowerBound >= 16 {
            let high = UnsafeRawPointer(base + top - 8).loadUnaligned(as: UInt64.self) ^ pattern
            let low = UnsafeRawPointer(base + top - 16).loadUnaligned(as: UInt64.self) ^ pattern
            if ((high &- ones) & ~high | (low &- ones) & ~low) & highBits != 0 {
                for index in stride(from: top - 1, through: top - 16, by: -1) where base[index] == byte { return index }
            }
            top -= 16
        }
        while top > bounds.lowerBound {
            top -= 1
            if base[top] == byte { return top }
        }
        return nil
    }

    /// The offset of the byte in `needle` least likely to appear in a shell history, so that
    /// the scan stops as rarely as it can for a comparison that fails.
    static func rarestOffset(in needle: UnsafeBufferPointer<UInt8>) -> Int {
        var best = 0
        for offset in needle.indices where commonness(needle[offset]) < commonness(needle[best]) { best = offset }
        return best
    }

    /// A rough rank of how often `byte` appears in command lines: spaces and lower-case letters
    /// most, then punctuation and digits, upper case, and the first byte of a non-ASCII
    /// character least (its continuation bytes repeat across a script, so they rank high).
    private static func commonness(_ byte: UInt8) -> Int {
        switch byte {
        case 0x20: 100
        case UInt8(ascii: "e"), UInt8(ascii: "t"), UInt8(ascii: "s"), UInt8(ascii: "i"), UInt8(ascii: "o"),
             UInt8(ascii: "a"), UInt8(ascii: "n"), UInt8(ascii: "r"): 90
        case UInt8(ascii: "a")...UInt8(ascii: "z"): 70
        case UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: "."): 80
        case 0x80...0xBF: 75
        case 0x21...0x7E: 50
        case 0xC0...0xFF: 40
        default: 30
        }
    }

    @inline(__always)
    private static func memoryEqual(_ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        HistoryStorage.equal(UnsafeBufferPointer(start: left, count: count), UnsafeBufferPointer(start: right, count: count))
    }
}
