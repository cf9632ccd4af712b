/// One primitive edit, remembered so that it can be undone and redone.
struct RecordedEdit: Sendable {
    /// Where the removed text is when it is in the text: before the edit, and again after undo.
    var removedRange: Range<TextPosition>
    /// The text the edit removed.
    var removedText: String
    /// Where the inserted text is, after the edit.
    var insertedRange: Range<TextPosition>
    /// The text the edit inserted.
    var insertedText: String
    /// The cursor before the edit, restored by undo.
    var cursorBefore: TextPosition
}

/// Undo and redo over groups of edits: a typed word, a kill, a yank, each undone in one step.
struct UndoHistory: Sendable {
    /// What kind of step the newest group is, so typing can keep extending it.
    enum GroupKind: Sendable, Equatable { case typing, other }

    private var undoGroups: [[RecordedEdit]] = []
    private var redoGroups: [[RecordedEdit]] = []
    private var newestKind: GroupKind?
    var limit = 1_000

    /// Records an edit. Typing joins the newest group while it continues a word; a space after
    /// a word, or any other kind of edit, starts a new group.
    mutating func record(_ edit: consuming RecordedEdit, kind: GroupKind) {
        if !redoGroups.isEmpty { redoGroups.removeAll() }
        let group = undoGroups.count - 1
        // The previous edit is read where it is: a copy of it would retain and release its texts.
        if kind == .typing, newestKind == .typing, group >= 0, let previous = undoGroups[group].indices.last,
           undoGroups[group][previous].insertedRange.upperBound == edit.removedRange.lowerBound,
           edit.removedText.isEmpty,
           !(Self.isSpace(edit.insertedText, atStart: true)
             && !Self.isSpace(undoGroups[group][previous].insertedText, atStart: false)) {
            undoGroups[group].append(consume edit)
        } else {
            undoGroups.append([consume edit])
            if undoGroups.count > limit { undoGroups.removeFirst() }
        }
        newestKind = kind
    }

    /// Whether the first (or last) `Character` of `text` is whitespace. A lone ASCII byte there,
    /// with no mark joining it, is the whole character, so typing is answered from the bytes
    /// before Unicode's property tables.
    private static func isSpace(_ text: String, atStart: Bool) -> Bool {
        let utf8 = text.utf8
        guard !utf8.isEmpty else { return false }
        // Subscripts rather than `first` and `last`, which are calls into generic code.
        let byte = atStart ? utf8[utf8.startIndex] : utf8[utf8.index(before: utf8.endIndex)]
        let neighbour = utf8.count < 2 ? nil : atStart ? utf8[utf8.index(after: utf8.startIndex)]
                                                       : utf8[utf8.index(utf8.endIndex, offsetBy: -2)]
        if byte < 0x80 && (neighbour ?? 0) < 0x80 { return byte == 0x20 || (0x09...0x0D).contains(byte) }
        return (atStart ? text.first : text.last)?.isWhitespace ?? false
    }

    /// Ends the current group, so the next edit starts a new one (after a cursor move, say).
    mutating func closeGroup() { newestKind = nil }

    /// Undoes the newest group in `state`; false when there is nothing to undo.
    mutating func undo(in state: inout EditorState) -> Bool {
        guard let group = undoGroups.popLast() else { return false }
        var redone: [RecordedEdit] = []
        for edit in group.reversed() {
            let restored = state.replace(edit.insertedRange, with: edit.removedText)
            redone.append(RecordedEdit(removedRange: restored, removedText: edit.removedText,
                                       insertedRange: edit.insertedRange, insertedText: edit.insertedText,
                                       cursorBefore: edit.cursorBefore))
            state.cursor = edit.cursorBefore
        }
        redoGroups.append(redone.reversed())
        newestKind = nil
        return true
    }

    /// Redoes the group undone last; false when there is nothing to redo.
    mutating func redo(in state: inout EditorState) -> Bool {
        guard let group = redoGroups.popLast() else { return false }
        var done: [RecordedEdit] = []
        for edit in group {
            var redone = edit
            redone.insertedRange = state.replace(edit.removedRange, with: edit.insertedText)
            state.cursor = redone.insertedRange.upperBound
            done.append(redone)
        }
        undoGroups.append(done)
        newestKind = nil
        return true
    }

    /// Forgets everything, as when the text is replaced by a history entry.
    mutating func removeAll() {
        undoGroups.removeAll()
        redoGroups.removeAll()
        newestKind = nil
    }
}
