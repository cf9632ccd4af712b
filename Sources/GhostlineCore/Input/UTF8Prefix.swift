/// Tells whether the last bytes read can still grow into a valid UTF-8 sequence.
///
/// A terminal read can end in the middle of a multi-byte character. Those bytes must wait for the
/// next read instead of being decoded (and replaced by U+FFFD) too early. Bytes that can never become
/// valid are decoded at once: the standard library's decoder replaces them exactly as it would have
/// with more bytes following, so holding them back would change nothing.
enum UTF8Prefix {
    /// The number of bytes in the sequence that `lead` starts, or 0 when `lead` cannot start one
    /// (a continuation byte, or a lead byte that only starts overlong or out-of-range sequences).
    static func length(ofSequenceStartingWith lead: UInt8) -> Int {
        switch lead {
        case 0x00...0x7F: 1
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
    }

    /// Whether `byte` may follow at `position` (1 for the byte right after the lead) in a sequence
    /// started by `lead`. The second byte's range depends on the lead, which is how overlong forms,
    /// surrogates and code points above U+10FFFF are refused.
    static func isValidContinuation(_ byte: UInt8, at position: Int, after lead: UInt8) -> Bool {
        guard position == 1 else { return (0x80...0xBF).contains(byte) }
        switch lead {
        case 0xE0: return (0xA0...0xBF).contains(byte)
        case 0xED: return (0x80...0x9F).contains(byte)
        case 0xF0: return (0x90...0xBF).contains(byte)
        case 0xF4: return (0x80...0x8F).contains(byte)
        default: return (0x80...0xBF).contains(byte)
        }
    }

    /// The number of bytes at the end of `bytes` that form the valid beginning of an unfinished
    /// sequence; 0 when the bytes end on a character boundary or in bytes that are invalid anyway.
    static func incompleteSuffixLength(of bytes: [UInt8]) -> Int {
        let searchStart = max(bytes.startIndex, bytes.endIndex - 3)
        guard let leadIndex = bytes[searchStart...].lastIndex(where: { $0 & 0xC0 != 0x80 }) else { return 0 }
        let lead = bytes[leadIndex]
        let suffixLength = bytes.endIndex - leadIndex
        guard suffixLength < length(ofSequenceStartingWith: lead) else { return 0 }
        for position in 1..<suffixLength where !isValidContinuation(bytes[leadIndex + position], at: position, after: lead) {
            return 0
        }
        return suffixLength
    }
}
