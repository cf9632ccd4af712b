/// readline's non-incremental history search: vi's `/`, `?`, `n` and `N`, emacs mode's Alt-P and
/// Alt-N and the `-again` commands. ``NonIncrementalSearch`` reads the pattern; this runs the
/// search as readline's `noninc_dosearch` does.
extension Editor {
    /// Opens the pattern line: `/` (older) and `?` (newer) in vi mode, `:` in emacs mode.
    mutating func startNonIncrementalSearch(direction: Int, promptCharacter: Character) {
        // As for Ctrl-R: a search shows history entries, and its pattern is typed in the clear.
        guard !isSecret else { return }
        if historyIndex == nil { willReadHistory?(&history) }
        // The text a cancelled or failed search puts back is the one readline saved for history:
        // the entry being edited, which a walk through history keeps as the draft. vi's `/`
        // forgets that draft first and saves the line shown.
        let saved = editingMode == .emacs && historyIndex != nil ? draft ?? state.text : state.text
        if editingMode == .vi && historyIndex != nil { draft = nil }
        var search = NonIncrementalSearch(promptCharacter: promptCharacter, direction: direction, savedText: saved,
                                          savedCursor: state.cursor, start: historyIndex ?? history.count)
        search.joinsKills = lastCommand == .kill
        nonIncrementalSearch = search
    }

    /// Where the pattern line sees a key first (the entry point from `apply`).
    mutating func handleInNonIncrementalSearch(_ event: KeyEvent) -> EditorRequest? {
        guard var search = nonIncrementalSearch else { return nil }
        let outcome = search.read(event)
        switch outcome {
        case .edited:
            nonIncrementalSearch = search
            return nil
        case .killed(let text):
            activeKillRing.kill(text, joiningPrevious: search.joinsKills, backward: true)
            if !text.isEmpty {
                search.joinsKills = true
                search.hasKilled = true
            }
            nonIncrementalSearch = search
            return nil
        case .cancelled, .search:
            nonIncrementalSearch = nil
            if search.hasKilled { lastCommand = .kill }
        }
        switch outcome {
        case .edited, .killed:
            return nil
        case .cancelled(let bell):
            // The entry as it was, and the cursor where it was (or at the end of a draft
            // shorter than that).
            restoreSavedText(search.savedText)
            state.cursor = search.savedCursor
            return bell ? .bell : nil
        case .search:
            return search.readsCommandName ? runNamedCommand(search) : runNonIncrementalSearch(search)
        }
    }

    /// Enter on the pattern line: searches for the pattern, or for the last one when it is
    /// empty, from the entry the search started at (the last one's place for an empty pattern).
    private mutating func runNonIncrementalSearch(_ search: NonIncrementalSearch) -> EditorRequest? {
        let pattern = search.pattern
        if pattern.isEmpty {
            // With no pattern to search for again, readline rings the bell and leaves the line
            // as the pattern line left it: empty.
            guard lastNonIncrementalSearch != nil else {
                replace(.start..<state.endPosition, with: "", kind: .other)
                return .bell
            }
        } else {
            lastNonIncrementalSearch = LastNonIncrementalSearch(pattern: pattern, position: search.start)
        }
        return searchHistoryAgain(direction: search.direction, restoring: search.savedText)
    }

    /// Searches for the last pattern from the entry it last stood at, toward older (-1) or newer
    /// (+1) entries: vi's `n` and `N`, the `-again` commands, and the pattern line's Enter. A
    /// match becomes the text, the cursor at its start; in vi mode the history walk goes on from
    /// it (`k`, `j`), in emacs mode from where it was, as readline's do. With no match the bell
    /// rings and the text saved for history comes back (`restoring`, or the draft of a walk),
    /// the cursor at its start.
    mutating func searchHistoryAgain(direction: Int, restoring saved: String? = nil) -> EditorRequest? {
        guard !isSecret, var last = lastNonIncrementalSearch else { return .bell }
        if historyIndex == nil && saved == nil { willReadHistory?(&history) }
        guard let found = NonIncrementalSearch.match(last.pattern, in: history, from: last.position + direction,
                                                     direction: direction) else {
            if let text = saved ?? (historyIndex != nil ? draft : nil) { restoreSavedText(text) }
            move(to: .start)
            return .bell
        }
        last.position = found
        lastNonIncrementalSearch = last
        draft = nil
        if editingMode == .vi {
            historyIndex = found
            vi.undoStack.removeAll()
        }
        let entry = history[found]
        if entry != state.text { replace(.start..<state.endPosition, with: entry, kind: .other) }
        move(to: .start)
        emacs.mark = state.endPosition
        return nil
    }

    /// Puts back the text saved as the search started; readline has no saved line after that.
    mutating func restoreSavedText(_ text: String) {
        if text != state.text { replace(.start..<state.endPosition, with: text, kind: .other) }
        if historyIndex != nil { draft = nil }
    }

    /// The pattern line as drawn: the prompt's last line followed by `/`, `?` or `:`, then the
    /// pattern, the cursor after it, as readline shows it in place of the entry.
    func nonIncrementalSearchPresentation(prompt: StyledText, continuationPrompt: StyledText, chrome: Chrome) -> Presentation {
        guard let search = nonIncrementalSearch else { preconditionFailure("no search line to show") }
        let promptBytes = prompt.text.utf8
        let lastLine = promptBytes.lastIndex(of: 0x0A).map { promptBytes[promptBytes.index(after: $0)...] } ?? promptBytes[...]
        let shownPrompt = StyledText(String(decoding: lastLine, as: UTF8.self) + String(search.promptCharacter), style: prompt.style)
        return Presentation(state: search.line, prompt: shownPrompt, continuationPrompt: continuationPrompt,
                            placeholder: nil, suggestion: nil, chrome: chrome, highlights: nil, mask: nil)
    }
}
