/// Alt-& and vi's `&` (readline's `tilde-expand`, `vi-tilde-expand`).
extension Editor {
    /// Puts the home directory in place of the `~` or `~user` that starts the word around the
    /// cursor, as readline's `tilde-expand` finds it: the word the character before the cursor
    /// is in (the one after the cursor when that character is a blank or there is none), or
    /// the text from a `~` just before the cursor to the end of its word. The cursor goes after
    /// the expansion (the word, for a user with no home); a word that starts with no `~` changes
    /// nothing.
    mutating func expandTilde() {
        guard let homeDirectory else { return }
        let characters = Array(state.line(state.cursor.line))
        let offsets = Self.viOffsets(characters)
        let point = offsets.firstIndex(of: state.cursor.offset) ?? characters.count
        var start = point - 1
        if start >= 0 && characters[start] != "~" {
            while start >= 0 && !characters[start].isWhitespace { start -= 1 }
            start += 1
        } else if start < 0 {
            start = 0
        }
        guard start < characters.count, characters[start] == "~" else { return }
        var end = start + 1
        while end < characters.count && !characters[end].isWhitespace { end += 1 }
        let word = characters[start..<end]
        let slash = word.firstIndex(of: "/") ?? end
        let line = state.cursor.line
        let range = TextPosition(line: line, offset: offsets[start])..<TextPosition(line: line, offset: offsets[end])
        // A user with no home: readline puts the word back as it was, the cursor after it.
        guard let home = homeDirectory(String(characters[(start + 1)..<slash])) else { return move(to: range.upperBound) }
        if let replaced = replace(range, with: home + String(characters[slash..<end]), kind: .other) { move(to: replaced.upperBound) }
    }
}
