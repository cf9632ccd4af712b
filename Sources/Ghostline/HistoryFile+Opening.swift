import Glibc
import GhostlineCore
import GhostlineTerminal

extension HistoryFile {
    /// Opens the file, refusing a symbolic link and anything but a regular file.
    func openRegularFile(
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
    ///
    /// Opening again after such a rename is bounded by the same time as the wait for the lock,
    /// not by a count: sessions that start one after another may each rewrite the file while
    /// this one waits, and under a slow machine eight such renames in a row happened.
    func openLocked(
        flags: Int32, for operation: HistoryFileError.Operation
    ) throws(HistoryFileError) -> (file: FileDescriptor, status: FileStatus) {
        let deadline = monotonicMilliseconds() + Int64(lockTimeoutMilliseconds)
        while true {
            let (file, opened) = try openRegularFile(flags: flags, for: operation)
            let isLocked: Bool
            do {
                let remaining = Int(max(0, deadline - monotonicMilliseconds()))
                isLocked = try file.lockExclusively(timeoutMilliseconds: remaining)
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
            guard monotonicMilliseconds() < deadline else {
                throw HistoryFileError(path: path, operation: operation, reason: .locked)
            }
        }
    }

    /// The file's last ``readLimit`` bytes, from the first line that starts within them (one
    /// that starts before them is left out whole rather than cut): whole lines, but for a last
    /// one without its line break; and the offset in the file just after their last line break.
    func readTail(
        of file: FileDescriptor, for operation: HistoryFileError.Operation
    ) throws(HistoryFileError) -> (bytes: [UInt8], endOfLastLine: Int) {
        let (start, read) = try attempt(operation) { () throws(Errno) -> (Int, [UInt8]) in
            // Reading from one byte before the limit tells whether the first byte within it
            // starts a line: it does when that byte is a line break. (In this order, and with
            // the limit below Int.max, an unlimited read does not overflow.)
            let limit = min(readLimit, .max - 1)
            let start = max(0, try file.status().size - 1 - limit)
            return (start, try file.read(atMost: limit + 1, fromOffset: start))
        }
        var bytes = read
        var firstLine = start
        if start > 0 {
            // Only a file bigger than the limit pays for moving its bytes.
            let lineStart = (bytes.firstIndex(of: 0x0A) ?? bytes.count - 1) + 1
            bytes.removeFirst(lineStart)
            firstLine += lineStart
        }
        let endOfLastLine = firstLine + (bytes.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0)
        return (bytes, endOfLastLine)
    }

    /// Runs `body`, naming the file and `operation` in the error it throws.
    func attempt<Value>(
        _ operation: HistoryFileError.Operation, _ body: () throws(Errno) -> Value
    ) throws(HistoryFileError) -> Value {
        try Result(catching: body).mapError { HistoryFileError(path: path, operation: operation, reason: .system($0)) }.get()
    }
}
