/// Something the editor can do, named by what it does rather than by the key that does it.
///
/// A ``KeyMap`` binds keys to commands; the embedding app can rebind them or bind its own
/// ``custom(_:)`` commands, which the editor hands back to the app to perform.
public enum Command: Hashable, Sendable {
    // MARK: Entering text
    /// Inserts the given text at the cursor.
    case insert(String)
    /// Types the given keys, as a readline macro binding does: the text is read as the bytes a
    /// terminal sends, and each key does what it is bound to.
    case macro(String)
    /// Inserts a line break at the cursor.
    case insertNewline
    /// Submits the entry.
    case submit
    /// In multi-line mode, submits when the text is complete (see `isComplete`), else inserts a
    /// line break; in single-line mode, submits.
    case submitOrInsertNewline

    // MARK: Moving
    /// Moves one character left, to the previous line's end at a line start.
    case moveLeft
    /// Moves one character right, or accepts the inline suggestion at the end of the text.
    case moveRight
    /// Moves to the start of the current or previous word.
    case moveWordLeft
    /// Moves to the end of the current or next word.
    case moveWordRight
    /// Moves to the start of the line.
    case moveToLineStart
    /// Moves to the end of the line, or accepts the inline suggestion at the end of the text.
    case moveToLineEnd
    /// Moves to the start of the whole text.
    case moveToStart
    /// Moves to the end of the whole text.
    case moveToEnd
    /// Moves up one visual row, or to the previous history entry on the first row.
    case moveUp
    /// Moves down one visual row, or to the next history entry on the last row.
    case moveDown
    /// Moves up a row of the screen, to the column nearest the one the cursor is in, staying in
    /// the entry (readline's `previous-screen-line`).
    case moveUpScreenRow
    /// Moves down a row of the screen, staying in the entry (readline's `next-screen-line`).
    case moveDownScreenRow

    // MARK: Deleting and killing
    /// Deletes the character before the cursor.
    case deleteBackward
    /// Deletes the character under the cursor.
    case deleteForward
    /// Deletes the character under the cursor, or ends input when the text is empty (Ctrl-D).
    case deleteForwardOrEndOfFile
    /// Deletes the character under the cursor, or the one before it at the end of the text
    /// (readline's `forward-backward-delete-char`).
    case deleteForwardOrBackward
    /// Deletes the character under the cursor, or at the end of the text lists the completions
    /// (readline's `delete-char-or-list`).
    case deleteForwardOrListCompletions
    /// Kills from the cursor to the end of the line (at a line end, the line break).
    case killToLineEnd
    /// Kills from the start of the line to the cursor.
    case killToLineStart
    /// Kills the whitespace-delimited word before the cursor (readline's `unix-word-rubout`).
    case killWhitespaceWordBackward
    /// Kills the alphanumeric word before the cursor.
    case killWordBackward
    /// Kills the alphanumeric word after the cursor.
    case killWordForward
    /// Kills the whole line, wherever the cursor is (readline's `kill-whole-line`).
    case killWholeLine
    /// Kills the path component before the cursor: back to a `/` or whitespace (readline's
    /// `unix-filename-rubout`).
    case killPathComponentBackward
    /// Kills the text between the cursor and the mark (readline's `kill-region`).
    case killRegion
    /// Copies the text between the cursor and the mark to the kill ring (readline's
    /// `copy-region-as-kill`).
    case copyRegion
    /// Copies the word before the cursor to the kill ring (readline's `copy-backward-word`).
    case copyWordBackward
    /// Copies the word after the cursor to the kill ring (readline's `copy-forward-word`).
    case copyWordForward
    /// Inserts the most recent kill.
    case yank
    /// Replaces the text just yanked with the previous kill in the ring.
    case yankPop

