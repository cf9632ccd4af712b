extension Editor {
    /// Takes the text an external editor left (Ctrl-X Ctrl-E) as the entry's, one change that
    /// undo takes back, the cursor at its end; the edit goes on.
    package mutating func finishExternalEdit(with text: String) {
        let filtered = isMultiline ? text : Self.singleLine(text)
        guard filtered != state.text else { return }
        undoHistory.closeGroup()
        replace(.start..<state.endPosition, with: filtered, kind: .other)
        state.cursor = state.endPosition
    }
}
