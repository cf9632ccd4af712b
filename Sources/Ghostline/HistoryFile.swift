import Glibc
import GhostlineCore
import GhostlineTerminal

/// A history file: one entry per line, loaded at start, each submitted entry appended as it is
/// submitted, readable and writable by its owner only (mode 0600).
///
/// A multi-line entry is stored on one line with `\n` written as a backslash and `n` (and a
/// backslash as two), so it comes back whole.
///
/// It is the only file the editor writes, often for root and in a directory that others can
/// write too, so it is handled with care (`Docs/Security.md` lists each rule and its test):
/// - A symbolic link at the path is refused, never followed; a dangling one too, so nothing is
///   ever created where it points.
/// - Anything but a regular file (a directory, device, FIFO or socket) is refused before a byte
///   is read or written, and opening it does not wait.
/// - The mode is set to 0600 only on a regular file that the process's user owns, through the
///   open file, so a file swapped in after a check is never the one changed.
/// - At most the last 64 MiB are read, however big the file.
/// - Every append and every rewrite holds an exclusive lock on the file (`flock`), and a
///   rewrite reads the file again under it, so no entry another process appended is lost. The
///   rewrite goes to a new file, created exclusively under a name nobody can guess, and is
///   renamed over the old one, so a crash never leaves the history half written.
public struct HistoryFile: Sendable {
    /// Where the file is.
    public var path: String

    /// The most of the file that ``load(capacity:)`` reads: its last bytes, from the first line
    /// that starts within them. 64 MiB is well over a million entries of a typical length, and
    /// whatever the file's size it costs no more memory than that.
    var readLimit = 64 << 20

    /// How long an append or a rewrite waits for another process to release the file's lock.
    /// An append holds it for well under a millisecond and a rewrite for a few, so only a stuck
    /// or hostile process holds it this long.
    static let lockTimeoutMilliseconds = 2_000

    /// How many times an append or a rewrite opens the file again because a rewrite by another
    /// process renamed a new file over it while it waited for the lock.
    private static let reopeningLimit = 8

    /// Names a history file; nothing is read or created until it is used.
    public init(path: String) {
        self.path = path
    }

    /// The entries in the file, the newest `capacity` of them; empty when the file does not exist.
    ///
    /// Entries are appended as they are submitted, so the file grows; once it holds more than
    /// twice `capacity` entries it is rewritten with the newest `capacity` (through a temporary
    /// file and a rename, so a crash never leaves it half written). When the rewrite cannot be
    /// made (the directory is read-only, say, or the file is another user's) the file is left as
    /// it is: it only goes on growing, and nothing in it is lost.
    ///
    /// - Throws: ``HistoryFileError`` when the path is a symbolic link or not a regular file, or
    ///   the file cannot be read.
    public func load(capacity: Int = 1_000) throws(HistoryFileError) -> History {
        // As History keeps at least one entry; and `2 * capacity` is never computed, which would
        // overflow for a capacity meant as unlimited.
        let capacity = max(1, capacity)
        let file: FileDescriptor
        do {
            file = try openRegularFile(flags: O_RDONLY, for: .load).file
        } catch {
            if error.reason == .system(Errno(rawValue: ENOENT)) { return History(capacity: capacity) }
            throw error
        }
        defer { try? file.close() }
        var lines = try readLines(of: file, for: .load)
        if lines.count - capacity > capacity, let rewritten = try? compact(keepingNewest: capacity) {
            lines = rewritten
        }
        return History(entries: lines.suffix(capacity).map { Self.decode($0) }, capacity: capacity)
    }