    // MARK: Changing
    /// Swaps the two characters around the cursor.
    case transposeCharacters
    /// Uppercases the word after the cursor.
    case uppercaseWord
    /// Lowercases the word after the cursor.
    case lowercaseWord
    /// Capitalizes the word after the cursor.
    case capitalizeWord
    /// Undoes the last group of edits.
    case undo
    /// Redoes what undo undid.
    case redo

    // MARK: History, search, completion
    /// Replaces the text with the previous history entry.
    case historyPrevious
    /// Replaces the text with the next history entry, or the draft after the newest.
    case historyNext
    /// Replaces the text with the previous history entry that starts with the text before the
    /// cursor, keeping the cursor there (readline's `history-search-backward`).
    case historySearchBackward
    /// Replaces the text with the next history entry that starts with the text before the
    /// cursor, or the draft after the newest (readline's `history-search-forward`).
    case historySearchForward
    /// Starts, or steps to an older match of, incremental reverse history search.
    case reverseSearch
    /// Starts, or steps to a newer match of, incremental history search toward newer entries
    /// (readline's `forward-search-history`).
    case forwardSearch
    /// Replaces the text with the previous history entry that holds the text before the cursor
    /// anywhere, the cursor at the match (readline's `history-substring-search-backward`).
    case historySubstringSearchBackward
    /// The same toward newer entries (readline's `history-substring-search-forward`).
    case historySubstringSearchForward
    /// Replaces the text with history entry N, counted from 1, of a numeric argument, or the
    /// oldest without one (readline's `fetch-history`).
    case fetchHistory
    /// Submits the entry and starts the next one with the history entry after it (readline's
    /// `operate-and-get-next`), to run a series of entries again in order.
    case submitAndRecallNext
    /// Reads a pattern on a line of its own (the prompt followed by `:`) and, on Enter, recalls
    /// the nearest older entry holding it, the cursor at its start: readline's
    /// `non-incremental-reverse-search-history` (Alt-P). An empty pattern searches again for
    /// the last one; a pattern starting with `^` finds an entry starting with the rest.
    case nonIncrementalSearchBackward
    /// The same toward newer entries: `non-incremental-forward-search-history` (Alt-N).
    case nonIncrementalSearchForward
    /// Searches again for the last pattern toward older entries, without asking for one:
    /// `non-incremental-reverse-search-history-again`, unbound as in readline.
    case nonIncrementalSearchBackwardAgain
    /// The same toward newer entries: `non-incremental-forward-search-history-again`.
    case nonIncrementalSearchForwardAgain
    /// Completes the word at the cursor, listing the candidates on a second press.
    case complete
    /// Lists the candidates for the word at the cursor below the entry, changing nothing
    /// (readline's `possible-completions`).
    case listCompletions
    /// Replaces the word at the cursor with every candidate for it, each followed by a space
    /// (readline's `insert-completions`).
    case insertCompletions
    /// Replaces the word at the cursor with its first candidate, then with each next one at each
    /// press; past the last, with the longest start they share (readline's `menu-complete`).
    case menuComplete
    /// The same through the candidates the other way (readline's `menu-complete-backward`).
    case menuCompleteBackward
    /// As ``menuComplete``, but past the last candidate the word comes back as it was typed
    /// (readline's `old-menu-complete`).
    case menuCompleteToTypedWord
    /// Puts the home directory in place of the `~` or `~user` that starts the word at the cursor
    /// (readline's `tilde-expand`).
    case tildeExpand
    /// Accepts the whole inline suggestion.
    case acceptSuggestion
    /// Accepts the next word of the inline suggestion, or moves a word right.
    case acceptSuggestionWord
    /// Cancels a search or a completion listing; elsewhere readline's `abort`: the bell, and the
    /// keyboard macro forgotten.
    case cancel

