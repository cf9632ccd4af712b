/// vi mode's reading of keys: insert mode types as emacs mode does until Escape, command mode
/// reads counts, motions, operators and commands, one key at a time.
extension Editor {
    /// Which of vi's modes the editor is in (insert mode in emacs mode, which has none).
    package var viMode: ViMode { vi.mode }

    /// The cursor's line as characters, the UTF-8 offset where each starts (and the line's
    /// end), and the cursor's index among them.
    func viLine() -> (characters: [Character], offsets: [Int], index: Int) {
        let characters = Array(state.line(state.cursor.line))
        let offsets = Self.viOffsets(characters)
        let index = offsets.firstIndex(of: state.cursor.offset) ?? characters.count
        return (characters, offsets, index)
    }

    /// The position of the character at `index` on the cursor's line.
    func viPosition(_ index: Int, _ offsets: [Int]) -> TextPosition {
        TextPosition(line: state.cursor.line, offset: offsets[max(0, min(index, offsets.count - 1))])
    }

    /// Handles a key in vi mode. Returns nil when the key is read as in emacs mode (typing and
    /// control keys in insert mode, Enter and the control keys in command mode), or a wrapped
    /// request when vi consumed it.
    mutating func applyVi(_ event: KeyEvent) -> Optional<EditorRequest?> {
        if let outcome = applyViBinding(event) { return outcome }
        // Escape typed quickly before a key arrives as that key with Alt (Ctrl-P as Alt-Ctrl-P):
        // in vi they are two keys.
        if case .key(let key, let modifiers) = event, modifiers.contains(.alt) {
            if let request = applyVi(.key(.escape)) ?? nil { return .some(request) }
            let rest = modifiers.subtracting(.alt)
            if case .character(let character) = key, rest.isEmpty { return .some(apply(.text(String(character)))) }
            return .some(apply(.key(key, rest)))
        }
        switch vi.mode {
        case .insert, .replace: return viInsertKey(event)
        case .command: return viCommandKey(event)
        case .visual: return viVisualKey(event)
        }
    }

    mutating func viInsertKey(_ event: KeyEvent) -> Optional<EditorRequest?> {
        if vi.insertStart == nil {
            // An insert not started by a command: the entry's first, typed before any Escape.
            pushViUndo()
            vi.insertStart = state.cursor
        }
        if vi.recordsInsert && !vi.isRepeating { vi.lastChange.append(event) }
        switch event {
        case .key(.escape, []):
            leaveViInsert()
            return .some(nil)
        case .text(let text) where vi.mode == .replace:
            for character in text { overwriteCharacter(character) }
            return .some(nil)
        case .key(.backspace, []) where vi.mode == .replace:
            move(to: state.position(before: state.cursor))
            return .some(nil)
        default:
            return nil
        }
    }

    private mutating func overwriteCharacter(_ character: Character) {
        let cursor = state.cursor
        let end = cursor.offset < state.line(cursor.line).utf8.count ? state.position(after: cursor) : cursor
        replace(cursor..<end, with: String(character), kind: .other)
    }

    /// Escape in insert mode: types the insert's text again for a count (`3.` of an insert),
    /// then goes to command mode with the cursor on the character before it, or where it is
    /// without `backingUp`.
    mutating func leaveViInsert(backingUp: Bool = true) {
        let insertStart = vi.insertStart
        if vi.insertRepeat > 1, let start = insertStart, start.line == state.cursor.line, start < state.cursor {
            let text = state.text(in: start..<state.cursor)
            for _ in 1..<vi.insertRepeat { replace(state.cursor..<state.cursor, with: text, kind: .other) }
        }
        vi.insertRepeat = 1
        vi.insertStart = nil
        vi.recordsInsert = false
        vi.mode = .command
        if !vi.hasBeenInCommandMode {
            // As in readline, the text typed before the entry's first Escape is not undone, and
            // it is what `.` types again when the change it repeats is none or an insert.
            vi.hasBeenInCommandMode = true
            vi.undoStack.removeAll()
            if let start = insertStart, start.line == state.cursor.line, start < state.cursor {
                rememberFirstInsert(state.text(in: start..<state.cursor))
            }
        }
        undoHistory.closeGroup()
        if backingUp && state.cursor.offset > 0 { move(to: state.position(before: state.cursor)) }
    }

    /// Makes `text`, the entry's first insert, the change `.` repeats, typed with the insert
    /// command of the change remembered (`i` when there is none); a change of another kind stays.
    private mutating func rememberFirstInsert(_ text: String) {
        let insertCommands: [KeyEvent] = [.text("i"), .text("a"), .text("I"), .text("A")]
        guard let command = vi.lastChange.isEmpty ? .text("i") : vi.lastChange.first,
              insertCommands.contains(command) else { return }
        vi.lastChange = [command, .text(text)]
        vi.lastChangeCount = nil
    }

