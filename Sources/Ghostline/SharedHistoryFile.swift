import GhostlineCore

/// A history file shared with other sessions, as one session follows it: how far it has read
/// the file, so that what other sessions append can be read alone, without the rest.
///
/// Each append takes the file's lock and reads, under it, whatever other sessions appended
/// since this one last read; a walk through history or a search then adds those entries, with
/// the lines appended since, to the history. When the file is no longer the one read (another
/// session's rewrite renamed a new file over it, or it was removed and made again) or is
/// shorter, it is loaded again whole: the file is what the sessions share.
final class SharedHistoryFile {
    private let file: HistoryFile
    /// Where this session stopped reading the file; nil when it does not know (there was no
    /// file, or a rewrite happened while it read), and the next update loads the file again.
    private var mark: HistoryFile.Mark?
    /// Lines other sessions appended before this session's last entry, read with it and not
    /// yet added to the history.
    private var unread: [UInt8] = []

    /// Follows `file`, read up to `mark`.
    init(file: HistoryFile, readUpTo mark: HistoryFile.Mark?) {
        self.file = file
        self.mark = mark
    }

    /// Appends a submitted entry, keeping what other sessions appended before it for the next
    /// ``update(_:)``.
    func append(_ entry: String) throws(HistoryFileError) {
        let appended = try file.append(entry, after: mark)
        unread += appended.unread
        mark = appended.end
    }

    /// Adds to `history` the entries other sessions appended since the file was last read, as
    /// if they had been submitted here (so the history's options apply to them); or replaces it
    /// with the file loaded again when the file is not the one read. A file that cannot be read
    /// leaves the history as it is, and is tried again at the next update; an append says what
    /// is wrong with it.
    func update(_ history: inout History) {
        guard let mark else {
            reload(&history)
            return
        }
        let appended: (lines: ArraySlice<UInt8>, end: HistoryFile.Mark)?
        do {
            appended = try file.linesAppended(since: mark)
        } catch {
            return
        }
        guard let appended else {
            reload(&history)
            return
        }
        Self.addEntries(of: unread[...], to: &history)
        Self.addEntries(of: appended.lines, to: &history)
        unread = []
        self.mark = appended.end
    }

    private func reload(_ history: inout History) {
        // A file that is not there (yet) leaves the history as it is: this session's own
        // entries make it again.
        guard let (loaded, end) = try? file.loadMarkingEnd(), end != nil else { return }
        history = loaded
        mark = end
        unread = []
    }

    /// Adds the entries `lines` stand for, one a line. They are what other sessions appended
    /// since the last look, a few lines, so each is made a `String` and added on its own.
    private static func addEntries(of lines: ArraySlice<UInt8>, to history: inout History) {
        for line in lines.split(separator: 0x0A) {
            history.add(HistoryFile.decode(line))
        }
    }
}
