import Glibc
import GhostlineCore
import GhostlineTerminal

extension HistoryFile {
    /// How many temporary names a rewrite tries before it gives up: a name already taken (by
    /// a file somebody planted, or a rewrite that crashed) is passed over for the next one.
    private static let temporaryNameAttempts = 8

    /// The temporary file's name after the history file's own: `.tmp-` and then the random
    /// number in hex, 1 to 16 lowercase digits.
    private static let temporaryNameSeparator = ".tmp-"
    private static let temporaryNameDigits = 1...16

    /// How long before the lock was taken a temporary file must have last changed, in seconds,
    /// for a rewrite to remove it as stale (see ``removeStaleTemporaryFiles(lockedAt:)``).
    static let staleTemporaryFileAge = 60

    /// Rewrites the file with the lines of its newest `count` entries, or returns nil and
    /// leaves the file as it is when another user owns it (the rewrite would become the
    /// process's own file, and that user would lose their history).
    ///
    /// Under the lock that every append takes too, the file is read again, so the entries other
    /// processes appended since it was loaded are kept. The lines go to a new file beside it,
    /// flushed to the disk, which is then renamed over it. The temporary files of rewrites that
    /// never finished are removed first.
    ///
    /// - Parameter temporaryName: Names the new file, given the history file's path; a name
    ///   already taken is passed over for the next one.
    func compact(
        keepingNewest count: Int,
        temporaryName: (String) -> String = randomTemporaryName(beside:)
    ) throws(HistoryFileError) -> Rewrite? {
        let (file, status) = try openLocked(flags: O_RDONLY, for: .save)
        defer { try? file.close() }
        guard status.isOwnedByEffectiveUser else { return nil }
        removeStaleTemporaryFiles(lockedAt: secondsSinceEpoch())
        let (bytes, endOfLastLine) = try readTail(of: file, for: .save)
        let kept = bytes[Self.startOfNewestEntries(count, in: bytes)...]
        let written = try replaceContents(with: kept, temporaryName: temporaryName)
        let replaced = endOfLastLine == status.size ? Mark(identity: status.identity, offset: status.size) : nil
        return Rewrite(replaced: replaced, written: written)
    }

    /// What a rewrite replaced and wrote.
    struct Rewrite {
        /// Where the file that was replaced ended, nil when its last line had no line break.
        var replaced: Mark?
        /// Where the new file ends.
        var written: Mark
    }

    /// Replaces the file with one holding `bytes` (and a line break after them if they do not
    /// end with one), through a new file and a rename; returns where the new file ends.
    private func replaceContents(with bytes: ArraySlice<UInt8>, temporaryName: (String) -> String) throws(HistoryFileError) -> Mark {
        let (temporaryPath, file) = try createTemporaryFile(temporaryName)
        let written = Result { () throws(Errno) -> Mark in
            // The umask may have taken bits off the 0600 asked for at creation.
            try file.setPermissions(0o600)
            var lines = Array(bytes)
            if let last = lines.last, last != 0x0A { lines.append(0x0A) }
            try file.writeAllToFile(lines)
            // Without this, a crash soon after the rename could leave an empty file where the
            // history was: the rename may reach the disk before the data does.
            try file.synchronize()
            return Mark(identity: try file.status().identity, offset: lines.count)
        }
        try? file.close()
        do {
            let end = try written.get()
            try replaceFile(at: path, with: temporaryPath)
            return end
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
            } catch where error == Errno(rawValue: EEXIST) && namesTaken < Self.temporaryNameAttempts {
                namesTaken += 1
            } catch {
                throw HistoryFileError(path: path, operation: .save, reason: .system(error))
            }
        }
    }

    /// `PATH.tmp-` and 64 random bits in hex: the standard library's random numbers come from
    /// the kernel (`getrandom`), so nobody can plant a file at the name in advance.
    static func randomTemporaryName(beside path: String) -> String {
        path + temporaryNameSeparator + String(UInt64.random(in: .min ... .max), radix: 16)
    }

    /// Removes what rewrites that never finished (the process was killed, the machine lost
    /// power) left beside the file: their temporary files, which nothing else would ever remove.
    ///
    /// It runs under the file's lock, while no other rewrite of it can be under way: each one
    /// holds the lock from before it creates its temporary file until after it has renamed or
    /// removed it. Even so an entry is removed only when all of these hold:
    /// - Its name is one ``randomTemporaryName(beside:)`` gives, byte for byte: the history
    ///   file's name, `.tmp-` and 1 to 16 lowercase hex digits. Nothing else in the directory is
    ///   looked at.
    /// - It is a regular file, as `fstatat` says without following a symbolic link (a link, a
    ///   directory or anything else at such a name is left alone), and the process's user owns it.
    /// - It last changed at least ``staleTemporaryFileAge`` seconds before the lock was taken.
    ///   A rewrite writes its file within seconds, so this keeps the file of one that holds the
    ///   lock of a file somebody else swapped in at the path meanwhile, and of one whose times
    ///   come from another machine's clock (the server of a network file system).
    ///
    /// The directory is opened once, and every name is looked up and removed through it, so a
    /// directory swapped in at the path meanwhile is not the one changed. Removing a name removes
    /// that name only: a hard link's file keeps its other names. A failure leaves the files as
    /// they are: they cost some disk space, never an entry.
    func removeStaleTemporaryFiles(lockedAt lockTime: Int) {
        let (directoryPath, fileName) = directoryAndName
        guard let directory = try? FileDescriptor.openDirectory(directoryPath) else { return }
        defer { try? directory.close() }
        guard let names = try? directory.entryNames() else { return }
        let prefix = Array((fileName + Self.temporaryNameSeparator).utf8)
        for name in names where Self.isTemporaryName(Array(name.utf8), prefix: prefix) {
            guard let status = try? directory.status(ofEntryNamed: name), status.isRegularFile,
                  status.isOwnedByEffectiveUser, status.modificationTime <= lockTime - Self.staleTemporaryFileAge
            else { continue }
            try? directory.removeEntry(named: name)
        }
    }

    /// Whether `name` is `prefix` and then 1 to 16 lowercase hex digits, as a temporary name is.
    private static func isTemporaryName(_ name: [UInt8], prefix: [UInt8]) -> Bool {
        guard name.starts(with: prefix) else { return false }
        let digits = name[prefix.count...]
        return temporaryNameDigits.contains(digits.count)
            && digits.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The directory the file is in, and the file's name in it.
    private var directoryAndName: (directory: String, name: String) {
        guard let slash = path.utf8.lastIndex(of: 0x2F) else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.utf8.index(after: slash)...]))
    }
}