    /// What a key is to command and visual mode: keys read together, one key of vi's (Backspace
    /// is `h`, Ctrl-P `k`, Ctrl-N `j`), Escape, or a key vi does not read.
    enum ViKeyReading {
        case together(String)
        case key(Character)
        case escape
        case other
    }

    static func viReading(of event: KeyEvent) -> ViKeyReading {
        switch event {
        case .text(let text) where text.count > 1: .together(text)
        case .text(let text): text.first.map { .key($0) } ?? .together("")
        case .key(.backspace, []): .key("h")
        case .key(.escape, []): .escape
        case .key(.character("p"), .control): .key("k")
        case .key(.character("n"), .control): .key("j")
        default: .other
        }
    }

    /// Keys read together: each is its own command, and those after an `i` or a `c` are typed.
    /// The bell (`n` finding nothing) does not end them: each key still does what it does.
    mutating func applyViKeys(together text: String) -> EditorRequest? {
        var bell: EditorRequest?
        for character in text {
            switch apply(.text(String(character))) {
            case .bell?: bell = .bell
            case let request?: return request
            case nil: break
            }
        }
        return bell
    }

    mutating func viCommandKey(_ event: KeyEvent) -> Optional<EditorRequest?> {
        let key: Character
        switch Self.viReading(of: event) {
        case .together(let text): return .some(applyViKeys(together: text))
        case .key(let typed): key = typed
        case .escape:
            vi.resetCommand()
            return .some(nil)
        case .other:
            vi.resetCommand()
            return nil
        }
        // Only `j` and `k` (with a count) keep the column they go on from.
        if vi.pendingOperator != nil || vi.awaitingCharacter != nil || !"jk+-123456789".contains(key) {
            vi.goalColumn = nil
        }
        let request = viCommand(key)
        if vi.mode == .command { clampViCursor() }
        return .some(request)
    }

    /// In command mode the cursor is on a character, never after the last.
    mutating func clampViCursor() {
        let cursor = state.cursor
        if cursor.offset > 0, cursor.offset == state.line(cursor.line).utf8.count {
            move(to: state.position(before: cursor))
        }
    }

    private mutating func viCommand(_ key: Character) -> EditorRequest? {
        if let awaiting = vi.awaitingCharacter {
            vi.awaitingCharacter = nil
            vi.commandKeys.append(.text(String(key)))
            switch awaiting {
            case "r":
                replaceViCharacters(with: key)
                return nil
            case "m":
                vi.marks[key] = state.cursor.offset
                vi.resetCommand()
                return nil
            case "`":
                return viMotion(awaiting, target: key)
            case "i", "a":
                applyViTextObject(key, around: awaiting == "a")
                return nil
            default:
                vi.lastFind = (awaiting, key)
            }
            return viMotion(awaiting, target: key)
        }
        if let digit = key.wholeNumberValue, key.isASCII, digit > 0 || (vi.pendingOperator == nil ? vi.count : vi.operatorCount) != nil {
            if vi.pendingOperator == nil {
                vi.count = min((vi.count ?? 0) * 10 + digit, 99_999)
            } else {
                vi.operatorCount = min((vi.operatorCount ?? 0) * 10 + digit, 99_999)
                vi.commandKeys.append(.text(String(key)))
            }
            return nil
        }
        vi.commandKeys.append(.text(String(key)))
        if vi.pendingOperator != nil {
            if "fFtT`ia".contains(key) {
                vi.awaitingCharacter = key
                return nil
            }
            return viMotion(key, target: nil)
        }
        if Self.viMotionKeys.contains(key) { return viMotion(key, target: nil) }
        return viSimpleCommand(key)
    }

    /// The UTF-8 offset where each character of `line` starts, and its end.
    static func viOffsets(_ line: [Character]) -> [Int] {
        var offsets = [0]
        offsets.reserveCapacity(line.count + 1)
        for character in line { offsets.append(offsets[offsets.count - 1] + character.utf8.count) }
        return offsets
    }

    static let viMotionKeys: Set<Character> = ["h", "l", " ", "0", "^", "$", "|", "w", "b", "e", "W", "B", "E", "%", ";", ","]

    /// The keys readline takes as an operator's motion (`vi_motion`); any other but the
    /// operator's own, a digit, and vim's text objects (`i`, `a`) ends the command.
    static let readlineMotionKeys = " hl^$0ftFT;,%wbeWBE|`"

    /// The count of the command: the one before it times the one after its operator.
    var viCount: Int { (vi.count ?? 1) * (vi.operatorCount ?? 1) }

