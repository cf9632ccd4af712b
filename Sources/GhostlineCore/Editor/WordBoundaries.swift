extension EditorState {
    /// What counts as a word for a motion or a kill.
    package enum WordKind: Sendable {
        /// Letters and digits, as readline's Alt-B, Alt-F and Alt-D see words (`rl_alphabetic`:
        /// `_` and other punctuation are not word characters).
        case alphanumeric
        /// Anything but whitespace, as readline's Ctrl-W (`unix-word-rubout`) sees words.
        case nonWhitespace

        func contains(_ character: Character) -> Bool {
            switch self {
            case .alphanumeric: return character.isLetter || character.isNumber
            case .nonWhitespace: return !character.isWhitespace
            }
        }
    }

    /// The start of the word before `position`: skips non-word characters, then word characters,
    /// crossing line breaks.
    package func wordStart(before position: TextPosition, kind: WordKind) -> TextPosition {
        var current = position
        var seenWord = false
        while current > .start {
            let previous = self.position(before: current)
            let character = previous.line == current.line ? self.character(before: current) : "\n"
            let inWord = character.map(kind.contains) ?? false
            if seenWord && !inWord { break }
            if inWord { seenWord = true }
            current = previous
        }
        return current
    }

    /// The end of the word after `position`: skips non-word characters, then word characters,
    /// crossing line breaks.
    package func wordEnd(after position: TextPosition, kind: WordKind) -> TextPosition {
        var current = position
        var seenWord = false
        let end = endPosition
        while current < end {
            let next = self.position(after: current)
            let character = next.line == current.line ? self.character(at: current) : "\n"
            let inWord = character.map(kind.contains) ?? false
            if seenWord && !inWord { break }
            if inWord { seenWord = true }
            current = next
        }
        return current
    }

    /// The start of the cursor's line.
    package var lineStart: TextPosition { TextPosition(line: cursor.line, offset: 0) }

    /// The end of the cursor's line.
    package var lineEnd: TextPosition { TextPosition(line: cursor.line, offset: line(cursor.line).utf8.count) }
}
