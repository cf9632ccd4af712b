/// What readline's emacs commands keep between keys: the mark, overwrite mode, the keyboard
/// macro, and where Alt-. is in its walk back through history.
struct EmacsState {
    /// The mark, as readline keeps it: a place that insertions do not move, brought back to the
    /// end of the text when the text gets shorter than it.
    var mark = TextPosition.start
    /// Typed text replaces the characters after the cursor (readline's `overwrite-mode`).
    var isOverwriting = false
    /// The keys of the keyboard macro being recorded, nil when none is.
    var recordedKeys: [KeyEvent]?
    /// The keys of the last keyboard macro recorded, nil when there is none (readline's abort
    /// forgets it); kept from entry to entry, as in readline.
    var keyboardMacro: [KeyEvent]?
    /// How many times readline's abort has happened, so that the macros being replayed see it.
    var aborts = 0
    /// Where the keys of the numeric argument being typed begin in the macro being recorded.
    var argumentKeysStart: Int?
    /// How many times macros' keys have been replayed: a command that replayed some leaves
    /// the previous command as the last of them left it, as readline's keys of a macro are
    /// its commands after the one that set them going.
    var replays = 0
    /// How deep macros being replayed are, so that one that calls itself stops.
    var macroDepth = 0
    /// Where the text Alt-. inserted is, which the next Alt-. replaces.
    var lastArgumentInsertion: Range<TextPosition>?
    /// How many entries back from the previous one Alt-. is taking its word.
    var lastArgumentSkip = 0
    /// +1 walking back through history, -1 forward again (after a negative argument).
    var lastArgumentDirection = 1
    /// The index of the word Alt-. takes, from an argument given to its first press; nil for
    /// the last word.
    var lastArgumentWord: Int?
    /// The series of history substring searches under way, while the command is pressed again.
    var substringSearch: Editor.HistorySubstringSearch?
    /// The history entry the next entry starts with, after `operate-and-get-next`.
    var entryToRecall: Int?
    /// The round of menu completion under way, while its commands are pressed again.
    var menuCompletion: Editor.MenuCompletion?

    /// Forgets what belongs to one entry: the mark, overwrite mode, Alt-.'s walk, a substring
    /// search. The keyboard macro stays, and so do one being recorded and the entry to recall.
    mutating func startNewEntry() {
        mark = .start
        isOverwriting = false
        lastArgumentInsertion = nil
        substringSearch = nil
        menuCompletion = nil
    }
}

/// A command that waits for the next key as its operand.
enum AwaitedKey: Hashable {
    /// Ctrl-] and Alt-Ctrl-]: the character to move to, `count` occurrences on (back when negative).
    case characterSearch(count: Int)
    /// Ctrl-V and Ctrl-Q: the key to insert as it is, `count` times.
    case quotedInsert(count: Int)
}

extension Editor {
    // MARK: - The mark

    /// A kill that sets the mark where the cursor is after it, as readline's kills do.
    mutating func killAndMark(_ range: Range<TextPosition>, backward: Bool) {
        kill(range, backward: backward)
        emacs.mark = state.cursor
    }

    /// Ctrl-U and Ctrl-W: a backward kill that sets the mark; with nothing to kill, readline
    /// only rings the bell, and the mark stays.
    mutating func killBackwardAndMark(_ range: Range<TextPosition>) {
        guard !range.isEmpty else {
            killedNothing = true
            return
        }
        killAndMark(range, backward: true)
    }

    /// Alt-Space with an argument: the mark at that offset of the line, if it is in the text.
    func markPosition(offset: Int) -> TextPosition {
        let line = state.cursor.line
        guard offset >= 0, offset <= state.byteCount(ofLine: line) else { return emacs.mark }
        return TextPosition(line: line, offset: offset)
    }

    /// Ctrl-X Ctrl-X: the cursor goes to the mark and the mark to where the cursor was.
    mutating func exchangePointAndMark() {
        let mark = min(emacs.mark, state.endPosition)
        emacs.mark = state.cursor
        state.cursor = mark
    }
}