    /// A motion, on its own or as the target of the pending operator.
    private mutating func viMotion(_ key: Character, target: Character?) -> EditorRequest? {
        let operation = vi.pendingOperator
        let line = viLine()
        if let operation, key == operation {
            applyViOperator(operation, to: 0..<line.characters.count, line.offsets)
            return nil
        }
        guard let (destination, inclusive) = viTarget(key, target: target, line: line.characters, index: line.index,
                                                       operation: operation) else {
            // As in readline, a change whose motion cannot be made still starts the insert, and
            // takes the character under the cursor unless the motion is one that never does; a
            // key that is no motion ends it.
            if operation == "c" && Self.readlineMotionKeys.contains(key) {
                let takesCharacter = !" l|hwW^0bBFT`".contains(key) && line.index < line.characters.count
                applyViOperator("c", to: line.index..<(line.index + (takesCharacter ? 1 : 0)), line.offsets)
            } else {
                vi.resetCommand()
            }
            return nil
        }
        guard let operation else {
            vi.resetCommand()
            move(to: viPosition(destination, line.offsets))
            return nil
        }
        // As in readline, an operator takes the character a motion lands on only going forward,
        // and a yank never `%`'s.
        let takesDestination = inclusive && destination >= line.index && !(operation == "y" && key == "%")
        let lower = min(destination, line.index)
        let upper = min(max(destination, line.index) + (takesDestination ? 1 : 0), line.characters.count)
        applyViOperator(operation, to: lower..<upper, line.offsets)
        return nil
    }

    /// A text object (`iw`, `a(`, ...) as the target of the pending operator, which starts at
    /// the object's start, as vim's does (`u` and a yank leave the cursor there). With no object
    /// there the command is cancelled, and a `.` typing it again types nothing more; a word
    /// object leaves the cursor on the line's last character, where vim's search for it ended.
    private mutating func applyViTextObject(_ object: Character, around: Bool) {
        let line = viLine()
        guard let operation = vi.pendingOperator,
              let range = ViTextObjects.range(object, around: around, in: line.characters, at: line.index, count: viCount) else {
            vi.resetCommand()
            vi.isRepeating = false
            if (object == "w" || object == "W") && !line.characters.isEmpty {
                move(to: viPosition(line.characters.count - 1, line.offsets))
            }
            return
        }
        move(to: viPosition(range.lowerBound, line.offsets))
        applyViOperator(operation, to: range, line.offsets)
    }

    /// Where a motion goes from `index`, and whether an operator takes the character there.
    func viTarget(_ key: Character, target: Character?, line: [Character], index: Int,
                          operation: Character?) -> (Int, Bool)? {
        let count = viCount
        let last = max(0, line.count - 1)
        switch key {
        case "h":
            return index == 0 ? nil : (max(0, index - count), false)
        case "l", " ":
            if operation != nil { return index < line.count ? (min(index + count, line.count), false) : nil }
            return index + 1 < line.count ? (min(index + count, last), false) : nil
        case "0": return (0, false)
        case "^": return (ViMotions.firstNonBlank(line), false)
        case "$": return operation != nil ? (line.count, false) : (last, false)
        case "|": return (min(count - 1, operation != nil ? line.count : last), false)
        case "w", "W":
            let bigWord = key == "W"
            // `cw` on a word changes to the word's end, not to the next word: to the end of the
            // one under the cursor (a word of one character is that character), then of the
            // words after it for a count.
            let kind = index < line.count ? ViMotions.characterClass(line[index], bigWord: bigWord) : .blank
            if operation == "c", kind != .blank {
                var end = index
                while end + 1 < line.count && ViMotions.characterClass(line[end + 1], bigWord: bigWord) == kind { end += 1 }
                if count > 1 { end = ViMotions.wordEnd(line, from: end, count: count - 1, bigWord: bigWord) ?? end }
                return (end, true)
            }
            let next = ViMotions.nextWordStart(line, from: index, count: count, bigWord: bigWord)
            return operation != nil ? (next, false) : (min(next, last), false)
        case "e", "E":
            // Under an operator, with no word's end ahead, it takes the character under the
            // cursor, as readline's does.
            let end = ViMotions.wordEnd(line, from: index, count: count, bigWord: key == "E")
            return end.map { ($0, true) } ?? (operation != nil && index < line.count ? (index, true) : nil)
        case "b", "B":
            return ViMotions.previousWordStart(line, from: index, count: count, bigWord: key == "B").map { ($0, false) }
        case "%":
            return ViMotions.matchingBracket(line, from: index).map { ($0, true) }
        case ";", ",":
            guard let (found, character) = vi.lastFind else { return nil }
            var command = found
            if key == "," {
                command = ["f": "F", "F": "f", "t": "T", "T": "t"][command] ?? command
            }
            return ViMotions.find(command, character, in: line, from: index, count: count, repeating: true)
                .map { ($0, command == "f" || command == "t") }
        case "`":
            guard let target, let offset = vi.marks[target] else { return nil }
            return (min(Self.viOffsets(line).firstIndex { $0 >= offset } ?? line.count, line.count), false)
        case "f", "F", "t", "T":
            guard let target else { return nil }
            return ViMotions.find(key, target, in: line, from: index, count: count).map { ($0, key == "f" || key == "t") }
        default:
            return nil
        }
    }
}
