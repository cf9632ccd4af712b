extension Editor {
    // MARK: - Commands that read a key

    /// Gives the key a command waited for to it: Ctrl-] moves to the character, Ctrl-V
    /// inserts the key as it came.
    mutating func takeAwaitedKey(_ awaited: AwaitedKey, _ event: KeyEvent) -> EditorRequest? {
        awaitedKey = nil
        switch awaited {
        case .characterSearch(let count):
            guard let character = Self.character(of: event) else { return nil }
            searchCharacter(character, count: count)
            if case .text(let text) = event, text.count > 1 { return apply(.text(String(text.dropFirst()))) }
        case .quotedInsert(let count):
            let text = Self.quotedText(of: event)
            guard count > 0, !text.isEmpty else { return nil }
            let first = String(text.prefix(1))
            _ = performOnce(.insert(String(repeating: first, count: min(count, NumericArgument.largest)) + text.dropFirst()), kind: .other)
        }
        return nil
    }

    /// The character a key types, for Ctrl-]: text, or the control character of a control key.
    private static func character(of event: KeyEvent) -> Character? {
        Self.quotedText(of: event).first
    }

    /// The text a key stands for as the terminal sent it: typed text as it is, a control key
    /// as its control character (Ctrl-A as U+0001, Backspace as DEL), an Alt key with ESC before
    /// it. Keys that arrive as longer sequences (arrows, function keys) give nothing.
    static func quotedText(of event: KeyEvent) -> String {
        switch event {
        case .text(let text), .paste(let text): return text
        case .key(let key, let modifiers):
            var text = modifiers.contains(.alt) ? "\u{1B}" : ""
            switch key {
            case .enter: text += "\r"
            case .tab: text += "\t"
            case .backspace: text += "\u{7F}"
            case .escape: text += "\u{1B}"
            case .character(let character) where modifiers.contains(.control):
                guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                      scalar.value >= 0x20, scalar.value < 0x80 else { return "" }
                let byte = scalar.value == 0x20 ? 0 : scalar.value & 0x1F
                text.unicodeScalars.append(Unicode.Scalar(UInt8(byte)))
            case .character(let character): text.append(character)
            default: return ""
            }
            return text
        }
    }

    /// Moves to the `count`th occurrence of `character` after the cursor on its line (before it
    /// when negative); where there are fewer, to the last of them, and where there is none the
    /// cursor stays, as in readline.
    private mutating func searchCharacter(_ character: Character, count: Int) {
        guard count != 0 else { return }
        let cursor = state.cursor
        let line = state.line(cursor.line)
        var offsets: [Int] = []
        var offset = 0
        for lineCharacter in line {
            if lineCharacter == character { offsets.append(offset) }
            offset += lineCharacter.utf8.count
        }
        let candidates = count > 0 ? offsets.filter { $0 > cursor.offset } : offsets.filter { $0 < cursor.offset }.reversed()
        let wanted = min(abs(count), NumericArgument.largest, candidates.count)
        guard wanted > 0 else { return }
        state.cursor = TextPosition(line: cursor.line, offset: candidates[wanted - 1])
    }

    // MARK: - Deleting by place

    /// The command readline's deletions that depend on the cursor's place perform there: at the
    /// end of a text that is not empty, `forward-backward-delete-char` deletes back and
    /// `delete-char-or-list` lists the completions; elsewhere both delete forward.
    func resolvedAtCursor(_ command: Command) -> Command {
        switch command {
        case .deleteForwardOrBackward, .deleteForwardOrListCompletions:
            guard !state.isEmpty && state.cursor == state.endPosition else { return .deleteForward }
            return command == .deleteForwardOrBackward ? .deleteBackward : .listCompletions
        default:
            return command
        }
    }

    // MARK: - Spaces, overwriting, comments, reverting

    /// Alt-\: deletes the spaces and tabs on both sides of the cursor.
    mutating func deleteHorizontalSpace() {
        let cursor = state.cursor
        var start = cursor, end = cursor
        while let character = state.character(before: start), character == " " || character == "\t" {
            start = state.position(before: start)
        }
        while let character = state.character(at: end), character == " " || character == "\t" {
            end = state.position(after: end)
        }
        replace(start..<end, with: "", kind: .other)
        state.cursor = start
    }

    /// Where typed `text` overwrites to in overwrite mode: as many characters after the cursor
    /// as it has, within the line.
    func overwrittenEnd(of text: String) -> TextPosition {
        var end = state.cursor
        for _ in 0..<text.count {
            guard state.character(at: end) != nil else { break }
            end = state.position(after: end)
        }
        return end
    }

    /// Backspace in overwrite mode: the character before the cursor becomes a space, and the
    /// cursor goes back over it.
    mutating func overwriteBackward() {
        let cursor = state.cursor
        guard cursor.offset > 0 else { return }
        let before = state.position(before: cursor)
        replace(before..<cursor, with: " ", kind: .other)
        state.cursor = before
    }

    /// Alt-#: ``commentBegin`` (`#`) at the start of the line and the entry submitted; with an
    /// argument one already there is taken away instead.
    mutating func insertComment(toggling: Bool) -> EditorRequest? {
        let start = TextPosition(line: state.cursor.line, offset: 0)
        state.cursor = start
        if toggling && state.line(start.line).hasPrefix(commentBegin) {
            replace(start..<TextPosition(line: start.line, offset: commentBegin.utf8.count), with: "", kind: .other)
        } else {
            replace(start..<start, with: commentBegin, kind: .other)
        }
        return submit()
    }

    /// Alt-R: every change to the entry taken back; an entry recalled from history goes back
    /// to the history entry.
    mutating func revertLine() {
        if let historyIndex {
            // An entry not changed since it was recalled has nothing to revert: the cursor stays.
            let entry = history[historyIndex]
            if state.text != entry { replace(.start..<state.endPosition, with: entry, kind: .other) }
            return
        }
        notifyingWholeText { editor in
            while editor.undoHistory.undo(in: &editor.state) {}
        }
    }
}
