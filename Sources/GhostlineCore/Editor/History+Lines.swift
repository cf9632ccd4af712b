extension History {
    /// Creates a history from the bytes of a history file: one entry per line, a line break in
    /// an entry written as a backslash and `n`, a backslash as two (see `HistoryFile`). Blank
    /// lines and a repeat of the line before are skipped; invalid UTF-8 becomes U+FFFD; the
    /// newest `capacity` entries are kept. The ``options`` apply to entries added later.
    ///
    /// The entries are unescaped in place in `lines`' own buffer, which the history then keeps:
    /// a file of a million entries costs its bytes and about 12 bytes an entry, not a copy.
    public init(lines: consuming [UInt8], capacity: Int = History.defaultCapacity, options: Options = []) {
        var bytes = lines
        var ends: [Int] = []
        var longest = 0
        // A line whose unescaped form would overtake the unread bytes (only invalid UTF-8
        // grows) ends the work in place; the rest is read into a new buffer.
        let stop = bytes.withUnsafeMutableBufferPointer { buffer in
            Self.unescapeInPlace(buffer, ends: &ends, longest: &longest)
        }
        var written = ends.last ?? 0
        if stop.read < bytes.count {
            var rest = Array(bytes[0..<written])
            Self.unescapeCopying(bytes[stop.read...], previous: stop.previous, into: &rest, ends: &ends, longest: &longest)
            bytes = rest
            written = bytes.count
        }
        bytes.removeSubrange(written...)
        self.init(storage: HistoryStorage(bytes: bytes, ends: ends), capacity: capacity, options: options,
                  longestEntryByteCount: longest)
    }

    /// Unescapes lines from the start of `buffer` to its start, recording where each kept entry
    /// ends. Returns where it stopped reading (the buffer's end unless a line would not fit)
    /// and the range of the last entry kept.
    private static func unescapeInPlace(_ buffer: UnsafeMutableBufferPointer<UInt8>, ends: inout [Int],
                                        longest: inout Int) -> (read: Int, previous: Range<Int>?) {
        guard let base = buffer.baseAddress else { return (0, nil) }
        var read = 0, written = 0
        var previous: Range<Int>?
        while read < buffer.count {
            let line = LineScan.next(in: UnsafeBufferPointer(buffer), from: read)
            let lineBytes = UnsafeBufferPointer(start: base + read, count: line.end - read)
            var entry: Range<Int>
            if !line.hasEscape && !line.hasNonASCII || (!line.hasEscape && UTF8Validation.isValid(lineBytes)) {
                if written != read { (base + written).update(from: base + read, count: lineBytes.count) }
                entry = written..<(written + lineBytes.count)
            } else {
                let decoded = decode(lineBytes)
                // Written bytes must not pass the next line's start before it is read.
                guard written + decoded.count <= min(line.end + 1, buffer.count) else { return (read, previous) }
                decoded.withUnsafeBufferPointer { (base + written).update(from: $0.baseAddress!, count: $0.count) }
                entry = written..<(written + decoded.count)
            }
            read = line.end + 1
            if keep(UnsafeBufferPointer(rebasing: UnsafeBufferPointer(buffer)[entry]), after: previous.map { UnsafeBufferPointer(rebasing: UnsafeBufferPointer(buffer)[$0]) }) {
                written = entry.upperBound
                ends.append(written)
                longest = max(longest, entry.count)
                previous = entry
            }
        }
        return (read, previous)
    }

    /// The slow way, for what is left when a line did not fit in place.
    private static func unescapeCopying(_ lines: ArraySlice<UInt8>, previous: Range<Int>?, into output: inout [UInt8],
                                        ends: inout [Int], longest: inout Int) {
        var previous = previous
        var start = lines.startIndex
        while start < lines.endIndex {
            let end = lines[start...].firstIndex(of: 0x0A) ?? lines.endIndex
            let decoded = lines[start..<end].withUnsafeBufferPointer { decode($0) }
            let kept = decoded.withUnsafeBufferPointer { entry in
                output.withUnsafeBufferPointer { output in
                    keep(entry, after: previous.map { UnsafeBufferPointer(rebasing: output[$0]) })
                }
            }
            if kept {
                let entry = output.count..<(output.count + decoded.count)
                output.append(contentsOf: decoded)
                ends.append(output.count)
                longest = max(longest, decoded.count)
                previous = entry
            }
            start = end + 1
        }
    }

    /// Whether an entry read from a file is kept: not blank, not a repeat of the one before.
    private static func keep(_ entry: UnsafeBufferPointer<UInt8>, after previous: UnsafeBufferPointer<UInt8>?) -> Bool {
        guard let first = entry.first else { return false }
        // A printable ASCII first byte settles that the entry is not blank, for nearly every line.
        if !(first > 0x20 && first < 0x7F) && isBlank(String(decoding: entry, as: UTF8.self)) { return false }
        if let previous, HistoryStorage.equal(entry, previous) { return false }
        return true
    }

    /// The entry a line stands for: escapes undone, invalid UTF-8 replaced by U+FFFD.
    private static func decode(_ line: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(line.count)
        var escaped = false
        for byte in line {
            if escaped {
                bytes.append(byte == UInt8(ascii: "n") ? 0x0A : byte)
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else {
                bytes.append(byte)
            }
        }
        if bytes.withUnsafeBufferPointer({ UTF8Validation.isValid($0) }) { return bytes }
        return Array(String(decoding: bytes, as: UTF8.self).utf8)
    }
}

/// Finds the end of a line a word at a time, noting on the way whether it has a backslash or a
/// byte outside ASCII, which are the lines that need more than a copy.
enum LineScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let newlines = 0x0A * ones
    private static let backslashes = 0x5C * ones

    /// The line starting at `start`: where it ends (its line break or the buffer's end), and
    /// what it holds.
    static func next(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, hasEscape: Bool, hasNonASCII: Bool) {
        guard let base = buffer.baseAddress else { return (start, false, false) }
        var index = start
        var hasEscape = false, hasNonASCII = false
        while true {
            // Words with nothing to note are skipped whole; the lowest flagged byte of a word is
            // exactly the first byte to look at (the zero-byte test errs only above it).
            while index + 8 <= buffer.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let newline = word ^ newlines, backslash = word ^ backslashes
                let stops = ((newline &- ones) & ~newline | (backslash &- ones) & ~backslash | (hasNonASCII ? 0 : word)) & highBits
                if stops != 0 {
                    index += stops.trailingZeroBitCount / 8
                    break
                }
                index += 8
            }
            guard index < buffer.count else { return (buffer.count, hasEscape, hasNonASCII) }
            let byte = base[index]
            if byte == 0x0A { return (index, hasEscape, hasNonASCII) }
            if byte == 0x5C { hasEscape = true } else if byte >= 0x80 { hasNonASCII = true }
            index += 1
        }
    }
}

/// Checks that bytes are well-formed UTF-8, without making a `String` of them.
enum UTF8Validation {
    /// True when `bytes` is well-formed UTF-8 (no overlong forms, surrogates or values past
    /// U+10FFFF).
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var lowest: UInt8 = 0x80, highest: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lowest = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; highest = 0x9F
            case 0xF0: length = 4; lowest = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; highest = 0x8F
            default: return false
            }
            guard index + length <= bytes.count, bytes[index + 1] >= lowest, bytes[index + 1] <= highest else { return false }
            for next in (index + 2)..<(index + length) where bytes[next] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }
}
