// Numbers in the terminal's escape sequences, written as ASCII digits straight into bytes:
// string interpolation would bring the standard library's formatting code into the pages a
// session touches.

extension Array where Element == UInt8 {
    /// Appends `number`, which is not negative, in decimal: the digits before the last, then
    /// the last. Divided by the constant 10, which compiles to a multiplication, rather than by a
    /// power of ten found first, a division the processor does in full at each digit.
    mutating func appendDecimal(_ number: Int) {
        if number >= 10 { appendDecimal(number / 10) }
        append(0x30 + UInt8(number % 10))
    }
}
