extension History {
    /// Creates a history from the bytes of a history file: one entry per line, a line break in
    /// an entry written as a backslash and `n`, a backslash as two (see `HistoryFile`). Blank
    /// lines and a repeat of the line before are skipped; invalid UTF-8 becomes U+FFFD; with
    /// ``Options/eraseDuplicates`` only the newest copy of each entry is kept; then the newest
    /// `capacity` entries are kept. The ``options`` apply to entries added later too.
    ///
    /// The entries are unescaped in place in `lines`' own buffer, which the history then keeps:
    /// a file of a million entries costs its bytes and about 13 bytes an entry, not a copy.
    public init(lines: consuming [UInt8], capacity: Int = History.defaultCapacity, options: Options = []) {
        var bytes = lines
        var loader = LineLoader(expectedLines: bytes.count / 32)
        // A line whose unescaped form would overtake the unread bytes (only invalid UTF-8
        // grows) ends the work in place; the rest is read into a new buffer.
        let stop = bytes.withUnsafeMutableBufferPointer { loader.unescapeInPlace($0) }
        if stop < bytes.count {
            var rest = Array(bytes[0..<loader.written])
            loader.unescapeCopying(bytes[stop...], into: &rest)
            bytes = rest
        }
        bytes.removeSubrange(loader.written...)
        var storage = HistoryStorage(bytes: bytes, ends: loader.ends)
        // Erased before the capacity is applied, so that it counts distinct entries.
        let erased = options.contains(.eraseDuplicates) && storage.removeOlderDuplicates()
        self.init(storage: storage, bucketKeys: erased ? nil : loader.bucketKeys,
                  capacity: capacity, options: options, longestEntryByteCount: loader.longest)
    }
}

/// Turns a history file's lines into entries: where each ends, its bucket in the prefix index,
/// the longest.
private struct LineLoader {
    private(set) var ends: [Int] = []
    private(set) var bucketKeys: [UInt32] = []
    private(set) var longest = 0
    /// Where the entries' bytes end in the output.
    private(set) var written = 0
    private var previous: Range<Int>?

    init(expectedLines: Int) {
        ends.reserveCapacity(expectedLines)
        bucketKeys.reserveCapacity(expectedLines)
    }

    /// Unescapes lines from the start of `buffer` to its start. Returns where it stopped
    /// reading: the buffer's end, or the start of a line that would not fit.
    ///
    /// Sixteen bytes at a time: one comparison finds the line breaks among them and one the
    /// bytes that need a closer look (a backslash, or a byte outside ASCII), as bit masks.
    mutating func unescapeInPlace(_ buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        // Locals, not static properties: a static is reached through a lazy initialisation check.
        let newline = SIMD16<UInt8>(repeating: 0x0A), backslash = SIMD16<UInt8>(repeating: 0x5C)
        let nonASCII = SIMD16<UInt8>(repeating: 0x80)
        var lineStart = 0, blockStart = 0
        var lineIsSpecial = false
        while blockStart < buffer.count {
            var newlines: UInt32 = 0, specials: UInt32 = 0
            if blockStart + 16 <= buffer.count {
                let block = raw.loadUnaligned(fromByteOffset: blockStart, as: SIMD16<UInt8>.self)
                newlines = ByteMask.bits(block .== newline)
                specials = ByteMask.bits((block .== backslash) .| (block .>= nonASCII))
            } else {
                for offset in 0..<(buffer.count - blockStart) {
                    let byte = base[blockStart + offset]
                    if byte == 0x0A { newlines |= 1 << offset }
                    if byte == 0x5C || byte >= 0x80 { specials |= 1 << offset }
                }
            }
            while newlines != 0 {
                let bit = newlines.trailingZeroBitCount
                let before: UInt32 = (1 << bit) - 1
                let lineEnd = blockStart + bit
                let isSpecial = lineIsSpecial || specials & before != 0
                // Nearly every line: ASCII, no backslash, a printable first byte (so not blank).
                // It is handled here without a call; any other goes the long way.
                if !isSpecial, lineEnd > lineStart, base[lineStart] > 0x20, base[lineStart] < 0x7F {
                    takePlain(lineStart..<lineEnd, in: base)
                } else {
                    guard take(lineStart..<lineEnd, of: buffer, special: isSpecial) else { return lineStart }
                }
                lineStart = lineEnd + 1
                specials &= ~(before | 1 << bit)
                lineIsSpecial = false
                newlines &= newlines - 1
            }
            lineIsSpecial = lineIsSpecial || specials != 0
            blockStart += 16
        }
        if lineStart < buffer.count {
            guard take(lineStart..<buffer.count, of: buffer, special: lineIsSpecial) else { return lineStart }
        }
        return buffer.count
    }

