extension Editor {
    // MARK: - Changing words and characters

    /// Swaps the character before the cursor with the one after it (at a line's end, the two
    /// before it); with a count, carries the character before the cursor that many characters
    /// on, as readline's `transpose-chars` does.
    mutating func transposeCharacters(count: Int = 1) {
        let cursor = state.cursor
        var characters = Array(state.line(cursor.line))
        guard count != 0, cursor.offset > 0, characters.count >= 2 else { return }
        var point = state.text(in: TextPosition(line: cursor.line, offset: 0)..<cursor).count
        var steps = count
        if point == characters.count {
            point -= 1
            steps = 1
        }
        let moved = characters.remove(at: point - 1)
        // readline takes the character out and puts it back: a mark at the text's end comes back
        // to where the shorter text ended.
        if cursor.line == state.lineCount - 1 {
            emacs.mark = min(emacs.mark, TextPosition(line: cursor.line, offset: state.byteCount(ofLine: cursor.line) - moved.utf8.count))
        }
        // Carried on as far as the line goes; a negative count leaves it where it was.
        let target = min(point - 1 + max(steps, 0), characters.count)
        characters.insert(moved, at: target)
        let changed = String(characters)
        let line = TextPosition(line: cursor.line, offset: 0)..<state.lineEnd
        if changed != state.line(cursor.line) { replace(line, with: changed, kind: .other) }
        state.cursor = TextPosition(line: cursor.line, offset: String(characters[..<(target + 1)]).utf8.count)
    }

    /// Changes the case of `count` words from the cursor on (of the words before it when
    /// negative, the cursor staying), as readline's `upcase-word`, `downcase-word` and
    /// `capitalize-word` do: every character between the cursor and where Alt-F would go is
    /// looked at, letters and digits changed, and the cursor goes there. Capitalizing uppercases
    /// the first letter or digit of each run of them and applies `transform` to the rest.
    mutating func changeCase(count: Int, capitalizing: Bool = false, _ transform: (String) -> String) {
        let cursor = state.cursor
        var other = cursor
        for _ in 0..<min(abs(count), NumericArgument.largest) {
            let next = count < 0 ? state.wordStart(before: other, kind: .alphanumeric) : state.wordEnd(after: other, kind: .alphanumeric)
            if next == other { break }
            other = next
        }
        let range = count < 0 ? other..<cursor : cursor..<other
        guard !range.isEmpty else { return }
        let text = state.text(in: range)
        var changed = ""
        var inWord = false
        for character in text {
            guard EditorState.WordKind.alphanumeric.contains(character) else {
                inWord = false
                changed.append(character)
                continue
            }
            changed += capitalizing && !inWord ? character.uppercased() : transform(String(character))
            inWord = true
        }
        if changed != text { replace(range, with: changed, kind: .other) }
        let end = TextPosition(line: range.upperBound.line, offset: range.upperBound.offset + changed.utf8.count - text.utf8.count)
        state.cursor = count < 0 ? cursor : end
    }

    /// Swaps the word before the cursor with the word after it (`count` words on), the cursor
    /// going after both; at the end of the line, the last two words. Nothing happens without
    /// two words, as in readline's `transpose-words`.
    mutating func transposeWords(count: Int) {
        guard count != 0 else { return }
        let start = state.cursor
        func forward(_ position: TextPosition, _ times: Int) -> TextPosition {
            var current = position
            for _ in 0..<min(abs(times), NumericArgument.largest) {
                current = times < 0 ? state.wordStart(before: current, kind: .alphanumeric) : state.wordEnd(after: current, kind: .alphanumeric)
            }
            return current
        }
        let secondEnd = forward(start, count)
        let secondStart = forward(secondEnd, -1)
        let firstStart = forward(secondStart, -count)
        let firstEnd = forward(firstStart, 1)
        guard firstStart != secondStart, secondStart >= firstEnd, firstStart.line == secondEnd.line else { return }
        let first = state.text(in: firstStart..<firstEnd)
        let between = state.text(in: firstEnd..<secondStart)
        let second = state.text(in: secondStart..<secondEnd)
        replace(firstStart..<secondEnd, with: second + between + first, kind: .other)
        state.cursor = secondEnd
    }

