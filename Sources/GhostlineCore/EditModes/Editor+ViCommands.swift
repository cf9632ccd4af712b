/// vi's commands: operators on a range, the editing commands, undo and `.`, history.
extension Editor {
    /// A command key that is neither a count nor a motion.
    mutating func viSimpleCommand(_ key: Character) -> EditorRequest? {
        let count = viCount
        let line = viLine()
        let length = line.characters.count
        switch key {
        case "c", "d", "y":
            vi.pendingOperator = key
            return nil
        case "f", "F", "t", "T", "r", "m", "`":
            vi.awaitingCharacter = key
            return nil
        case "i": enterViInsert(at: line.index, line.offsets, repeat: count)
        case "a": enterViInsert(at: min(line.index + 1, length), line.offsets, repeat: count)
        case "I": enterViInsert(at: 0, line.offsets, repeat: count)
        case "A": enterViInsert(at: length, line.offsets, repeat: count)
        case "x":
            guard length > 0 else { break }
            applyViOperator("d", to: line.index..<min(line.index + count, length), line.offsets)
        case "X":
            guard line.index > 0 else { break }
            applyViOperator("d", to: max(0, line.index - count)..<line.index, line.offsets)
        case "s": applyViOperator("c", to: line.index..<min(line.index + count, length), line.offsets)
        case "S": applyViOperator("c", to: 0..<length, line.offsets)
        case "C": applyViOperator("c", to: line.index..<length, line.offsets)
        case "D": applyViOperator("d", to: line.index..<length, line.offsets)
        case "Y": applyViOperator("y", to: 0..<length, line.offsets)
        case "p", "P": putViRegister(after: key == "p", count: count)
        case "~": toggleViCase(count: count)
        case "R":
            pushViUndo()
            startViChange(entersInsert: true)
            vi.mode = .replace
            vi.insertStart = state.cursor
        case "v": startViVisual()
        case "u": undoVi()
        case "U": revertVi()
        case ".": return repeatViChange()
        case "k", "-": moveViVertically(up: true, toFirstNonBlank: key == "-", count: count)
        case "j", "+": moveViVertically(up: false, toFirstNonBlank: key == "+", count: count)
        case "o", "O": openViLine(below: key == "o")
        case "G": walkViHistory(to: (vi.count ?? 1) - 1)
        case "_": yankViArgument()
        case "*", "=", "\\": return completeVi(key)
        case "&": expandTildeVi()
        // readline's `vi-search`: `/` searches older entries, `?` newer ones (the other way
        // round from vim); `n` and `N` search again older and newer, whichever started it. Counts
        // are read and do nothing, as in readline.
        case "/", "?": startNonIncrementalSearch(direction: key == "/" ? -1 : 1, promptCharacter: key)
        case "n", "N":
            vi.resetCommand()
            return searchHistoryAgain(direction: key == "n" ? -1 : 1)
        case "#":
            let toggling = vi.count != nil
            vi.resetCommand()
            return insertComment(toggling: toggling)
        default: break
        }
        vi.resetCommand()
        return nil
    }

    /// Deletes, changes or yanks the characters `range` of the cursor's line.
    mutating func applyViOperator(_ operation: Character, to range: Range<Int>, _ offsets: [Int]) {
        let lower = viPosition(range.lowerBound, offsets)
        let upper = viPosition(range.upperBound, offsets)
        if !range.isEmpty { vi.register = state.text(in: lower..<upper) }
        switch operation {
        case "y":
            // The cursor stays where the command started, as readline leaves it.
            vi.resetCommand()
        case "d":
            pushViUndo()
            startViChange(entersInsert: false)
            replace(lower..<upper, with: "", kind: .other)
            move(to: lower)
        default:
            pushViUndo()
            startViChange(entersInsert: true)
            replace(lower..<upper, with: "", kind: .other)
            move(to: lower)
            vi.mode = .insert
            vi.insertStart = lower
        }
    }

