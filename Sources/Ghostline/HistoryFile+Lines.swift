import Glibc
import GhostlineCore
import GhostlineTerminal

extension HistoryFile {
    /// Where the lines of the newest `count` entries begin in `lines`: counting back from the
    /// end as `History(lines:)` counts forward, blank lines and a repeat of the line before
    /// not being entries, so that a rewrite keeping these lines keeps `count` entries.
    static func startOfNewestEntries(_ count: Int, in lines: [UInt8]) -> Int {
        lines.withUnsafeBytes { buffer in
            guard count > 0 else { return buffer.count }
            var end = buffer.last == 0x0A ? buffer.count - 1 : buffer.count
            var entries = 0
            var newer: UnsafeRawBufferPointer?
            // Where the oldest line of an entry counted so far starts (a repeat's too, which
            // belongs to it): blank lines before it go with the entries left out.
            var kept = buffer.count
            while true {
                let start = buffer[..<end].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                let line = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
                if isEntry(line) {
                    if !(newer.map { isRepeat(line, of: $0) } ?? false) {
                        entries += 1
                        if entries > count { return kept }
                        newer = line
                    }
                    kept = start
                }
                guard start > 0 else { return 0 }
                end = start - 1
            }
        }
    }

    /// Whether `line` stands for the same entry as `newer`, as `History(lines:)` decides it: by
    /// the entries, not the lines: the lines `\a` and `a` are both the entry `a`, and two different
    /// invalid byte sequences are both one U+FFFD.
    private static func isRepeat(_ line: UnsafeRawBufferPointer, of newer: UnsafeRawBufferPointer) -> Bool {
        if line.elementsEqual(newer) { return true }
        // Lines of printable ASCII without a backslash are their entries: different bytes, different entries.
        let isPlain = { (bytes: UnsafeRawBufferPointer) in !bytes.contains { $0 >= 0x80 || $0 == 0x5C } }
        if isPlain(line) && isPlain(newer) { return false }
        return decode(ArraySlice(line)).utf8.elementsEqual(decode(ArraySlice(newer)).utf8)
    }

    /// Whether a line stands for an entry, not for a blank one.
    private static func isEntry(_ line: UnsafeRawBufferPointer) -> Bool {
        // A printable ASCII byte other than a space settles it, for nearly every line, unless it
        // is the `n` of an escaped line break (`\n`), which is whitespace; an escape's backslash
        // is not text, the byte it escapes is.
        var isEscaped = false
        for byte in line {
            if isEscaped {
                isEscaped = false
                if byte == 0x6E { continue }
            } else if byte == 0x5C {
                isEscaped = true
                continue
            }
            if byte > 0x20 && byte < 0x7F { return true }
        }
        return !decode(ArraySlice(line)).allSatisfy(\.isWhitespace)
    }

    // MARK: - Encoding entries as lines

    static func encode(_ entry: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entry.utf8.count)
        for byte in entry.utf8 {
            switch byte {
            case 0x5C: bytes += [0x5C, 0x5C]
            case 0x0A: bytes += [0x5C, 0x6E]
            default: bytes.append(byte)
            }
        }
        return bytes
    }

    static func decode(_ line: ArraySlice<UInt8>) -> String {
        // Most entries have no backslash: their bytes are the entry.
        guard line.contains(0x5C) else { return String(decoding: line, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(line.count)
        var escaped = false
        for byte in line {
            if escaped {
                bytes.append(byte == 0x6E ? 0x0A : byte)
                escaped = false
            } else if byte == 0x5C {
                escaped = true
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
