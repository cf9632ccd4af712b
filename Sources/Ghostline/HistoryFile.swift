import Glibc
import GhostlineCore
import GhostlineTerminal

/// A history file: one entry per line, loaded at start, each entry submitted in a terminal
/// appended as it is submitted (piped input keeps no history, see ``LineEditor/historyFile``),
/// readable and writable by its owner only (mode 0600).
///
/// A multi-line entry is stored on one line with `\n` written as a backslash and `n` (and a
/// backslash as two), so it comes back whole.
///
/// The file keeps every entry until it holds more than twice ``capacity``, and is then
/// rewritten with the newest `capacity`: never with fewer. Many sessions may use one file at
/// once: each appends its entries whole, under a lock, and with ``sharesHistory`` each sees the
/// others' entries as they are added.
///
/// It is the only file the editor writes, often for root and in a directory that others can
/// write too, so it is handled with care (`Docs/Security.md` lists each rule and its test):
/// - A symbolic link at the path is refused, never followed; a dangling one too, so nothing is
///   ever created where it points.
/// - Anything but a regular file (a directory, device, FIFO or socket) is refused before a byte
///   is read or written, and opening it does not wait.
/// - The mode is set to 0600 only on a regular file that the process's user owns, through the
///   open file, so a file swapped in after a check is never the one changed.
/// - At most the file's last bytes are read, 256 for each entry of the capacity (and at least
///   64 MiB), however big the file.
/// - Every append and every rewrite holds an exclusive lock on the file (`flock`), and a
///   rewrite reads the file again under it, so no entry another process appended is lost. The
///   rewrite goes to a new file, created exclusively under a name nobody can guess, and is
///   renamed over the old one, so a crash never leaves the history half written.
public struct HistoryFile: Sendable {
    /// Where the file is.
    public var path: String
    /// How many entries are kept: the history ``load()`` makes holds the newest `capacity`,
    /// and the file is never rewritten with fewer. ``History/unlimited`` keeps every entry. At
    /// least 1, as in `History`: a capacity of 0 would have a rewrite empty the file.
    public var capacity: Int {
        didSet {
            capacity = max(1, capacity)
            readLimit = Self.readLimit(forCapacity: capacity)
        }
    }
    /// What happens to entries as they are added to the history ``load()`` makes. The file
    /// itself keeps every line appended: with ``History/Options/eraseDuplicates`` the older
    /// copies of an entry leave the history as it is used, not the file, which other sessions
    /// may be reading and appending to (`Docs/GettingStarted.md` says why).
    public var options: History.Options
    /// Whether a session sees the entries other sessions append to the file while it runs, as
    /// zsh's `SHARE_HISTORY` does: when a walk through history or a search of it starts (Up,
    /// a prefix search, Ctrl-R), the lines appended since the file was last read are read
    /// and added. Without it a session sees the entries that were in the file when it started,
    /// and its own.
    public var sharesHistory: Bool

    /// The most of the file that ``load()`` reads: its last bytes, from the first line that
    /// starts within them. 256 bytes an entry is several times a typical entry (a million
    /// entries of a shell history take 35 to 40 MB), so a file of `capacity` entries is read
    /// whole; and whatever the file's size it costs no more memory than that.
    var readLimit: Int

    /// The bytes of file read for each entry of the capacity.
    static let bytesReadPerEntry = 256
    /// The least that is read, as much as a small capacity would allow: 64 MiB.
    static let smallestReadLimit = 64 << 20

    /// How long an append or a rewrite waits for another process to release the file's lock.
    /// An append holds it for well under a millisecond and a rewrite for a few, but a rewrite
    /// waits for the disk (`fsync`) under it, which on a busy machine took over 2 s: only a stuck
    /// or hostile process holds it longer than this. The tests that make many sessions append
    /// while another rewrites, on a machine slowed by a sanitizer, give it longer.
    var lockTimeoutMilliseconds = 5_000

    /// How many temporary names a rewrite tries before it gives up: a name already taken (by
    /// a file somebody planted, or a rewrite that crashed) is passed over for the next one.
    private static let temporaryNameAttempts = 8

    /// Names a history file; nothing is read or created until it is used.
    ///
    /// - Parameters:
    ///   - path: Where the file is.
    ///   - capacity: How many entries are kept; by default ``History/defaultCapacity``, more
    ///     than years of use leave.
    ///   - options: What happens to entries as they are added.
    ///   - sharesHistory: Whether the entries other sessions append are seen while this one runs.
    public init(path: String, capacity: Int = History.defaultCapacity, options: History.Options = [],
                sharesHistory: Bool = false) {
        self.path = path
        self.capacity = max(1, capacity)
        self.options = options
        self.sharesHistory = sharesHistory
        readLimit = Self.readLimit(forCapacity: self.capacity)
    }

