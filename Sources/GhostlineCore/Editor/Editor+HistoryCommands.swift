/// readline's history commands past the walk and the searches of their own files: the substring
/// search, fetching an entry by its number, and `operate-and-get-next`.
extension Editor {
    /// A series of substring searches, kept while the same command is pressed again: readline
    /// searches for the text that was before the cursor when the series began.
    struct HistorySubstringSearch {
        /// The text searched for.
        let string: String
        /// Where the cursor was: the end of the text searched for, where a failed search puts it.
        let cursor: TextPosition
        /// The history position the next search goes on from.
        var position: Int
        /// The entry last found: a match equal to it is passed over.
        var lastFound: String?
    }

    /// Replaces the text with the `count`th entry toward older (`direction` -1) or newer (+1)
    /// entries that holds the text that was before the cursor when the series began, the cursor
    /// at the match (the last one in the entry searching back, the first searching on) and the
    /// mark at the end, as readline's `history-substring-search-backward` and `-forward` do. With
    /// no match the bell rings, the text stays and the cursor goes where the series began.
    mutating func searchHistory(bySubstringIn direction: Int, count: Int) -> EditorRequest? {
        guard !isSecret, count != 0 else { return nil }
        if lastCommand != .historySubstringSearch || emacs.substringSearch == nil {
            emacs.substringSearch = HistorySubstringSearch(string: state.text(in: .start..<state.cursor), cursor: state.cursor,
                                                           position: historyIndex ?? history.count)
        }
        guard var search = emacs.substringSearch else { return nil }
        let direction = count < 0 ? -direction : direction
        let times = Swift.min(abs(count), NumericArgument.largest)
        if search.string.isEmpty {
            // readline walks as far as there are entries.
            let current = historyIndex ?? history.count
            walkHistory(by: Swift.min(Swift.max(current + direction * times, 0), history.count) - current)
            return nil
        }
        if historyIndex == nil { willReadHistory?(&history) }
        var found: Int?
        var remaining = times
        var ranOut = false
        while remaining > 0 {
            let next = direction < 0 ? history.indexOfMatch(for: search.string, before: search.position)
                                     : history.indexOfMatch(for: search.string, after: search.position)
            guard let next else {
                ranOut = true
                break
            }
            search.position = next
            let entry = history[next]
            if entry == search.lastFound { continue }
            search.lastFound = entry
            found = next
            remaining -= 1
        }
        emacs.substringSearch = search
        guard let found else {
            state.cursor = min(search.cursor, state.endPosition)
            emacs.mark = state.endPosition
            return .bell
        }
        let entry = history[found]
        if entry != state.text { replace(.start..<state.endPosition, with: entry, kind: .other) }
        // A count that ran out of matches leaves the cursor at the end, as readline's does.
        let match = ranOut ? nil : Self.occurrence(of: search.string, in: entry, last: direction < 0)
        state.cursor = match.map { Self.position(ofByte: $0, in: entry) } ?? state.endPosition
        emacs.mark = state.endPosition
        return nil
    }

    /// readline's `fetch-history`: with an argument N, history entry N (counted from 1), or
    /// with a negative one the entry that many back; without one, or with one out of range, the
    /// oldest entry.
    mutating func fetchHistory(argument: NumericArgument?) {
        let current = historyIndex ?? history.count
        guard let argument, argument.isExplicit else { return walkHistory(by: -current) }
        let count = argument.count
        let back = count >= 0 ? current + 1 - count : -count
        walkHistory(by: back <= 0 || back > current ? -current : -back)
    }

    /// readline's `operate-and-get-next`: submits the entry and has the next one start with the
    /// history entry after the one submitted (entry N, counted from 1, with an argument N).
    mutating func submitAndRecallNext(argument: NumericArgument?) -> EditorRequest? {
        let next = if let argument, argument.isExplicit { argument.count - 1 } else { (historyIndex ?? history.count) + 1 }
        let request = submit()
        if case .submit? = request { emacs.entryToRecall = next }
        return request
    }

    /// At the start of an entry after `operate-and-get-next`: the entry it asked for, or the
    /// oldest for a number before it; none past the newest.
    mutating func recallEntryAskedFor() {
        guard let target = emacs.entryToRecall else { return }
        emacs.entryToRecall = nil
        guard !isSecret, target < history.count else { return }
        walkHistory(by: Swift.max(0, target) - history.count)
    }
}