    /// Appends one entry (blank entries are skipped, as in history itself).
    ///
    /// The file is created when it does not exist.
    ///
    /// - Throws: ``HistoryFileError`` when the path is a symbolic link or not a regular file, or
    ///   the file cannot be created or written.
    public func append(_ entry: String) throws(HistoryFileError) {
        guard !entry.allSatisfy(\.isWhitespace) else { return }
        // The lock is exclusive although appends with O_APPEND never overwrite each other: a write
        // cut short by a signal is finished by a second call, and no other entry may come between.
        let (file, status) = try openLocked(flags: O_WRONLY | O_APPEND | O_CREAT, for: .save)
        // Closing the file releases the lock.
        defer { try? file.close() }
        try attempt(.save) { () throws(Errno) in
            if status.isOwnedByEffectiveUser && status.permissions != 0o600 { try file.setPermissions(0o600) }
            try file.writeAllToFile(Self.encode(entry) + [0x0A])
        }
    }

    /// Rewrites the file with its newest `count` lines and returns them, or returns nil and
    /// leaves the file as it is when another user owns it (the rewrite would become the
    /// process's own file, and that user would lose their history).
    ///
    /// Under the lock that every append takes too, the file is read again, so the entries other
    /// processes appended since it was loaded are kept. The lines go to a new file beside it,
    /// flushed to the disk, which is then renamed over it.
    ///
    /// - Parameter temporaryName: Names the new file, given the history file's path; a name
    ///   already taken is passed over for the next one.
    func compact(
        keepingNewest count: Int,
        temporaryName: (String) -> String = randomTemporaryName(beside:)
    ) throws(HistoryFileError) -> [ArraySlice<UInt8>]? {
        let (file, status) = try openLocked(flags: O_RDONLY, for: .save)
        defer { try? file.close() }
        guard status.isOwnedByEffectiveUser else { return nil }
        let kept = try readLines(of: file, for: .save).suffix(count)
        var bytes: [UInt8] = []
        for line in kept {
            bytes += line
            bytes.append(0x0A)
        }
        try replaceContents(with: bytes, temporaryName: temporaryName)
        return Array(kept)
    }

    // MARK: - Opening, reading and writing

    /// Opens the file, refusing a symbolic link and anything but a regular file.
    private func openRegularFile(
        flags: Int32, for operation: HistoryFileError.Operation
    ) throws(HistoryFileError) -> (file: FileDescriptor, status: FileStatus) {
        let file: FileDescriptor
        do {
            // O_NOFOLLOW: a symbolic link at the path fails with ELOOP instead of being followed,
            // so with O_CREAT a dangling one does not create its target either. O_NONBLOCK:
            // opening a FIFO or a device does not wait for its other end, and nothing is read or
            // written before fstat says the file is regular, where O_NONBLOCK changes nothing.
            // O_NOCTTY: a terminal named as the history file never becomes the controlling one.
            file = try FileDescriptor.open(path, flags: flags | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY, permissions: 0o600)
        } catch {
            // ELOOP also means too many links among the directories on the way: say "symbolic
            // link" only when the file itself is one.
            let isLink = error == Errno(rawValue: ELOOP) && (try? FileStatus.status(ofLinkAt: path))?.isSymbolicLink == true
            throw HistoryFileError(path: path, operation: operation, reason: isLink ? .symbolicLink : .system(error))
        }
        let status: FileStatus
        do {
            status = try file.status()
        } catch {
            try? file.close()
            throw HistoryFileError(path: path, operation: operation, reason: .system(error))
        }
        guard status.isRegularFile else {
            try? file.close()
            throw HistoryFileError(path: path, operation: operation, reason: .notRegularFile)
        }
        return (file, status)
    }

    /// Opens the file as ``openRegularFile(flags:for:)`` does and takes its lock, making sure
    /// the lock is on the file that is at the path now: while this process waited, another one's
    /// rewrite may have renamed a new file over the one it opened, and an entry appended to the
    /// old one would be lost with it.
    private func openLocked(
        flags: Int32, for operation: HistoryFileError.Operation
    ) throws(HistoryFileError) -> (file: FileDescriptor, status: FileStatus) {
        for _ in 0..<Self.reopeningLimit {
            let (file, opened) = try openRegularFile(flags: flags, for: operation)
            let isLocked: Bool
            do {
                isLocked = try file.lockExclusively(timeoutMilliseconds: Self.lockTimeoutMilliseconds)
            } catch {
                try? file.close()
                throw HistoryFileError(path: path, operation: operation, reason: .system(error))
            }
            guard isLocked else {
                try? file.close()
                throw HistoryFileError(path: path, operation: operation, reason: .locked)
            }
            // Fresh figures, taken under the lock, for the file still at the path.
            if let current = try? FileStatus.status(ofLinkAt: path), current.identity == opened.identity {
                return (file, current)
            }
            try? file.close()
        }
        throw HistoryFileError(path: path, operation: operation, reason: .locked)
    }