    private static func readLimit(forCapacity capacity: Int) -> Int {
        let (limit, overflow) = capacity.multipliedReportingOverflow(by: bytesReadPerEntry)
        return overflow ? .max : max(smallestReadLimit, limit)
    }

    /// Where a session stopped reading the file: the file (a rewrite renames another over it)
    /// and the offset just after the last whole line read.
    struct Mark: Equatable {
        var identity: FileStatus.Identity
        var offset: Int
    }

    /// The newest ``capacity`` entries in the file, as a history with ``options``; empty when
    /// the file does not exist.
    ///
    /// Entries are appended as they are submitted, so the file grows; once it holds more than
    /// twice `capacity` entries it is rewritten with the newest `capacity` (through a temporary
    /// file and a rename, so a crash never leaves it half written). When the rewrite cannot be
    /// made (the directory is read-only, say, or the file is another user's) the file is left as
    /// it is: it only goes on growing, and nothing in it is lost.
    ///
    /// - Throws: ``HistoryFileError`` when the path is a symbolic link or not a regular file, or
    ///   the file cannot be read.
    public func load() throws(HistoryFileError) -> History {
        try loadMarkingEnd().history
    }

    /// Loads as ``load()`` does, and says where it stopped reading: nil when there is no file.
    func loadMarkingEnd() throws(HistoryFileError) -> (history: History, end: Mark?) {
        try open().history()
    }

    /// The file opened for loading, and found to be a regular file, or no file at all.
    ///
    /// Loading is in two steps so that the editor can draw the prompt between them: opening
    /// (where nearly every failure shows, and is reported before the prompt) and reading the
    /// lines and making them entries (all of the time a big file takes).
    struct OpenedForLoading: ~Copyable {
        fileprivate let historyFile: HistoryFile
        /// The open file, and which file it is as `fstat` said at the opening (an open file
        /// stays the same one); nil when there is no file.
        fileprivate let file: (descriptor: FileDescriptor, identity: FileStatus.Identity)?

        fileprivate init(_ historyFile: HistoryFile, file: (descriptor: FileDescriptor, identity: FileStatus.Identity)?) {
            self.historyFile = historyFile
            self.file = file
        }

        /// Reads the newest lines, as many as ``load()`` reads, and makes them the history;
        /// then says where the file ends. When the lines were more than twice the capacity the
        /// file is rewritten, and the new file's end is marked unless somebody appended in between.
        consuming func history() throws(HistoryFileError) -> (history: History, end: Mark?) {
            let historyFile = self.historyFile
            guard let file else { return (History(capacity: historyFile.capacity, options: historyFile.options), nil) }
            let (bytes, endOfLastLine) = try historyFile.readTail(of: file.descriptor, for: .load)
            return historyFile.history(fromLines: bytes, end: Mark(identity: file.identity, offset: endOfLastLine))
        }

        deinit {
            try? file?.descriptor.close()
        }
    }

    /// Opens the file for ``OpenedForLoading/history()``, refusing what ``load()`` refuses.
    func open() throws(HistoryFileError) -> OpenedForLoading {
        do {
            let (file, status) = try openRegularFile(flags: O_RDONLY, for: .load)
            return OpenedForLoading(self, file: (file, status.identity))
        } catch {
            if error.reason == .system(Errno(rawValue: ENOENT)) { return OpenedForLoading(self, file: nil) }
            throw error
        }
    }

    private func history(fromLines bytes: consuming [UInt8], end: Mark) -> (history: History, end: Mark?) {
        var end: Mark? = end
        // Every entry that was read is loaded, then the oldest beyond the capacity dropped: the
        // count says whether the file is due for a rewrite, without another pass over it. The
        // history takes the bytes as its own buffer, with no other reference left to make it copy them.
        // Older copies are erased after that count (the file keeps them, see ``options``).
        var history = History(lines: bytes, capacity: History.unlimited,
                              options: options.subtracting(.eraseDuplicates))
        if history.count - capacity > capacity, let rewrite = try? compact(keepingNewest: capacity) {
            // The new file holds what was loaded only when nobody appended in between.
            end = rewrite.replaced == end ? rewrite.written : nil
        }
        history.options = options
        if options.contains(.eraseDuplicates) { history.eraseOlderDuplicates() }
        history.capacity = capacity
        return (history, end)
    }

