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
///   renamed over the old one, so a crash never leaves the history half written; what such a
///   crash leaves is removed by the next rewrite.
/// - An append is whole or not at all: a write cut short is cut back off the file, and the
///   file size limit (`ulimit -f`) makes it an error, not the end of the process.
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
    /// The file is created when it does not exist. The entry is appended whole or not at all: a
    /// write cut short (a full disk, the process's file size limit) is taken back, and the file
    /// is left as it was.
    ///
    /// - Throws: ``HistoryFileError`` when the path is a symbolic link or not a regular file, or
    ///   the file cannot be created or written (`File too large` beyond the process's file size
    ///   limit, which does not end the process).
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
            do throws(Errno) {
                try file.writeAllToFile(line)
            } catch {
                // A write cut short (a full disk, the file size limit) leaves the start of the
                // line, which a load would take for an entry. The file is cut back to its size
                // under this lock, which every append holds: nobody appended since, and the
                // file ended there, after the last whole entry. Cut back only: a file that
                // somebody emptied meanwhile, without the lock, is not lengthened with zeros.
                if let size = try? file.status().size, size > status.size {
                    try? file.truncate(toSize: status.size)
                }
                throw error
            }
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
}
