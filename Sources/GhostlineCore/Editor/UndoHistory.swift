/// One primitive edit, remembered so that it can be undone. The text it inserted is not kept:
/// undone newest first, each edit finds the text in `insertedRange` as it left it, and reads it
/// there for redo. Typing then records a range, never a string.
struct RecordedEdit: Sendable {
    /// Where the removed text is when it is in the text: before the edit, and again after undo.
    var removedRange: Range<TextPosition>
    /// The text the edit removed.
    var removedText: String
    /// Where the inserted text is, after the edit.
    var insertedRange: Range<TextPosition>
    /// The cursor before the edit, restored by undo.
    var cursorBefore: TextPosition
}

/// Undo and redo over groups of edits: a typed word, a kill, a yank, each undone in one step.
struct UndoHistory: Sendable {
    /// What kind of step the newest group is, so typing can keep extending it.
    enum GroupKind: Sendable, Equatable { case typing, other }

    /// An undone edit and the text it had inserted, for redo.
    private struct UndoneEdit: Sendable {
        var edit: RecordedEdit
        var insertedText: String
    }

    /// Every edit that can be undone, oldest first, in one array rather than an array per group:
    /// a new group (every word typed) then allocates nothing.
    private var edits: [RecordedEdit] = []
    /// Where each group starts in `edits`, oldest first; a group is never empty.
    private var groupStarts: [Int] = []
    private var redoGroups: [[UndoneEdit]] = []
    private var newestKind: GroupKind?
    var limit = 1_000

    /// An empty history with room for its first edits, made with the editor and kept from entry
    /// to entry, so that a session's first key does not allocate it (`make budget` counts the
    /// first key).
    init() {
        edits.reserveCapacity(16)
        groupStarts.reserveCapacity(16)
    }

    /// Records an edit. Typing joins the newest group while it continues a word; an edit that
    /// `startsWord` (a space after a word), or any other kind of edit, starts a new group.
    /// Typing that only inserts right after an insertion of the group widens that insertion's
    /// range instead of adding an edit: undone, both come out together, as a group would.
    mutating func record(_ edit: consuming RecordedEdit, kind: GroupKind, startsWord: Bool) {
        if !redoGroups.isEmpty { redoGroups.removeAll() }
        let previous = edits.count - 1
        // The previous edit is read and widened where it is: a copy would retain its text.
        if kind == .typing, newestKind == .typing, !startsWord, !groupStarts.isEmpty,
           edits[previous].insertedRange.upperBound == edit.removedRange.lowerBound,
           edit.removedRange.isEmpty {
            if edits[previous].removedRange.isEmpty {
                edits[previous].insertedRange = edits[previous].insertedRange.lowerBound..<edit.insertedRange.upperBound
            } else {
                edits.append(consume edit)
            }
        } else {
            groupStarts.append(edits.count)
            edits.append(consume edit)
            if groupStarts.count > limit { removeOldestGroup() }
        }
        newestKind = kind
    }

    private mutating func removeOldestGroup() {
        let end = groupStarts.count > 1 ? groupStarts[1] : edits.count
        edits.removeFirst(end)
        groupStarts.removeFirst()
        for index in groupStarts.indices { groupStarts[index] -= end }
    }

    /// Whether typing `text` at `position` starts a word, and with it a group of its own: it
    /// begins with whitespace where the text before it ends in none.
    static func startsWord(inserting text: String, at position: TextPosition, in state: EditorState) -> Bool {
        // Subscripts rather than `first`, which is a call into generic code.
        let utf8 = text.utf8
        guard !utf8.isEmpty else { return false }
        let first = utf8[utf8.startIndex]
        // Most keys are printable ASCII other than a space, answered by the first byte alone.
        if first > 0x20 && first < 0x80 { return false }
        return text.first?.isWhitespace == true && !state.isWhitespace(before: position)
    }

    /// Ends the current group, so the next edit starts a new one (after a cursor move, say).
    mutating func closeGroup() { newestKind = nil }

    /// Undoes the newest group in `state`; false when there is nothing to undo.
    mutating func undo(in state: inout EditorState) -> Bool {
        guard let start = groupStarts.popLast() else { return false }
        var undone: [UndoneEdit] = []
        for index in (start..<edits.count).reversed() {
            let edit = edits[index]
            let inserted = state.text(in: edit.insertedRange)
            let restored = state.replace(edit.insertedRange, with: edit.removedText)
            undone.append(UndoneEdit(edit: RecordedEdit(removedRange: restored, removedText: edit.removedText,
                                                        insertedRange: edit.insertedRange, cursorBefore: edit.cursorBefore),
                                     insertedText: inserted))
            state.cursor = edit.cursorBefore
        }
        edits.removeSubrange(start...)
        redoGroups.append(undone.reversed())
        newestKind = nil
        return true
    }

    /// Redoes the group undone last; false when there is nothing to redo.
    mutating func redo(in state: inout EditorState) -> Bool {
        guard let group = redoGroups.popLast() else { return false }
        groupStarts.append(edits.count)
        for undone in group {
            var redone = undone.edit
            redone.insertedRange = state.replace(redone.removedRange, with: undone.insertedText)
            state.cursor = redone.insertedRange.upperBound
            edits.append(redone)
        }
        newestKind = nil
        return true
    }

    /// Forgets everything, as when the text is replaced by a history entry. The storage stays
    /// for the next entry's edits.
    mutating func removeAll() {
        edits.removeAll(keepingCapacity: true)
        groupStarts.removeAll(keepingCapacity: true)
        redoGroups.removeAll()
        newestKind = nil
    }
}

extension UndoHistory {
    /// Calls `body` with the text of each undo and redo record, in place (see
    /// `Editor.forEachStoredText`).
    mutating func forEachText(_ body: (inout String) -> Void) {
        for index in edits.indices { body(&edits[index].removedText) }
        for group in redoGroups.indices {
            for index in redoGroups[group].indices {
                body(&redoGroups[group][index].edit.removedText)
                body(&redoGroups[group][index].insertedText)
            }
        }
    }
}