    /// Appends one entry (blank entries are skipped, as in history itself).
    ///
    /// The file is created when it does not exist.
    ///
    /// - Throws: ``HistoryFileError`` when the path is a symbolic link or not a regular file, or
    ///   the file cannot be created or written.
    public func append(_ entry: String) throws(HistoryFileError) {
        _ = try append(entry, after: nil)
    }

    /// Appends one entry as ``append(_:)`` does. Given where this session stopped reading the
    /// file, it also returns the lines other sessions appended since then, read under the same
    /// lock, and where the file ends after the entry; nil there when the file is not the one
    /// marked (unless it was empty), or the lines since would be more than ``readLimit``.
    func append(_ entry: String, after mark: Mark?) throws(HistoryFileError) -> (unread: [UInt8], end: Mark?) {
        guard !entry.allSatisfy(\.isWhitespace) else { return ([], mark) }
        // The lock is exclusive although appends with O_APPEND never overwrite each other: a write
        // cut short by a signal is finished by a second call, and no other entry may come between.
        let (file, status) = try openLocked(flags: O_RDWR | O_APPEND | O_CREAT, for: .save)
        // Closing the file releases the lock.
        defer { try? file.close() }
        return try attempt(.save) { () throws(Errno) -> ([UInt8], Mark?) in
            if status.isOwnedByEffectiveUser && status.permissions != 0o600 { try file.setPermissions(0o600) }
            var line = Self.encode(entry) + [0x0A]
            // A last line without its line break (the file was edited by hand, say) would
            // otherwise take this entry as its end.
            if status.size > 0, try file.read(atMost: 1, fromOffset: status.size - 1) != [0x0A] { line.insert(0x0A, at: 0) }
            var unread: [UInt8] = []
            var end: Mark?
            if let mark, mark.identity == status.identity, mark.offset <= status.size,
               status.size - mark.offset <= readLimit {
                // Under the lock every line appended is whole.
                unread = try file.read(atMost: status.size - mark.offset, fromOffset: mark.offset)
                end = Mark(identity: status.identity, offset: status.size + line.count)
            } else if status.size == 0 {
                // A new file (or an emptied one) holds nothing this session has not seen.
                end = Mark(identity: status.identity, offset: line.count)
            }
            try file.writeAllToFile(line)
            return (unread, end)
        }
    }

    /// The lines appended since `mark`, and where they end; nil when the file at the path is
    /// no longer the one marked (another session's rewrite renamed a new one over it, or it was
    /// removed) or is shorter than the mark, or the lines would be more than ``readLimit``.
    ///
    /// It takes no lock: a line still being written is left for the next read.
    func linesAppended(since mark: Mark) throws(HistoryFileError) -> (lines: ArraySlice<UInt8>, end: Mark)? {
        let (file, status) = try openRegularFile(flags: O_RDONLY, for: .load)
        defer { try? file.close() }
        guard status.identity == mark.identity, status.size >= mark.offset, status.size - mark.offset <= readLimit else {
            return nil
        }
        guard status.size > mark.offset else { return ([], mark) }
        let bytes = try attempt(.load) { () throws(Errno) in
            try file.read(atMost: status.size - mark.offset, fromOffset: mark.offset)
        }
        let whole = (bytes.lastIndex(of: 0x0A) ?? -1) + 1
        return (bytes[..<whole], Mark(identity: mark.identity, offset: mark.offset + whole))
    }

    /// Rewrites the file with the lines of its newest `count` entries, or returns nil and
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
    ) throws(HistoryFileError) -> Rewrite? {
        let (file, status) = try openLocked(flags: O_RDONLY, for: .save)
        defer { try? file.close() }
        guard status.isOwnedByEffectiveUser else { return nil }
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
    ///
    /// Opening again after such a rename is bounded by the same time as the wait for the lock,
    /// not by a count: sessions that start one after another may each rewrite the file while
    /// this one waits, and under a slow machine eight such renames in a row happened.
    private func openLocked(
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
    fileprivate func readTail(
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
        path + ".tmp-" + String(UInt64.random(in: .min ... .max), radix: 16)
    }

    /// Runs `body`, naming the file and `operation` in the error it throws.
    private func attempt<Value>(
        _ operation: HistoryFileError.Operation, _ body: () throws(Errno) -> Value
    ) throws(HistoryFileError) -> Value {
        try Result(catching: body).mapError { HistoryFileError(path: path, operation: operation, reason: .system($0)) }.get()
    }

    // MARK: - Counting entries

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