    // MARK: Readline's emacs commands
    /// Starts or extends a numeric argument with the digit (or `-`) of the key that performs it,
    /// readline's `digit-argument` (Alt-0 … Alt-9, Alt--); the next command gets the count.
    case digitArgument
    /// Multiplies the numeric argument by four, or ends the digits typed after it: readline's
    /// `universal-argument`, unbound by default as in readline.
    case universalArgument
    /// Swaps the word before the cursor with the word after it (at the end, the last two words).
    case transposeWords
    /// Takes back every change to the entry, readline's `revert-line`.
    case revertLine
    /// Moves to the next occurrence of the character typed next, readline's `character-search`.
    case characterSearch
    /// Moves to the previous occurrence of the character typed next.
    case characterSearchBackward
    /// Inserts the last word of the previous history entry; pressed again, the last word of the
    /// entry before, in place of it; with an argument, as ``yankNthArgument``.
    case yankLastArgument
    /// Inserts word N (from 0; 1 without an argument) of the previous history entry.
    case yankNthArgument
    /// Sets the mark at the cursor (with an argument, at that offset).
    case setMark
    /// Swaps the cursor and the mark.
    case exchangePointAndMark
    /// Inserts the next key as the bytes it came as, a control character too.
    case quotedInsert
    /// Deletes the spaces and tabs around the cursor.
    case deleteHorizontalSpace
    /// Starts recording a keyboard macro.
    case startKeyboardMacro
    /// Ends the keyboard macro being recorded.
    case endKeyboardMacro
    /// Replays the keys of the last keyboard macro, through the same path as typed keys.
    case callKeyboardMacro
    /// Shows the keys of the last keyboard macro below the entry, as an init file writes them
    /// (readline's `print-last-kbd-macro`).
    case showKeyboardMacro
    /// Puts `#` at the start of the line and submits it (with an argument, takes a `#` there away
    /// instead), readline's `insert-comment`.
    case insertComment
    /// Switches between inserting and overwriting typed text (with an argument: overwriting when
    /// it is positive); unbound by default, as in readline.
    case toggleOverwrite
    /// Replaces the text with the oldest history entry, readline's `beginning-of-history`.
    case historyFirst
    /// Goes back from history to the entry being edited, readline's `end-of-history`.
    case historyLast
    /// Edits the entry in `$VISUAL` or `$EDITOR` (else `vi`), then goes on editing the result.
    case editInExternalEditor
    /// Runs the command of the key with its letter in lowercase: Alt-Shift-F does what Alt-F
    /// does (readline's `do-lowercase-version`).
    case performLowercaseKey
    /// Reads a command's readline name on a line of its own and runs it (readline's
    /// `execute-named-command`).
    case performNamedCommand

    // MARK: The session
    /// Clears the screen and draws the prompt at the top.
    case clearScreen
    /// Clears the screen and the terminal's scrollback and draws the prompt at the top
    /// (readline's `clear-display`).
    case clearDisplay
    /// Draws the entry again in full where it is (readline's `redraw-current-line`).
    case redrawEntry
    /// Reads the init file again and applies it (readline's `re-read-init-file`).
    case readInitFileAgain
    /// Abandons the entry (Ctrl-C).
    case interrupt
    /// Suspends the process, as Ctrl-Z does in any shell program.
    case suspend
    /// Does nothing; binding a key to it disables the key.
    case ignore
    /// A command of the embedding app's own, handed back to it by name.
    case custom(String)
}

extension Command {
    /// Typed text, which undo groups by word.
    var isTyping: Bool {
        if case .insert = self { return true }
        return false
    }

    /// A kill or a copy to the kill ring, which the next one joins.
    var isKill: Bool {
        switch self {
        case .killToLineEnd, .killToLineStart, .killWhitespaceWordBackward, .killWordBackward, .killWordForward,
             .killWholeLine, .killPathComponentBackward, .killRegion, .copyRegion, .copyWordBackward, .copyWordForward:
            return true
        default:
            return false
        }
    }

    /// Up and Down, which keep the column they aim for.
    var keepsGoalColumn: Bool { self == .moveUp || self == .moveDown }
}
