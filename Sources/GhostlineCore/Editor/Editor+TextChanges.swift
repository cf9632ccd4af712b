/// Changing the text: whole-text and cursor changes from the app, the one replacement every
/// edit goes through (undo, change reports, the veto), kills, and submitting.
extension Editor {
    /// Replaces the whole text, as an app does programmatically; the change is reported like
    /// any other and can be undone.
    package mutating func setText(_ text: String) {
        replace(.start..<state.endPosition, with: text, kind: .other)
        state.cursor = state.endPosition
    }

    /// Moves the cursor.
    package mutating func setCursor(_ position: TextPosition) {
        state.cursor = position
    }

    /// Forgets the entry and the per-entry memory (undo, history walk) for the next one.
    package mutating func startNewEntry(text: String = "") {
        claimHighlightMemo()
        state = EditorState(text: text)
        secretKillRing = KillRing()
        undoHistory.removeAll()
        historyIndex = nil
        draft = nil
        search = nil
        nonIncrementalSearch = nil
        pendingKeys.removeAll()
        lastCommand = .other
        lastYank = nil
        completionListing.removeAll()
        menu = nil
        validationMessage = nil
        numericArgument = nil
        awaitedKey = nil
        emacs.startNewEntry()
        vi.startNewEntry()
        if text.isEmpty { recallEntryAskedFor() }
    }

    /// The one place text changes: asks the veto, edits, records undo and the change event.
    @discardableResult
    mutating func replace(_ range: Range<TextPosition>, with text: String, kind: UndoHistory.GroupKind) -> Range<TextPosition>? {
        guard !(range.isEmpty && text.isEmpty) else { return nil }
        if let shouldChangeText, !runningAppCode({ shouldChangeText(TextChange(range: range, replacement: text), state) }) {
            return nil
        }
        claimHighlightMemo()
        let cursorBefore = state.cursor
        let removed = range.isEmpty ? "" : state.text(in: range)
        let startsWord = kind == .typing && UndoHistory.startsWord(inserting: text, at: range.lowerBound, in: state)
        let inserted = state.replace(range, with: text)
        // As readline keeps it: an offset that edits move only when the text ends before it.
        if emacs.mark > state.endPosition { emacs.mark = state.endPosition }
        // Typing has already moved the cursor there; setting it again would check it again.
        if state.cursor != inserted.upperBound { state.cursor = inserted.upperBound }
        undoHistory.record(RecordedEdit(removedRange: range, removedText: removed, insertedRange: inserted,
                                        cursorBefore: cursorBefore),
                           kind: kind, startsWord: startsWord)
        if recordsChanges { pendingChanges.append(TextChange(range: range, replacement: text)) }
        if validationMessage != nil { validationMessage = nil }
        return inserted
    }

    /// Runs an edit that bypasses ``replace(_:with:kind:)`` (undo, redo) and reports it as a
    /// change of the whole text.
    mutating func notifyingWholeText(_ body: (inout Editor) -> Void) {
        let before = state.text
        let end = state.endPosition
        claimHighlightMemo()
        body(&self)
        let after = state.text
        if recordsChanges && before != after { pendingChanges.append(TextChange(range: .start..<end, replacement: after)) }
        if before != after { validationMessage = nil }
    }

    mutating func kill(_ range: Range<TextPosition>, backward: Bool) {
        guard !range.isEmpty else {
            killedNothing = true
            return
        }
        let text = state.text(in: range)
        let joining = lastCommand == .kill
        if replace(range, with: "", kind: .other) != nil {
            activeKillRing.kill(text, joiningPrevious: joining, backward: backward)
        }
    }

    /// Where the kill last yanked is, when the text just before the cursor is that kill, as
    /// readline's `yank-pop` finds it.
    func yankedRangeBeforeCursor() -> Range<TextPosition>? {
        guard let yanked = activeKillRing.yanked, let range = lastYank else { return nil }
        let cursor = state.cursor
        let count = yanked.utf8.count
        guard cursor.offset >= count, range.upperBound.line == cursor.line else { return nil }
        let start = TextPosition(line: cursor.line, offset: cursor.offset - count)
        guard state.text(in: start..<cursor) == yanked else { return nil }
        return start..<cursor
    }

    /// The ring kills go to and yanks come from: a secret entry's own while it is secret.
    var activeKillRing: KillRing {
        get { isSecret ? secretKillRing : killRing }
        set {
            if isSecret { secretKillRing = newValue } else { killRing = newValue }
        }
    }

    mutating func move(to position: TextPosition) {
        state.cursor = position
    }

    /// Ends the entry with its text, or with the default on an empty entry. The default is put
    /// in the text first, as Tab would put it there, so that the last frame draws it after the
    /// prompt as the entry's text (highlighted, not as ghost text) and the scrollback shows what
    /// was submitted; a change the delegate vetoes leaves the text empty and submits the default all the same.
    mutating func submit() -> EditorRequest? {
        if state.isEmpty, let defaultText, !defaultText.isEmpty {
            replace(state.cursor..<state.cursor, with: defaultText, kind: .other)
        }
        let text = state.isEmpty ? (defaultText ?? "") : state.text
        if let validator, case .refused(let message, let cursor) = runningAppCode({ validator(text) }) {
            validationMessage = message
            if let cursor { setCursor(cursor) }
            return nil
        }
        if isSecret {
            secretKillRing = KillRing()
        } else {
            history.add(text)
        }
        return .submit(text)
    }

    static func singleLine(_ text: String) -> String {
        guard EditorState.hasLineBreak(text) else { return text }
        // Without multi-line editing a pasted line break would submit half the paste or make an
        // entry the user cannot see; it becomes a space, as in most single-line fields.
        return String(decoding: text.utf8.map { $0 == 0x0A ? 0x20 : $0 }, as: UTF8.self)
    }
}
