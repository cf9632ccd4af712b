/// Incremental history search, Ctrl-R toward older entries and Ctrl-S toward newer ones
/// (readline's `reverse-search-history` and `forward-search-history`): a modal state that sees
/// the keys first while it is open, each typed character searching again.
extension Editor {
    /// An incremental search while it is open.
    struct SearchState {
        var query = ""
        var matchIndex: Int?
        var originalText: String
        var originalCursor: TextPosition
        var failed = false
        /// -1 toward older entries, +1 toward newer ones: the key that last searched.
        var direction: Int
        /// The history place the search started at: the entry shown, or the history's count.
        var start: Int
    }

    /// The prompt shown while searching, in place of the normal one, as readline words it.
    package var searchPrompt: String? {
        guard let search else { return nil }
        return "(\(search.failed ? "failed " : "")\(search.direction < 0 ? "reverse-" : "")i-search)`\(search.query)': "
    }

    /// Opens the search toward older (-1) or newer (+1) entries. A search shows history entries,
    /// and its query is typed in the clear: none for a secret.
    mutating func startIncrementalSearch(direction: Int) {
        guard !isSecret else { return }
        willReadHistory?(&history)
        search = SearchState(originalText: state.text, originalCursor: state.cursor, direction: direction,
                             start: historyIndex ?? history.count)
    }

    /// Handles a key while searching. Returns nil when the key ended the search and should be
    /// handled normally, or a wrapped request (possibly nil) when it was consumed.
    mutating func handleInSearch(_ event: KeyEvent) -> Optional<EditorRequest?> {
        guard var current = search else { return nil }
        switch event {
        case .text(let text), .paste(let text):
            current.query += Self.singleLine(text)
            search = current
            findMatch(includingCurrent: true)
            return .some(nil)
        case .key(.backspace, []):
            if !current.query.isEmpty { current.query.removeLast() }
            current.matchIndex = nil
            search = current
            findMatch(includingCurrent: true)
            return .some(nil)
        default:
            break
        }
        let command = keyMap.command(for: [event])
        switch command {
        case .reverseSearch?, .forwardSearch?:
            search?.direction = command == .reverseSearch ? -1 : 1
            findMatch(includingCurrent: false)
            return .some(nil)
        case .cancel?, .interrupt?:
            search = nil
            setText(current.originalText)
            state.cursor = current.originalCursor
            return command == .interrupt ? .some(.interrupt) : .some(nil)
        case .submit?:
            search = nil
            return submit()
        case .submitOrInsertNewline?:
            // Enter takes the match as it is: single-line it is submitted (as readline does); in
            // multi-line mode Enter then does what it does at the end of the text.
            search = nil
            state.cursor = state.endPosition
            return nil
        default:
            search = nil
            return nil
        }
    }

    /// Finds the nearest entry holding the query in the search's direction, from the match shown
    /// (itself too when `includingCurrent`, as after a typed character) or from where the search
    /// started.
    private mutating func findMatch(includingCurrent: Bool) {
        guard var current = search else { return }
        let match = if current.direction < 0 {
            history.indexOfMatch(for: current.query, before: current.matchIndex.map { includingCurrent ? $0 + 1 : $0 })
        } else {
            history.indexOfMatch(for: current.query, after: current.matchIndex.map { includingCurrent ? $0 - 1 : $0 } ?? current.start)
        }
        guard let match else {
            current.failed = true
            search = current
            return
        }
        current.matchIndex = match
        current.failed = false
        search = current
        let entry = history[match]
        if entry != state.text { setText(entry) }
        if let start = Self.occurrence(of: current.query, in: entry) { state.cursor = Self.position(ofByte: start, in: entry) }
    }

    /// The UTF-8 offset in `entry` where `query` first (or `last`) occurs between whole
    /// `Character`s, as history's search matches it: bytes, not the standard library's string
    /// matching, which would link its regex runtime (about 1 MB) into every app.
    static func occurrence(of query: String, in entry: String, last: Bool = false) -> Int? {
        var query = query, entry = entry
        return query.withUTF8 { query in
            entry.withUTF8 { entry in
                guard !query.isEmpty else { return last ? entry.count : 0 }
                guard query.count <= entry.count else { return nil }
                let latest = entry.count - query.count
                for start in last ? stride(from: latest, through: 0, by: -1) : stride(from: 0, through: latest, by: 1)
                where HistoryStorage.equal(UnsafeBufferPointer(rebasing: entry[start..<start + query.count]), query)
                    && GraphemeBoundary.isBoundary(entry, at: start)
                    && GraphemeBoundary.isBoundary(entry, at: start + query.count) {
                    return start
                }
                return nil
            }
        }
    }

    /// The place of the UTF-8 offset `offset` in `text`: its line and the offset in that line.
    static func position(ofByte offset: Int, in text: String) -> TextPosition {
        let before = text.utf8.prefix(offset)
        let line = before.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        let lineStart = before.lastIndex(of: 0x0A).map { before.index(after: $0) } ?? before.startIndex
        return TextPosition(line: line, offset: before.distance(from: lineStart, to: before.endIndex))
    }
}
