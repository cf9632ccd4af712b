/// The operators of vim's visual mode on the selection, after which the mode is command mode
/// (insert mode for `c` and `s`), the cursor at the selection's start.
extension Editor {
    /// `d`, `x` (delete into the register), `c`, `s` (delete and insert), `y` (yank), `r`
    /// (`replacement` for every character), `~`, `U`, `u` (switch, upper, lower case) on the
    /// selection. The changes are one step for `u`, which puts the cursor back at the
    /// selection's start, and `.` does them again on as many characters from the cursor.
    mutating func applyViVisualOperator(_ key: Character, replacement: Character? = nil) {
        let selection = viSelection()
        let repeatKeys = viVisualRepeatKeys() + [key, replacement].compactMap { $0.map { KeyEvent.text(String($0)) } }
        let text = state.text(in: selection)
        vi.mode = .command
        vi.count = nil
        move(to: selection.lowerBound)
        switch key {
        case "y":
            if !text.isEmpty { vi.register = text }
        case "d", "x", "c", "s":
            if !text.isEmpty { vi.register = text }
            let changes = key == "c" || key == "s"
            pushViUndo()
            vi.commandKeys = repeatKeys
            startViChange(entersInsert: changes)
            replace(selection, with: "", kind: .other)
            move(to: selection.lowerBound)
            if changes {
                vi.mode = .insert
                vi.insertStart = selection.lowerBound
            }
        default:
            pushViUndo()
            vi.commandKeys = repeatKeys
            startViChange(entersInsert: false)
            let changed = String(text.map { Self.viVisualCharacter($0, key, replacement: replacement) })
            if changed != text { replace(selection, with: changed, kind: .other) }
            move(to: selection.lowerBound)
        }
        vi.resetCommand()
    }

    /// `character` as `r`, `~`, `U` or `u` leaves it: line breaks stay, and a character whose
    /// other case is more than one character (`ß`) stays as it is.
    static func viVisualCharacter(_ character: Character, _ key: Character, replacement: Character?) -> Character {
        guard character != "\n" else { return character }
        let changed: String
        switch key {
        case "r": return replacement ?? character
        case "U": changed = character.uppercased()
        case "u": changed = character.lowercased()
        default: changed = character.isUppercase ? character.lowercased() : character.uppercased()
        }
        return changed.count == 1 ? Character(changed) : character
    }

    /// The keys that select again, from where the cursor will be, what the selection covers for
    /// `.`, as vim does: as many characters on one line, and across lines as many lines, to the
    /// same character index on the last. A selection to a line's end goes to the line's end.
    private func viVisualRepeatKeys() -> [KeyEvent] {
        let anchor = min(vi.visualAnchor, state.endPosition)
        let first = min(anchor, state.cursor), last = max(anchor, state.cursor)
        var keys = "v"
        let lastLine = Array(state.line(last.line))
        let lastIndex = Self.viOffsets(lastLine).firstIndex(of: last.offset) ?? lastLine.count
        if last.line > first.line {
            keys += "\(last.line - first.line)j0"
            if lastIndex == lastLine.count { keys += "$" } else if lastIndex > 0 { keys += "\(lastIndex)l" }
        } else if lastIndex == lastLine.count {
            keys += "$"
        } else {
            let firstIndex = Self.viOffsets(lastLine).firstIndex(of: first.offset) ?? lastIndex
            if lastIndex > firstIndex { keys += "\(lastIndex - firstIndex)l" }
        }
        return keys.map { KeyEvent.text(String($0)) }
    }
}
