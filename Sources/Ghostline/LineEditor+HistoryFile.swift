import GhostlineCore

/// How loading the history file went.
enum HistoryFileState {
    /// It was loaded, or does not exist yet, or there is none: entries are saved to it.
    case usable
    /// It could not be loaded, and nothing is saved to it; `isReported` once the handler heard.
    case unusable(HistoryFileError, isReported: Bool)
}

extension LineEditor {
    /// Loads the history file just set; one that cannot be loaded leaves the history empty.
    func loadHistoryFile() {
        historyFileState = .usable
        guard let historyFile else { return }
        do {
            history = try historyFile.load(capacity: history.capacity)
        } catch {
            history = History(capacity: history.capacity)
            historyFileState = .unusable(error, isReported: false)
        }
    }

    /// Tells the handler, once, why the history file could not be loaded.
    func reportHistoryFileLoadFailure() {
        guard case .unusable(let error, isReported: false) = historyFileState else { return }
        historyFileState = .unusable(error, isReported: true)
        historyFileErrorHandler?(error)
    }

    /// Appends a submitted entry to the history file; when that fails the handler hears why,
    /// and the entry is returned all the same.
    func saveToHistoryFile(_ entry: String) {
        guard let historyFile, case .usable = historyFileState else { return }
        do {
            try historyFile.append(entry)
        } catch {
            historyFileErrorHandler?(error)
        }
    }
}