    /// Ends the command being typed as a change that `.` repeats; one that goes on in insert
    /// mode takes the keys typed there too, up to Escape.
    mutating func startViChange(entersInsert: Bool) {
        if !vi.isRepeating {
            vi.lastChange = vi.commandKeys
            vi.lastChangeCount = vi.count
            vi.recordsInsert = entersInsert
        }
        vi.resetCommand()
    }

    private mutating func enterViInsert(at index: Int, _ offsets: [Int], repeat count: Int) {
        pushViUndo()
        startViChange(entersInsert: true)
        // `.` types an insert once unless given a count of its own, as readline remembers none.
        if !vi.isRepeating { vi.lastChangeCount = nil }
        move(to: viPosition(index, offsets))
        vi.mode = .insert
        vi.insertStart = state.cursor
        // A count types the insert once, as readline does; `.` with a count types it again that
        // many times.
        vi.insertRepeat = vi.isRepeating ? count : 1
    }

    /// `r`: replaces count characters from the cursor with `character`, leaving the cursor on
    /// the last; a count past the line's end replaces what is there, as readline does.
    mutating func replaceViCharacters(with character: Character) {
        let line = viLine()
        let count = min(viCount, line.characters.count - line.index)
        guard count > 0 else {
            vi.resetCommand()
            return
        }
        pushViUndo()
        startViChange(entersInsert: false)
        let start = viPosition(line.index, line.offsets)
        replace(start..<viPosition(line.index + count, line.offsets), with: String(repeating: String(character), count: count), kind: .other)
        move(to: viPosition(line.index + count - 1, line.offsets))
    }

    /// `p` and `P`: the register count times after or before the cursor, the cursor on its last
    /// character.
    private mutating func putViRegister(after: Bool, count: Int) {
        guard !vi.register.isEmpty else { return }
        pushViUndo()
        startViChange(entersInsert: false)
        let line = viLine()
        let index = after && !line.characters.isEmpty ? line.index + 1 : line.index
        let text = String(repeating: vi.register, count: count)
        if let inserted = replace(viPosition(index, line.offsets)..<viPosition(index, line.offsets), with: text, kind: .other) {
            move(to: state.position(before: inserted.upperBound))
        }
    }

    /// `~`: switches the case of count characters from the cursor and moves past them, as
    /// readline does: each character is a step of its own for `u`, which leaves the cursor
    /// after it, and a count past the line's end goes on switching the last character.
    private mutating func toggleViCase(count: Int) {
        var line = viLine()
        guard line.index < line.characters.count else { return }
        startViChange(entersInsert: false)
        var remaining = count
        while remaining > 0 {
            let last = line.characters.count - 1
            if line.index == last && remaining > 2 {
                // Switched back and forth, the last character ends as two more switches leave it.
                remaining = 2 - remaining % 2
            }
            let character = line.characters[line.index]
            let toggled = character.isUppercase ? String(character).lowercased() : String(character).uppercased()
            let next = min(line.index + 1, last)
            if toggled.count == 1 && toggled != String(character) {
                pushViUndo(cursor: viPosition(next, line.offsets))
                replace(viPosition(line.index, line.offsets)..<viPosition(line.index + 1, line.offsets), with: toggled,
                        kind: .other)
                line.characters[line.index] = Character(toggled)
                line.offsets = Self.viOffsets(line.characters)
                // readline switches a character by deleting it into the register and typing
                // the other case: `p` puts the last one switched.
                vi.register = String(character)
            }
            move(to: viPosition(next, line.offsets))
            line.index = next
            remaining -= 1
        }
    }

    /// Remembers the entry before a change, for `u`, which puts the cursor back at `cursor`
    /// (by default where it is).
    mutating func pushViUndo(cursor: TextPosition? = nil) {
        let text = state.text
        if vi.undoStack.last?.text != text { vi.undoStack.append((text, cursor ?? state.cursor)) }
    }

    /// `u`: the entry as it was before the last change that changed it.
    private mutating func undoVi() {
        let current = state.text
        while let snapshot = vi.undoStack.popLast() {
            guard snapshot.text != current else { continue }
            // readline's cursor on its one line; vim's, where the change was, across lines.
            let isOneLine = !current.contains("\n") && !snapshot.text.contains("\n")
            restoreVi(isOneLine ? (snapshot.text, Self.positionAfterUndo(from: current, to: snapshot)) : snapshot)
            return
        }
    }

