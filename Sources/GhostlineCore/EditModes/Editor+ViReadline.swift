/// vi commands readline has beyond vim's: `_` (`vi-yank-arg`), `*`, `=` and `\\`
/// (`vi-complete`), `&` (`vi-tilde-expand`); `#` (`insert-comment`) is the emacs command's, with vi's count as its
/// argument.
extension Editor {
    /// `_`: a space and the last word of the previous history entry (word count − 1 with a
    /// count) after the cursor's character, then insert mode after the word, as readline's
    /// `vi-yank-arg` does. Without such a word nothing happens; `.` does it again, without what
    /// was typed after it, and stays in insert mode.
    mutating func yankViArgument() {
        guard let word = historyArgument(vi.count.map { $0 - 1 }, skipping: 0) else { return }
        let line = viLine()
        let start = viPosition(min(line.index + 1, line.characters.count), line.offsets)
        // `u` puts the cursor where the word went, as readline's does.
        pushViUndo(cursor: start)
        startViChange(entersInsert: false)
        if let inserted = replace(start..<start, with: " " + word, kind: .other) { move(to: inserted.upperBound) }
        vi.mode = .insert
        vi.insertStart = state.cursor
    }

    /// `*`, `=`, `\\`: readline's `vi-complete`. The cursor goes past the end of the WORD it is
    /// on, then `*` puts every candidate in place of the word, `=` lists them, and `\\`
    /// completes as Tab does; after `*` and `\\` insert mode goes on there.
    mutating func completeVi(_ key: Character) -> EditorRequest? {
        let line = viLine()
        var index = line.index
        if index < line.characters.count && !line.characters[index].isWhitespace {
            if index + 1 < line.characters.count && !line.characters[index + 1].isWhitespace {
                index = ViMotions.wordEnd(line.characters, from: index, count: 1, bigWord: true) ?? index
            }
            index += 1
        }
        let cursor = viPosition(index, line.offsets)
        guard key != "=" else {
            vi.resetCommand()
            move(to: cursor)
            return perform(.listCompletions)
        }
        pushViUndo()
        startViChange(entersInsert: false)
        move(to: cursor)
        let request = perform(key == "*" ? .insertCompletions : .complete)
        vi.mode = .insert
        vi.insertStart = state.cursor
        return request
    }

    /// `&`: readline's `vi-tilde-expand`, the emacs command's tilde expansion, then insert mode
    /// after it.
    mutating func expandTildeVi() {
        pushViUndo()
        startViChange(entersInsert: false)
        expandTilde()
        vi.mode = .insert
        vi.insertStart = state.cursor
    }
}