    /// The file's lines, from the last ``readLimit`` bytes: a line that starts before them is
    /// left out whole rather than cut. Empty lines are skipped.
    private func readLines(of file: FileDescriptor, for operation: HistoryFileError.Operation) throws(HistoryFileError) -> [ArraySlice<UInt8>] {
        let (start, bytes) = try attempt(operation) { () throws(Errno) -> (Int, [UInt8]) in
            // Reading from one byte before the limit tells whether the first byte within it
            // starts a line: it does when that byte is a line break.
            let start = max(0, try file.status().size - readLimit - 1)
            return (start, try file.read(atMost: readLimit + 1, fromOffset: start))
        }
        var lines: [ArraySlice<UInt8>] = []
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var lineStart = 0
            while lineStart < buffer.count {
                // memchr finds a line break at the speed of memory, even in a debug build.
                let end = memchr(base + lineStart, 0x0A, buffer.count - lineStart).map { base.distance(to: $0) } ?? buffer.count
                if end > lineStart { lines.append(bytes[lineStart..<end]) }
                lineStart = end + 1
            }
        }
        if start > 0, let first = bytes.first, first != 0x0A { lines.removeFirst() }
        return lines
    }

    /// Replaces the file with one holding `bytes`, through a new file and a rename.
    private func replaceContents(with bytes: [UInt8], temporaryName: (String) -> String) throws(HistoryFileError) {
        let (temporaryPath, file) = try createTemporaryFile(temporaryName)
        let written = Result { () throws(Errno) in
            // The umask may have taken bits off the 0600 asked for at creation.
            try file.setPermissions(0o600)
            try file.writeAllToFile(bytes)
            // Without this, a crash soon after the rename could leave an empty file where the
            // history was: the rename may reach the disk before the data does.
            try file.synchronize()
        }
        try? file.close()
        do {
            try written.get()
            try replaceFile(at: path, with: temporaryPath)
        } catch {
            try? removeFile(at: temporaryPath)
            throw HistoryFileError(path: path, operation: .save, reason: .system(error))
        }
    }

    /// Creates the new file for a rewrite: beside the history file, since a rename works only
    /// within one file system, and under a name that did not exist. O_EXCL fails on anything
    /// already at the name, a symbolic link included, so a file planted there is never written
    /// through or renamed over the history.
    private func createTemporaryFile(_ temporaryName: (String) -> String) throws(HistoryFileError) -> (String, FileDescriptor) {
        var namesTaken = 0
        while true {
            let name = temporaryName(path)
            do {
                return (name, try FileDescriptor.open(name, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, permissions: 0o600))
            } catch where error == Errno(rawValue: EEXIST) && namesTaken < Self.reopeningLimit {
                namesTaken += 1
            } catch {
                throw HistoryFileError(path: path, operation: .save, reason: .system(error))
            }
        }
    }

    /// `PATH.tmp-` and 64 random bits in hex: the standard library's random numbers come from
    /// the kernel (`getrandom`), so nobody can plant a file at the name in advance.
    static func randomTemporaryName(beside path: String) -> String {
        path + ".tmp-" + String(UInt64.random(in: .min ... .max), radix: 16)
    }

    /// Runs `body`, naming the file and `operation` in the error it throws.
    private func attempt<Value>(
        _ operation: HistoryFileError.Operation, _ body: () throws(Errno) -> Value
    ) throws(HistoryFileError) -> Value {
        try Result(catching: body).mapError { HistoryFileError(path: path, operation: operation, reason: .system($0)) }.get()
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
