import Glibc
import GhostlineCore
import GhostlineTerminal

/// A history file: one entry per line, loaded at start, each submitted entry appended as it is
/// submitted, readable and writable by its owner only (mode 0600).
///
/// A multi-line entry is stored on one line with `\n` written as a backslash and `n` (and a
/// backslash as two), so it comes back whole.
public struct HistoryFile: Sendable {
    /// Where the file is.
    public var path: String

    /// Names a history file; nothing is read or created until it is used.
    public init(path: String) {
        self.path = path
    }

    /// The entries in the file, the newest `capacity` of them; empty when the file does not exist.
    ///
    /// Entries are appended as they are submitted, so the file grows; once it holds more than
    /// twice `capacity` entries it is rewritten with the newest `capacity` (through a temporary
    /// file and a rename, so a crash never leaves it half written).
    public func load(capacity: Int = 1_000) -> History {
        guard let descriptor = try? FileDescriptor.open(path, flags: O_RDONLY) else { return History(capacity: capacity) }
        let bytes = (try? descriptor.readToEnd()) ?? []
        try? descriptor.close()
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            if end > start { lines.append(bytes[start..<end]) }
            start = end + 1
        }
        let kept = lines.suffix(capacity)
        if lines.count > 2 * capacity { try? rewrite(with: kept) }
        return History(entries: kept.map { Self.decode($0) }, capacity: capacity)
    }

    private func rewrite(with lines: ArraySlice<ArraySlice<UInt8>>) throws {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = try FileDescriptor.open(temporary, flags: O_WRONLY | O_CREAT | O_TRUNC, permissions: 0o600)
        var bytes: [UInt8] = []
        for line in lines { bytes += line + [0x0A] }
        do {
            try descriptor.writeAll(bytes)
            try descriptor.close()
            try replaceFile(at: path, with: temporary)
        } catch {
            try? descriptor.close()
            try? removeFile(at: temporary)
            throw error
        }
    }

    /// Appends one entry (blank entries are skipped, as in history itself).
    public func append(_ entry: String) throws {
        guard !entry.allSatisfy(\.isWhitespace) else { return }
        let descriptor = try FileDescriptor.open(path, flags: O_RDWR | O_CREAT | O_APPEND, permissions: 0o600)
        defer { try? descriptor.close() }
        try descriptor.setPermissions(0o600)
        // A last line without its line break (a write cut short, an edit by hand) would otherwise
        // join the entry into one line with it.
        let lineBreak: [UInt8] = Self.endsWithoutLineBreak(descriptor) ? [0x0A] : []
        try descriptor.writeAll(lineBreak + Self.encode(entry) + [0x0A])
    }

    /// Whether the file holds bytes and the last is not `\n`.
    private static func endsWithoutLineBreak(_ descriptor: FileDescriptor) -> Bool {
        var status = stat()
        guard fstat(descriptor.rawValue, &status) == 0, status.st_size > 0 else { return false }
        var last: UInt8 = 0
        return pread(descriptor.rawValue, &last, 1, status.st_size - 1) == 1 && last != 0x0A
    }

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
