/// readline's menu completion: the word before the cursor replaced by one candidate at a time,
/// in the line, with no menu drawn (`menu-complete`, `menu-complete-backward`,
/// `old-menu-complete`).
extension Editor {
    /// A round of menu completion, kept while its commands are pressed again.
    struct MenuCompletion {
        /// The longest start the candidates share, then the candidates, as readline's list of
        /// matches has them.
        let matches: [String]
        /// The match in the line: 0 for the shared start (or, for `old-menu-complete`, the word
        /// as typed).
        var index = 0
        /// Where the word starts, which every match replaces up to the cursor.
        let start: TextPosition
        /// The word as it was typed.
        let typedWord: String
        /// Whether the round comes back to the typed word rather than the shared start.
        let returnsToTypedWord: Bool
    }

    /// Puts the next (or, for a negative `count`, the previous) candidate in place of the word,
    /// followed by a space; past the last one the bell rings and the shared start (or the word as
    /// typed) comes back. The first press finds the candidates; a single one is put in as Tab
    /// puts it, and the next press starts again.
    mutating func menuComplete(_ command: Command, count: Int) -> EditorRequest? {
        let returnsToTypedWord = command == .menuCompleteToTypedWord
        if lastCommand != (returnsToTypedWord ? .menuCompleteToTypedWord : .menuComplete) || emacs.menuCompletion == nil {
            guard !isSecret, let (found, before, word) = candidatesForWord(), !found.isEmpty else {
                emacs.menuCompletion = nil
                return .bell
            }
            let cursor = state.cursor
            let wordStart = cursor.offset - word.utf8.count
            let start = TextPosition(line: cursor.line,
                                     offset: found.map { Self.offset(of: $0.replacementStart, in: before) ?? wordStart }.min() ?? wordStart)
            var texts: [String] = []
            var seen = Set<String>()
            for candidate in found where seen.insert(candidate.text).inserted { texts.append(candidate.text) }
            emacs.menuCompletion = nil
            if texts.count == 1 {
                putInPlace(texts[0], from: start, followedBySpace: true)
                return nil
            }
            let shared = Self.commonPrefix(of: found, ignoringCase: completionOptions.ignoresCase)
            if !returnsToTypedWord && !shared.isEmpty { putInPlace(shared, from: start) }
            emacs.menuCompletion = MenuCompletion(matches: [shared] + texts, start: start,
                                                  typedWord: state.text(in: start..<cursor), returnsToTypedWord: returnsToTypedWord)
        }
        guard var round = emacs.menuCompletion else { return nil }
        let step = command == .menuCompleteBackward ? -count : count
        let size = round.matches.count
        round.index = ((round.index + step % size) % size + size) % size
        emacs.menuCompletion = round
        guard round.index == 0 else {
            putInPlace(round.matches[round.index], from: round.start, followedBySpace: true)
            return nil
        }
        putInPlace(round.returnsToTypedWord ? round.typedWord : round.matches[0], from: round.start)
        return .bell
    }

    /// Replaces the text from `start` to the cursor with `text`, kept on one line unless the
    /// entry is multi-line, and `followedBySpace` at the text's end, as readline appends it.
    private mutating func putInPlace(_ text: String, from start: TextPosition, followedBySpace: Bool = false) {
        let text = followedBySpace && state.cursor == state.endPosition ? text + " " : text
        replace(start..<state.cursor, with: isMultiline ? text : Self.singleLine(text), kind: .other)
    }
}
