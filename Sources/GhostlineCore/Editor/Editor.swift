/// The editing engine: maps key events through a ``KeyMap`` to ``Command``s and applies them
/// to an ``EditorState``, with history, incremental search, completion and inline suggestions.
///
/// It never touches a terminal: the program feeds it events with ``handle(_:)``, draws its
/// ``presentation(prompt:continuationPrompt:placeholder:)`` and acts on the ``EditorRequest``s
/// it returns. Every change of text goes through one place, which asks ``shouldChangeText``
/// first and records the change in ``pendingChanges`` for the app's text-change events.
package struct Editor {
    /// The text and the cursor.
    package internal(set) var state: EditorState
    /// Which command each key performs.
    package var keyMap: KeyMap
    /// In multi-line mode Enter inserts a line break and Alt-Enter submits.
    package var isMultiline = false
    /// In multi-line mode, lets Enter submit when it returns true for the text.
    package var isComplete: ((String) -> Bool)?
    /// Earlier entries, for Up/Down, Ctrl-R and suggestions.
    package var history: History
    /// Called as a walk through history or a search of it starts (the first Up or prefix
    /// search from the entry being edited, Ctrl-R), not on the keys within one: it may bring the
    /// history up to date, with the entries other sessions saved meanwhile, say. It must not
    /// reach the editor.
    package var willReadHistory: ((inout History) -> Void)?
    /// Candidates for the word before the cursor, for Tab.
    package var completion: ((CompletionContext) -> [CompletionCandidate])?
    /// The home directory of a user by name (the empty name: the user's own), for `~` in
    /// ``Command/tildeExpand``; nil expands nothing.
    package var homeDirectory: ((String) -> String?)?
    /// The full entry to suggest for the text typed so far, nil for none; without it the newest
    /// history entry that starts with the text.
    package var suggestion: ((SuggestionContext) -> String?)?
    /// Whether inline suggestions are shown at all.
    package var showsSuggestions = true
    /// A value submitted when Enter is pressed on an empty entry, shown as ghost text.
    package var defaultText: String?
    /// Asked before every change of text, with the state as it is before the change; returning
    /// false vetoes it. It runs in the middle of an edit, so it reads the text from the state it
    /// is given, not from the editor.
    package var shouldChangeText: ((TextChange, EditorState) -> Bool)?
    /// Told, with the engine as it is, just before the app's own code runs (``shouldChangeText``,
    /// ``completion``, ``suggestion``, ``isComplete``, the highlighter), and told nil once it has
    /// run: that code may read the editor that holds this engine, which is in the middle of a key
    /// or of making a presentation in place then, so the editor answers from the engine it is
    /// given.
    package var appCodeIsRunning: ((Editor?) -> Void)?
    /// Where text starts on screen, so Up and Down can move by rows of wrapped lines.
    package var geometry: TextGeometry?
    /// Changes made since the caller last emptied this list, oldest first.
    package var pendingChanges: [TextChange] = []
    /// Whether changes are recorded in ``pendingChanges``. A program with no one to tell of them
    /// turns this off, and a typed key then spends nothing on a record nobody reads.
    package var recordsChanges = true
    /// Colours the text: asked for its style spans once per change of the text, and never about
    /// a secret entry.
    package var highlighter: (any Highlighter)? {
        didSet {
            highlightMemo = HighlightMemo()
            hasHighlighter = highlighter != nil
        }
    }
    /// Whether there is a ``highlighter``, kept beside it: asking the optional existential itself
    /// copies it through the runtime's type, nil or not, and a presentation asks at every key.
    private(set) var hasHighlighter = false
    /// Whether the entry is secret, as a password is: shown as ``mask``, never added to history
    /// or suggested from it, with no history recall, search or completion, and with its kills in
    /// a ring of its own that is dropped when the entry ends.
    package var isSecret = false {
        didSet { secretKillRing = KillRing() }
    }
    /// What each grapheme cluster of a secret entry is shown as.
    package var mask = TextMask.bullet
    /// What Alt-# puts at the start of the line: readline's `comment-begin`, `#` unless set.
    package var commentBegin = "#"
    /// How Tab completes: whether case counts, and when candidates are listed.
    package var completionOptions = CompletionOptions()

    var killRing = KillRing()
    /// The kills of a secret entry, kept from ``killRing`` so that no yank in another entry
    /// brings the secret back.
    var secretKillRing = KillRing()
    /// The highlights of the text as last presented (see `highlights()`).
    private var highlightMemo = HighlightMemo()
    var undoHistory = UndoHistory()
    var pendingKeys: [KeyEvent] = []
    /// What the previous command was, as far as the next one cares: a yank that Alt-Y may
    /// rotate, a kill that the next kill joins, a completion that a second Tab lists.
    var lastCommand: PreviousCommand = .other
    /// Set by a kill that found nothing to kill: as in readline, the command is then no kill,
    /// and the next kill starts an entry of its own.
    var killedNothing = false
    var lastYank: Range<TextPosition>?
    var goalColumn: Int?
    var historyIndex: Int?
    var draft: String?
    var search: SearchState?
    /// A non-incremental search's pattern line (vi's `/`, Alt-P), which sees keys first.
    var nonIncrementalSearch: NonIncrementalSearch?
    /// The last non-incremental search's pattern and place, kept from entry to entry as readline
    /// keeps them, for an empty pattern, `n` and `N`.
    var lastNonIncrementalSearch: LastNonIncrementalSearch?
    /// A numeric argument being typed, which sees keys first (see `feedArgument(_:)`).
    package internal(set) var numericArgument: NumericArgument?
    /// A command waiting for the next key as its operand (Ctrl-], Ctrl-V).
    var awaitedKey: AwaitedKey?
    /// The key whose command is being performed, for `digit-argument`'s digit.
    var dispatchedKey: KeyEvent?
    /// The mark, overwrite mode, keyboard macros and Alt-.'s walk: readline's emacs state.
    var emacs = EmacsState()
    /// Which keys the editor reads: emacs mode's, through ``keyMap``, or vi mode's.
    package var editingMode = EditingMode.emacs {
        didSet { vi = ViState() }
    }
    /// vi mode's mode, pending command and registers.
    var vi = ViState()
    /// The init file's bindings in vi mode's keymaps, looked up before vi mode's own keys.
    package var viKeyBindings = ViKeyBindings()
    /// The completion candidates listed below the entry until the next key.
    package internal(set) var completionListing: [String] = []
    /// The completion menu, while it is open; see ``openMenu``.
    var menu: CompletionMenu?
    /// Says whether an entry submitted may end the editing; nil accepts every entry.
    package var validator: ((String) -> Validation)?
    /// The validator's message for the entry it refused last, shown below it until the next edit.
    package internal(set) var validationMessage: String?
    /// Where the last search for a suggestion ended; see `updateSuggestionMemo()`.
    var suggestionMemo: SuggestionMemo?

    /// The newest history entry that the text extends, as found for one version of the text and
    /// of the history.
    struct SuggestionMemo {
        var historyIdentity: UInt64
        var historyVersion: UInt64
        /// The end of the text (its last line) when the search was made.
        var end: EditorState.LineEnd
        var textByteCount: Int
        /// The entry's index, nil when no entry extends the text or none was looked for.
        var match: Int?
        /// False when the text is an entry a walk through history just put there, for which no
        /// suggestion is looked up (see `skipSuggestionForRecall()`); the next edit looks afresh.
        var isLookedUp = true

        /// Whether the memo was made for `state` and `history` as they are.
        func describes(_ state: EditorState, _ history: History) -> Bool {
            end.revision == state.revision && end.generation == state.generation && isOf(history)
        }

        func isOf(_ history: History) -> Bool {
            historyIdentity == history.identity && historyVersion == history.version
        }
    }

    /// The highlights of one version of the text. A reference, so that presenting, which does not
    /// change the editor, can keep what it asked: the highlighter runs once per change of the
    /// text, not once per frame. An editor claims a memo of its own before it changes its text
    /// (see `claimHighlightMemo()`), so copies that part never read each other's.
    final class HighlightMemo {
        var generation: UInt64 = 0
        var revision: UInt64 = 0
        var highlights: TextHighlights?
    }

    /// The text's highlights, from the memo when it was made for this version of the text.
    func highlights(with highlighter: any Highlighter) -> TextHighlights {
        let memo = highlightMemo
        if let known = memo.highlights, memo.generation == state.generation, memo.revision == state.revision {
            return known
        }
        let text = state.text
        let made = TextHighlights(runningAppCode { highlighter.spans(for: text) }, in: text)
        memo.generation = state.generation
        memo.revision = state.revision
        memo.highlights = made
        return made
    }

    /// Makes the highlight memo this editor's own before its text changes; a copy that shares it
    /// keeps the old one.
    mutating func claimHighlightMemo() {
        if hasHighlighter && !isKnownUniquelyReferenced(&highlightMemo) { highlightMemo = HighlightMemo() }
    }

    /// The longest run of text treated as typed keys rather than as a paste.
    static let longestTypedRun = 256

    /// Creates an editor holding `text`, cursor at its end.
    package init(text: String = "", keyMap: KeyMap = .standard, history: History = History()) {
        state = EditorState(text: text)
        self.keyMap = keyMap
        self.history = history
    }

    /// True while a history search reads the keys: Ctrl-R's, or a non-incremental search's
    /// pattern line (vi's `/` and `?`, Alt-P, Alt-N).
    package var isSearching: Bool { search != nil || nonIncrementalSearch != nil }

    // MARK: - Events

    /// Applies one key event; returns a request when the program has to act.
    package mutating func handle(_ event: KeyEvent) -> EditorRequest? {
        defer { updateSuggestionMemo() }
        recordForKeyboardMacro(event)
        return apply(event)
    }

    mutating func apply(_ event: KeyEvent) -> EditorRequest? {
        completionListing.removeAll()
        if menu != nil, let request = handleInMenu(event) { return request }
        if nonIncrementalSearch != nil { return handleInNonIncrementalSearch(event) }
        if search != nil, let request = handleInSearch(event) { return request }
        if let awaited = awaitedKey { return takeAwaitedKey(awaited, event) }
        // The edit mode decides what a key means; vi mode leaves typing in insert mode and the
        // keys it has no command for to the key map, as emacs mode reads them.
        if editingMode == .vi, let outcome = applyVi(event) { return outcome }
        var event = event
        if numericArgument != nil {
            let fed = feedArgument(event)
            guard let rest = fed.event else { return fed.request }
            // Digits past the largest argument ring the bell, and those after it are typed.
            if let bell = fed.request { return apply(rest) ?? bell }
            event = rest
        }
        // Text typed right after a prefix key (Ctrl-X then `(abc`): its first character finishes
        // the sequence or not, and the rest is typed after it, also after a bell.
        if !pendingKeys.isEmpty, case .text(let text) = event, text.count > 1 {
            let first = KeyEvent.text(String(text.prefix(1)))
            let rest = KeyEvent.text(String(text.dropFirst()))
            // A macro being recorded keeps the two as the keys they are: the first may start or
            // end the recording, or be taken back out of it.
            splitLastRecordedKey(event, into: first)
            let request = apply(first)
            if let request, request != .bell { return request }
            recordForKeyboardMacro(rest)
            return apply(rest) ?? request
        }

        switch event {
        case .text(let text) where pendingKeys.isEmpty:
            // Keys typed faster than they are read arrive together; each is still its own edit,
            // so a veto refuses only the key it means and undo groups them by word. Text too long
            // to have been typed is a paste from a terminal without bracketed paste: one edit.
            guard text.utf8.count > 1, text.utf8.count <= Self.longestTypedRun, text.count > 1 else {
                return perform(.insert(text))
            }
            for character in text {
                if let request = perform(.insert(String(character))) { return request }
            }
            return nil
        case .paste(let text):
            pendingKeys.removeAll()
            return perform(.insert(text), kind: .other)
        default:
            pendingKeys.append(event)
            if let command = keyMap.performedCommand(for: pendingKeys) {
                pendingKeys.removeAll()
                dispatchedKey = event
                defer { dispatchedKey = nil }
                return perform(command)
            }
            if keyMap.isPrefix(pendingKeys) { return nil }
            let started = pendingKeys.count > 1
            pendingKeys.removeAll()
            // A key that finishes no chord (Ctrl-X then `a`) is readline's abort: the bell, and
            // the key is taken with the prefix.
            return started ? abortKeys() : nil
        }
    }

    /// Performs a command as if its key had been pressed.
    package mutating func perform(_ command: Command) -> EditorRequest? {
        return perform(command, kind: command.isTyping ? .typing : .other)
    }

    private mutating func perform(_ command: Command, kind: UndoHistory.GroupKind) -> EditorRequest? {
        let command = resolvedAtCursor(command)
        if command == .digitArgument || command == .universalArgument { return startArgument(with: command) }
        if let argument = numericArgument {
            numericArgument = nil
            return perform(command, with: argument)
        }
        return performOnce(command, kind: kind)
    }

    /// Performs a command once, as without a numeric argument.
    mutating func performOnce(_ command: Command, kind: UndoHistory.GroupKind) -> EditorRequest? {
        let replays = emacs.replays
        defer { if emacs.replays == replays { lastCommand = takePreviousCommand(command) } }
        if !command.keepsGoalColumn { goalColumn = nil }
        if !command.isTyping { undoHistory.closeGroup() }
        let cursor = state.cursor

        switch command {
        case .insert(let text):
            let filtered = isMultiline ? text : Self.singleLine(text)
            replace(emacs.isOverwriting ? cursor..<overwrittenEnd(of: filtered) : cursor..<cursor, with: filtered, kind: kind)
            if completionOptions.completesWhileTyping { offerCompletionsWhileTyping() }
        case .macro(let keys):
            return playMacro(keys)
        case .insertNewline:
            replace(cursor..<cursor, with: "\n", kind: .other)
        case .submit:
            return submit()
        case .submitOrInsertNewline:
            if isMultiline && !(isComplete.map { isComplete in runningAppCode { isComplete(state.text) } } ?? false) {
                replace(cursor..<cursor, with: "\n", kind: .other)
            } else {
                return submit()
            }

        case .moveLeft: move(to: state.position(before: cursor))
        case .moveRight:
            if !acceptSuggestion() { move(to: state.position(after: cursor)) }
        case .moveWordLeft: move(to: state.wordStart(before: cursor, kind: .alphanumeric))
        case .moveWordRight: move(to: state.wordEnd(after: cursor, kind: .alphanumeric))
        case .moveToLineStart: move(to: state.lineStart)
        case .moveToLineEnd:
            if !acceptSuggestion() { move(to: state.lineEnd) }
        case .moveToStart: move(to: .start)
        case .moveToEnd: move(to: state.endPosition)
        case .moveUp: moveVertically(by: -1)
        case .moveDown: moveVertically(by: 1)
        case .moveUpScreenRow, .moveDownScreenRow: moveVertically(by: command == .moveUpScreenRow ? -1 : 1, leavingEntry: false)

        case .deleteBackward:
            if emacs.isOverwriting {
                overwriteBackward()
            } else {
                replace(state.position(before: cursor)..<cursor, with: "", kind: .other)
            }
            if completionOptions.completesWhileTyping { offerCompletionsWhileTyping() }
        case .deleteForward:
            replace(cursor..<state.position(after: cursor), with: "", kind: .other)
        case .deleteForwardOrEndOfFile:
            if state.isEmpty { return .endOfFile }
            replace(cursor..<state.position(after: cursor), with: "", kind: .other)
        case .killToLineEnd:
            let end = cursor == state.lineEnd ? state.position(after: cursor) : state.lineEnd
            killAndMark(cursor..<end, backward: false)
        case .killToLineStart:
            killBackwardAndMark(state.lineStart..<cursor)
        case .killWhitespaceWordBackward:
            killBackwardAndMark(state.wordStart(before: cursor, kind: .nonWhitespace)..<cursor)
        case .killWordBackward:
            killAndMark(state.wordStart(before: cursor, kind: .alphanumeric)..<cursor, backward: true)
        case .killWholeLine, .killPathComponentBackward, .killRegion, .copyRegion, .copyWordBackward, .copyWordForward:
            killOrCopy(command, count: 1)
        case .killWordForward:
            killAndMark(cursor..<state.wordEnd(after: cursor, kind: .alphanumeric), backward: false)
        case .yank:
            if activeKillRing.entries.isEmpty {
                lastYank = nil
                return abortKeys()
            }
            emacs.mark = cursor
            lastYank = activeKillRing.yank().flatMap { replace(cursor..<cursor, with: $0, kind: .other) }
        case .yankPop:
            // Only right after a yank, whose text is still where it went; a yank-pop that does
            // nothing still counts as a yank, so it forgets that place, and the next does nothing.
            if lastCommand == .yank, let range = yankedRangeBeforeCursor(), let text = activeKillRing.rotate() {
                lastYank = replace(range, with: text, kind: .other)
            } else {
                lastYank = nil
                return abortKeys()
            }

        case .transposeCharacters: transposeCharacters()
        case .uppercaseWord: changeCase(count: 1) { $0.uppercased() }
        case .lowercaseWord: changeCase(count: 1) { $0.lowercased() }
        case .capitalizeWord: changeCase(count: 1, capitalizing: true) { $0.lowercased() }
        case .undo: notifyingWholeText { _ = $0.undoHistory.undo(in: &$0.state) }
        case .redo: notifyingWholeText { _ = $0.undoHistory.redo(in: &$0.state) }

        case .historyPrevious: walkHistory(by: -1)
        case .historyNext: walkHistory(by: 1)
        case .historySearchBackward: searchHistory(byPrefixIn: -1)
        case .historySearchForward: searchHistory(byPrefixIn: 1)
        case .historySubstringSearchBackward, .historySubstringSearchForward:
            return searchHistory(bySubstringIn: command == .historySubstringSearchBackward ? -1 : 1, count: 1)
        case .fetchHistory: fetchHistory(argument: nil)
        case .submitAndRecallNext: return submitAndRecallNext(argument: nil)
        case .reverseSearch, .forwardSearch: startIncrementalSearch(direction: command == .reverseSearch ? -1 : 1)
        case .nonIncrementalSearchBackward: startNonIncrementalSearch(direction: -1, promptCharacter: ":")
        case .nonIncrementalSearchForward: startNonIncrementalSearch(direction: 1, promptCharacter: ":")
        case .nonIncrementalSearchBackwardAgain: return searchHistoryAgain(direction: -1)
        case .nonIncrementalSearchForwardAgain: return searchHistoryAgain(direction: 1)
        case .complete:
            if state.isEmpty, let defaultText {
                replace(cursor..<cursor, with: defaultText, kind: .other)
            } else if !isSecret {
                // Candidates listed for a secret would show what it starts with.
                complete()
            }
        case .listCompletions: listCompletions()
        case .insertCompletions: insertCompletions()
        case .menuComplete, .menuCompleteBackward, .menuCompleteToTypedWord: return menuComplete(command, count: 1)
        case .tildeExpand: expandTilde()
        case .acceptSuggestion: _ = acceptSuggestion()
        case .acceptSuggestionWord:
            if !acceptSuggestion(wordOnly: true) { move(to: state.wordEnd(after: cursor, kind: .alphanumeric)) }
        case .cancel: return abortKeys()

        case .digitArgument, .universalArgument: break
        case .transposeWords: transposeWords(count: 1)
        case .revertLine: revertLine()
        case .characterSearch: awaitedKey = .characterSearch(count: 1)
        case .characterSearchBackward: awaitedKey = .characterSearch(count: -1)
        case .yankLastArgument: yankLastArgument(count: 1, isExplicit: false)
        case .yankNthArgument: yankNthArgument(1, skipping: 0)
        case .setMark: emacs.mark = cursor
        case .exchangePointAndMark: exchangePointAndMark()
        case .quotedInsert: awaitedKey = .quotedInsert(count: 1)
        case .deleteHorizontalSpace: deleteHorizontalSpace()
        case .startKeyboardMacro: return startKeyboardMacro()
        case .endKeyboardMacro: return endKeyboardMacro()
        case .callKeyboardMacro: return callKeyboardMacro()
        case .showKeyboardMacro: return showKeyboardMacro()
        case .performNamedCommand: startNamedCommand()
        case .insertComment: return insertComment(toggling: false)
        case .toggleOverwrite: emacs.isOverwriting.toggle()
        case .historyFirst: walkHistory(by: -(historyIndex ?? history.count))
        case .historyLast: if let historyIndex { walkHistory(by: history.count - historyIndex) }
        case .editInExternalEditor: return .editExternally(state.text)

        case .clearScreen: return .clearScreen
        case .clearDisplay: return .clearDisplay
        case .redrawEntry: return .redrawEntry
        case .readInitFileAgain: return .readInitFileAgain
        case .interrupt: return .interrupt
        case .suspend: return .suspend
        case .ignore, .performLowercaseKey, .deleteForwardOrBackward, .deleteForwardOrListCompletions: break
        case .custom(let name): return .custom(name)
        }
        return nil
    }
}