    /// Places a line of printable ASCII without a backslash as an entry at ``written``.
    @inline(__always)
    private mutating func takePlain(_ line: Range<Int>, in base: UnsafeMutablePointer<UInt8>) {
        let count = line.count
        if written != line.lowerBound { (base + written).update(from: base + line.lowerBound, count: count) }
        if let previous, previous.count == count,
           HistoryStorage.equal(UnsafeBufferPointer(start: base + previous.lowerBound, count: count),
                                UnsafeBufferPointer(start: base + written, count: count)) { return }
        bucketKeys.append(HistoryPrefixIndex.bucketKey(first: base[written], second: count > 1 ? base[written + 1] : nil))
        previous = written..<(written + count)
        written += count
        ends.append(written)
        if count > longest { longest = count }
    }

    /// Places one line as an entry at ``written``; false when it would not fit.
    private mutating func take(_ line: Range<Int>, of buffer: UnsafeMutableBufferPointer<UInt8>, special: Bool) -> Bool {
        guard let base = buffer.baseAddress else { return false }
        let lineBytes = UnsafeBufferPointer(start: base + line.lowerBound, count: line.count)
        var entry = written..<(written + line.count)
        if special && (lineBytes.contains(0x5C) || !UTF8Validation.isValid(lineBytes)) {
            let decoded = Self.decode(lineBytes)
            // Written bytes must not pass the next line's start before it is read.
            guard written + decoded.count <= min(line.upperBound + 1, buffer.count) else { return false }
            decoded.withUnsafeBufferPointer { (base + written).update(from: $0.baseAddress!, count: $0.count) }
            entry = written..<(written + decoded.count)
        } else if written != line.lowerBound {
            (base + written).update(from: base + line.lowerBound, count: line.count)
        }
        keep(entry, of: UnsafeBufferPointer(buffer))
        return true
    }

    /// The slow way, for what is left when a line did not fit in place.
    mutating func unescapeCopying(_ lines: ArraySlice<UInt8>, into output: inout [UInt8]) {
        var start = lines.startIndex
        while start < lines.endIndex {
            let end = lines[start...].firstIndex(of: 0x0A) ?? lines.endIndex
            let decoded = lines[start..<end].withUnsafeBufferPointer { Self.decode($0) }
            output.removeSubrange(written...)
            output.append(contentsOf: decoded)
            output.withUnsafeBufferPointer { keep(written..<(written + decoded.count), of: $0) }
            start = end + 1
        }
    }

    /// Records the entry just written at `entry` unless it is blank or repeats the one before.
    private mutating func keep(_ entry: Range<Int>, of output: UnsafeBufferPointer<UInt8>) {
        guard !entry.isEmpty else { return }
        let bytes = UnsafeBufferPointer(rebasing: output[entry])
        let first = bytes[0]
        // A printable ASCII first byte settles that the entry is not blank, for nearly every line.
        if !(first > 0x20 && first < 0x7F) && History.isBlank(String(decoding: bytes, as: UTF8.self)) { return }
        if let previous, HistoryStorage.equal(bytes, UnsafeBufferPointer(rebasing: output[previous])) { return }
        written = entry.upperBound
        ends.append(written)
        bucketKeys.append(HistoryPrefixIndex.bucketKey(of: bytes))
        longest = max(longest, entry.count)
        previous = entry
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
