import GhostlineCore

/// How loading the history file went.
enum HistoryFileState {
    /// It was loaded, or does not exist yet, or there is none: entries are saved to it, through
    /// `shared` when it is shared with other sessions.
    case usable(shared: SharedHistoryFile?)
    /// It could not be loaded, and nothing is saved to it; `isReported` once the handler heard.
    case unusable(HistoryFileError, isReported: Bool)
}

extension LineEditor {
    /// Opens the history file just set; one that cannot be opened leaves the history empty.
    ///
    /// Only the opening happens here, where a failure can still be reported before a prompt is
    /// drawn. Reading the lines and making them entries waits until the history is needed: it
    /// is all of the time a big file takes, and an entry read in a terminal does it after
    /// drawing the prompt, so that the prompt of a tool with a million entries shows at once.
    func loadHistoryFile() {
        historyFileState = .usable(shared: nil)
        engine.willReadHistory = nil
        historyFileToRead = nil
        guard let historyFile else { return }
        do {
            historyFileToRead = try historyFile.open()
        } catch {
            useEmptyHistory(failure: error)
        }
    }

    /// Reads the lines of the history file opened and makes them the history, if that is still
    /// to do.
    ///
    /// The history takes the file's capacity and options. A file shared with other sessions
    /// is followed: before a walk through history or a search of it starts, the editor asks
    /// for the entries appended since.
    func finishLoadingHistoryFile() {
        guard let historyFile, let opened = historyFileToRead.take() else { return }
        do {
            let (loaded, end) = try opened.history()
            engine.history = loaded
            applyHistorySize()
            guard historyFile.sharesHistory else { return }
            let shared = SharedHistoryFile(file: historyFile, readUpTo: end)
            historyFileState = .usable(shared: shared)
            // The closure holds the follower, not the editor: nothing holds the editor in a cycle.
            engine.willReadHistory = { history in shared.update(&history) }
        } catch {
            useEmptyHistory(failure: error)
        }
    }

    private func useEmptyHistory(failure: HistoryFileError) {
        guard let historyFile else { return }
        engine.history = History(capacity: historyFile.capacity, options: historyFile.options)
        historyFileState = .unusable(failure, isReported: false)
    }

    /// Tells the handler, once, why the history file could not be loaded: before the entry
    /// when it could not be opened, after it when its lines could not be read.
    func reportHistoryFileLoadFailure() {
        guard case .unusable(let error, isReported: false) = historyFileState else { return }
        historyFileState = .unusable(error, isReported: true)
        historyFileErrorHandler?(error)
    }

    /// Appends an entry submitted in a terminal to the history file (piped input keeps no
    /// history, see ``LineEditor/historyFile``), if the history kept it (an entry
    /// starting with a space is not kept with ``History/Options/ignoreSpace``, and must not
    /// reach the file either); when that fails the handler hears why, and the entry is
    /// returned all the same.
    func saveToHistoryFile(_ entry: String) {
        guard let historyFile, case .usable(let shared) = historyFileState, history.isKept(entry) else { return }
        do {
            if let shared {
                try shared.append(entry)
            } else {
                try historyFile.append(entry)
            }
        } catch {
            historyFileErrorHandler?(error)
        }
    }
}
