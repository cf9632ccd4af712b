/// How often each byte value appears in a sample of a history's text: which byte of a query
/// to scan for. Fixed tables guess wrong for histories full of digits or of one script.
struct ByteFrequencies: Sendable {
    private var counts = [UInt32](repeating: 0, count: 256)

    /// Counts the bytes of up to 256 runs of 256 bytes spread evenly over `bytes[range]`.
    init(sampling bytes: [UInt8], in range: Range<Int>) {
        let runLength = 256, runs = 256
        let step = max(runLength, range.count / runs)
        bytes.withUnsafeBufferPointer { bytes in
            counts.withUnsafeMutableBufferPointer { counts in
                var start = range.lowerBound
                while start < range.upperBound {
                    for byte in bytes[start..<min(start + runLength, range.upperBound)] { counts[Int(byte)] += 1 }
                    start += step
                }
            }
        }
    }

    /// How many times `byte` was seen.
    subscript(byte: UInt8) -> UInt32 { counts[Int(byte)] }
}
