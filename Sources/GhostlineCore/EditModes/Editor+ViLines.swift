/// vi's commands between the lines of a multi-line entry (`isMultiline`): `j`, `k`, `+` and `-`
/// move between its lines before walking history from its first or last, `o` and `O` open a line.
/// In a single-line entry they walk history, or do nothing, as readline's do.
extension Editor {
    /// `k`, `-` (up, `up` true) or `j`, `+`: count lines up or down within the entry, keeping the
    /// cursor's character index (`j`, `k`; the one before the first of several, through shorter
    /// lines) or going to the first non-blank (`+`, `-`); from the
    /// entry's first or last line, or in a single-line entry, the history entry count away.
    mutating func moveViVertically(up: Bool, toFirstNonBlank: Bool, count: Int) {
        let current = state.cursor.line
        guard isMultiline, up ? current > 0 : current < state.lineCount - 1 else {
            let index = historyIndex ?? history.count
            walkViHistory(to: up ? index - count : index + count)
            return
        }
        let column = vi.goalColumn ?? viLine().index
        vi.goalColumn = toFirstNonBlank ? nil : column
        let target = up ? max(0, current - count) : min(state.lineCount - 1, current + count)
        let characters = Array(state.line(target))
        let index = toFirstNonBlank ? ViMotions.firstNonBlank(characters) : min(column, max(0, characters.count - 1))
        move(to: TextPosition(line: target, offset: Self.viOffsets(characters)[min(index, characters.count)]))
    }

    /// `o` and `O` in a multi-line entry: a new line below or above the cursor's, in insert mode.
    mutating func openViLine(below: Bool) {
        guard isMultiline else { return }
        pushViUndo()
        startViChange(entersInsert: true)
        let line = state.cursor.line
        let place = TextPosition(line: line, offset: below ? state.line(line).utf8.count : 0)
        replace(place..<place, with: "\n", kind: .other)
        move(to: TextPosition(line: below ? line + 1 : line, offset: 0))
        vi.mode = .insert
        vi.insertStart = state.cursor
    }
}