    // MARK: - Words of history entries

    /// Alt-. (`yank-last-arg`): the last word of the previous entry; pressed again right after,
    /// it replaces what it inserted with the last word of the entry before that (a negative
    /// count turns the walk round). With an argument the word is that argument's, as Alt-Ctrl-Y.
    mutating func yankLastArgument(count: Int, isExplicit: Bool) {
        if lastCommand == .yankLastArgument {
            if let inserted = emacs.lastArgumentInsertion {
                replace(inserted, with: "", kind: .other)
                state.cursor = inserted.lowerBound
            }
            if count < 0 { emacs.lastArgumentDirection = -emacs.lastArgumentDirection }
            emacs.lastArgumentSkip = max(0, emacs.lastArgumentSkip + emacs.lastArgumentDirection)
        } else {
            emacs.lastArgumentSkip = 0
            emacs.lastArgumentDirection = 1
            emacs.lastArgumentWord = isExplicit ? count : nil
        }
        emacs.lastArgumentInsertion = yankNthArgument(emacs.lastArgumentWord, skipping: emacs.lastArgumentSkip)
    }

    /// Inserts word `index` (from 0; nil for the last; negative counts from the end) of the
    /// history entry `skip` entries before the previous one; returns where it went.
    @discardableResult
    mutating func yankNthArgument(_ index: Int?, skipping skip: Int) -> Range<TextPosition>? {
        guard let word = historyArgument(index, skipping: skip) else { return nil }
        let cursor = state.cursor
        emacs.mark = cursor
        return replace(cursor..<cursor, with: word, kind: .other)
    }

    /// Word `index` (from 0; nil for the last; negative counts from the end) of the history
    /// entry `skip` entries before the previous one; nil when there is no such word, or while
    /// a secret is read.
    func historyArgument(_ index: Int?, skipping skip: Int) -> String? {
        guard !isSecret else { return nil }
        let entry = (historyIndex ?? history.count) - 1 - skip
        guard entry >= 0, entry < history.count else { return nil }
        let words = Self.historyWords(history[entry])
        var first = index ?? words.count - 1
        if first < 0 { first = words.count + first - 1 }
        guard first >= 0, first < words.count, !words[first].isEmpty else { return nil }
        return words[first]
    }

    /// The words of an entry as readline's history expansion splits it (`history_tokenize`): at
    /// blanks, quoted text kept in its word, and the shell's operators (`;` `&` `|` `(` `)` `<`
    /// `>`, doubled or not) words of their own.
    static func historyWords(_ entry: String) -> [String] {
        let operators: Set<Character> = [";", "&", "|", "(", ")", "<", ">"]
        var words: [String] = []
        var characters = Substring(entry)
        while let first = characters.first {
            if first == " " || first == "\t" || first == "\n" {
                characters = characters.dropFirst()
                continue
            }
            if operators.contains(first) {
                let length = characters.dropFirst().first == first && first != "(" && first != ")" ? 2 : 1
                words.append(String(characters.prefix(length)))
                characters = characters.dropFirst(length)
                continue
            }
            var word = ""
            var quote: Character?
            while let character = characters.first {
                if let open = quote {
                    if character == open { quote = nil }
                } else if character == " " || character == "\t" || character == "\n" || operators.contains(character) {
                    break
                } else if character == "\"" || character == "'" || character == "`" {
                    quote = character
                } else if character == "\\" {
                    word.append(character)
                    characters = characters.dropFirst()
                    guard let escaped = characters.first else { break }
                    word.append(escaped)
                    characters = characters.dropFirst()
                    continue
                }
                word.append(character)
                characters = characters.dropFirst()
            }
            words.append(word)
        }
        return words
    }
}
