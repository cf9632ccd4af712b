/// Lane masks of sixteen-byte vectors as plain integers: the standard library has no
/// instruction-level "move mask", so the lanes' top bits are gathered with a multiplication.
enum ByteMask {
    private static let topBits: UInt64 = 0x8080_8080_8080_8080
    /// Shifts the top bit of byte `i` to bit `56 + i`.
    private static let gather: UInt64 = 0x0002_0408_1020_4081

    /// Bit `i` set when lane `i` of `mask` is.
    @inline(__always)
    static func bits(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt32 {
        let halves = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        let low = ((halves[0] & topBits) &* gather) >> 56
        let high = ((halves[1] & topBits) &* gather) >> 56
        return UInt32(truncatingIfNeeded: low | high << 8)
    }

    /// Whether any lane of `mask` is set.
    @inline(__always)
    static func isAnySet(_ mask: SIMDMask<SIMD16<Int8>>) -> Bool {
        let halves = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        return halves[0] | halves[1] != 0
    }
}