    /// Where readline's undo leaves the cursor: after the text it puts back, or where the text
    /// it takes out was when it puts none back. The change is found between the two texts,
    /// placed at the cursor the snapshot kept where repeated characters leave it a choice.
    static func positionAfterUndo(from current: String, to snapshot: (text: String, cursor: TextPosition)) -> TextPosition {
        let now = Array(current), then = Array(snapshot.text)
        var start = 0
        while start < now.count && start < then.count && now[start] == then[start] { start += 1 }
        var suffix = 0
        while suffix < min(now.count, then.count) - start && now[now.count - 1 - suffix] == then[then.count - 1 - suffix] { suffix += 1 }
        var thenEnd = then.count - suffix, nowEnd = now.count - suffix
        let cursorIndex = characterIndex(of: snapshot.cursor, in: then)
        while start > cursorIndex && then[start - 1] == then[thenEnd - 1] && (nowEnd == start || now[start - 1] == now[nowEnd - 1]) {
            start -= 1
            thenEnd -= 1
            nowEnd -= 1
        }
        let index = thenEnd > start ? thenEnd : start
        let before = then[..<index]
        let line = before.reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
        let lineStart = before.lastIndex(of: "\n").map { $0 + 1 } ?? 0
        return TextPosition(line: line, offset: before[lineStart...].reduce(0) { $0 + $1.utf8.count })
    }

    private static func characterIndex(of position: TextPosition, in characters: [Character]) -> Int {
        var line = 0, offset = 0
        for (index, character) in characters.enumerated() {
            if line == position.line && offset >= position.offset { return index }
            if character == "\n" {
                if line == position.line { return index }
                line += 1
                offset = 0
            } else if line == position.line {
                offset += character.utf8.count
            }
        }
        return characters.count
    }

    /// `U`: the entry as it was before its first change.
    private mutating func revertVi() {
        guard let first = vi.undoStack.first, first.text != state.text else { return }
        pushViUndo()
        restoreVi(first)
    }

    private mutating func restoreVi(_ snapshot: (text: String, cursor: TextPosition)) {
        replace(.start..<state.endPosition, with: snapshot.text, kind: .other)
        move(to: snapshot.cursor <= state.endPosition ? snapshot.cursor : state.endPosition)
    }

    /// `.`: types the last change's keys again, with the count given to `.` instead of its own.
    private mutating func repeatViChange() -> EditorRequest? {
        let keys = vi.lastChange
        guard !keys.isEmpty else {
            // Forgotten, or the next change would record this `.` and repeat itself without end.
            vi.resetCommand()
            return nil
        }
        if vi.count != nil { vi.lastChangeCount = vi.count }
        let count = vi.lastChangeCount
        vi.resetCommand()
        vi.count = count
        vi.isRepeating = true
        defer { vi.isRepeating = false }
        // A change typed again leaves the cursor after its text, as readline's does; an insert
        // typed again, on its last character.
        let isChange = keys.first.map { [.text("c"), .text("s"), .text("C"), .text("S")].contains($0) } ?? false
        for event in keys.dropLast(isChange && keys.last == .key(.escape) ? 1 : 0) {
            // A text object not found ends the repeat (`applyViTextObject`).
            guard vi.isRepeating else { return nil }
            if let request = apply(event) { return request }
        }
        // `_` typed again stays in insert mode after its word, as readline's does.
        if vi.mode != .command && keys != [.text("_")] { leaveViInsert(backingUp: !isChange) }
        return nil
    }

    /// `k`, `j` and `G`: the history entry at `index` or the nearest there is (the entry being
    /// edited after the newest), the cursor at its start.
    mutating func walkViHistory(to index: Int) {
        let current = historyIndex ?? history.count
        let target = max(0, min(index, history.count))
        guard target != current else { return }
        walkHistory(by: target - current)
        vi.undoStack.removeAll()
        move(to: TextPosition(line: 0, offset: 0))
    }
}
