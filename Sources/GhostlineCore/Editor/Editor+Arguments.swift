extension Editor {
    // MARK: - Numeric arguments

    /// The prompt shown while a numeric argument is typed, in place of the normal one, as
    /// readline shows it.
    package var argumentPrompt: String? {
        numericArgument.map { "(arg: \($0.count)) " }
    }

    /// Where a pending numeric argument sees a key first (the entry point from `apply`): its
    /// digits (and a leading `-`, and the keys bound to `digit-argument` and
    /// `universal-argument`) extend the number. Returns what is left of the event for the key
    /// map, the command of which gets the count; nil when the argument took all of it.
    mutating func feedArgument(_ event: KeyEvent) -> (event: KeyEvent?, request: EditorRequest?) {
        guard var argument = numericArgument, pendingKeys.isEmpty else { return (event, nil) }
        switch event {
        case .text(let text):
            var rest = Substring(text)
            while let character = rest.first {
                let step = argument.take(character)
                if step == .ends { break }
                rest = rest.dropFirst()
                if step == .overflowed { return (rest.isEmpty ? nil : .text(String(rest)), dropArgument()) }
            }
            numericArgument = argument
            return (rest.isEmpty ? nil : .text(String(rest)), nil)
        case .key(.character(let character), _):
            let step: NumericArgument.Step
            switch keyMap.command(for: [event]) {
            case .digitArgument?: step = argument.takeAgain(character)
            case .universalArgument?: step = argument.multiplyByFour()
            default: step = .ends
            }
            switch step {
            case .ends: return (event, nil)
            case .overflowed: return (nil, dropArgument())
            case .continues:
                numericArgument = argument
                return (nil, nil)
            }
        case .key(_, _) where keyMap.command(for: [event]) == .universalArgument:
            let step = argument.multiplyByFour()
            if step == .overflowed { return (nil, dropArgument()) }
            numericArgument = argument
            return (nil, nil)
        default:
            return (event, nil)
        }
    }

    /// A number past ``NumericArgument/largest`` is dropped with the bell, as readline drops it.
    private mutating func dropArgument() -> EditorRequest {
        numericArgument = nil
        return .bell
    }

    /// Starts a numeric argument with the digit or `-` of the key that performs
    /// `digit-argument`, or at four for `universal-argument`.
    mutating func startArgument(with command: Command) -> EditorRequest? {
        noteArgumentInRecording()
        if command == .universalArgument {
            numericArgument = .universal
            return nil
        }
        var character: Character?
        if case .key(.character(let typed), _)? = dispatchedKey { character = typed }
        numericArgument = NumericArgument(startingWith: character)
        return nil
    }

    /// Notes where the keys of a numeric argument begin in the macro being recorded (its first
    /// key is already there), so that Ctrl-X ) given the argument takes them out with itself.
    private mutating func noteArgumentInRecording() {
        guard emacs.macroDepth == 0, let count = emacs.recordedKeys?.count else { return }
        emacs.argumentKeysStart = count - 1
    }

    /// Performs a command given a numeric argument, as readline's command of the same name
    /// reads its count: most repeat, a negative count turns the direction round, and a few read
    /// the count as a number of their own (a word's index, the mark's offset).
    mutating func perform(_ command: Command, with argument: NumericArgument) -> EditorRequest? {
        if !command.keepsGoalColumn { goalColumn = nil }
        if !command.isTyping { undoHistory.closeGroup() }
        let replays = emacs.replays
        let request = performCounted(command, argument)
        if emacs.replays != replays { return request }
        // A counted Delete or Backspace is a kill, which the next kill joins.
        let isDeletion = command == .deleteBackward || command == .deleteForward || command == .deleteForwardOrEndOfFile
        lastCommand = isDeletion && !killedNothing ? .kill : takePreviousCommand(command)
        return request
    }

    private mutating func performCounted(_ command: Command, _ argument: NumericArgument) -> EditorRequest? {
        let count = argument.count
        let times = Swift.min(abs(count), NumericArgument.largest)
        switch command {
        case .insert(let text):
            guard count > 0 else { return nil }
            return performOnce(.insert(String(repeating: text, count: times)), kind: .typing)
        case .moveLeft, .moveRight, .moveWordLeft, .moveWordRight, .acceptSuggestionWord, .historyPrevious, .historyNext,
             .moveUp, .moveDown:
            let step = count < 0 ? command.reversed : command
            for _ in 0..<times { _ = performOnce(step, kind: .other) }
        case .deleteBackward, .deleteForward, .deleteForwardOrEndOfFile:
            if command == .deleteForwardOrEndOfFile && state.isEmpty { return .endOfFile }
            let backward = (command == .deleteBackward) == (count >= 0)
            killCharacters(times, backward: backward)
        case .killToLineEnd, .killToLineStart:
            // Ctrl-U (`unix-line-discard`) reads no count; Ctrl-K with a negative one kills back.
            let backward = command == .killToLineStart || count < 0
            return performOnce(backward ? .killToLineStart : .killToLineEnd, kind: .other)
        case .killWordBackward, .killWordForward:
            let backward = (command == .killWordBackward) == (count > 0)
            killWords(times, backward: backward)
        case .killWhitespaceWordBackward:
            let cursor = state.cursor
            var start = cursor
            for _ in 0..<Swift.max(1, count) { start = state.wordStart(before: start, kind: .nonWhitespace) }
            killBackwardAndMark(start..<cursor)
        case .transposeCharacters: transposeCharacters(count: count)
        case .transposeWords: transposeWords(count: count)
        case .uppercaseWord: changeCase(count: count) { $0.uppercased() }
        case .lowercaseWord: changeCase(count: count) { $0.lowercased() }
        case .capitalizeWord: changeCase(count: count, capitalizing: true) { $0.lowercased() }
        case .characterSearch, .characterSearchBackward:
            awaitedKey = .characterSearch(count: command == .characterSearch ? count : -count)
        case .quotedInsert: awaitedKey = .quotedInsert(count: count)
        case .yankLastArgument: yankLastArgument(count: count, isExplicit: argument.isExplicit)
        case .yankNthArgument: yankNthArgument(count, skipping: 0)
        case .setMark: emacs.mark = markPosition(offset: count)
        case .toggleOverwrite: emacs.isOverwriting = count > 0
        case .insertComment: return insertComment(toggling: argument.isExplicit)
        case .killPathComponentBackward, .copyWordBackward, .copyWordForward: killOrCopy(command, count: count)
        case .historySubstringSearchBackward, .historySubstringSearchForward:
            return searchHistory(bySubstringIn: command == .historySubstringSearchBackward ? -1 : 1, count: count)
        case .fetchHistory: fetchHistory(argument: argument)
        case .submitAndRecallNext: return submitAndRecallNext(argument: argument)
        case .menuComplete, .menuCompleteBackward, .menuCompleteToTypedWord: return menuComplete(command, count: count)
        case .performNamedCommand: startNamedCommand(argument: argument)
        case .callKeyboardMacro: return callKeyboardMacro(count: count)
        case .endKeyboardMacro: return endKeyboardMacro(count: count, argumentKeysStart: emacs.argumentKeysStart)
        case .startKeyboardMacro: return startKeyboardMacro(appending: true)
        default:
            return performOnce(command, kind: command.isTyping ? .typing : .other)
        }
        return nil
    }

    /// Kills `count` characters before or after the cursor: a counted Delete or Backspace goes
    /// to the kill ring, as in readline.
    private mutating func killCharacters(_ count: Int, backward: Bool) {
        let cursor = state.cursor
        // With a count of zero readline kills nothing, yet as a kill the next one joins, unless
        // the cursor is where it would not delete at all (the line's start, or its end).
        if count == 0 && cursor != (backward ? .start : state.endPosition) { return }
        var other = cursor
        for _ in 0..<count {
            let next = backward ? state.position(before: other) : state.position(after: other)
            if next == other { break }
            other = next
        }
        kill(backward ? other..<cursor : cursor..<other, backward: backward)
        state.cursor = backward ? other : cursor
    }

    /// Kills `count` alphanumeric words before or after the cursor, as Alt-Backspace and Alt-D do.
    private mutating func killWords(_ count: Int, backward: Bool) {
        let cursor = state.cursor
        var other = cursor
        for _ in 0..<count {
            other = backward ? state.wordStart(before: other, kind: .alphanumeric) : state.wordEnd(after: other, kind: .alphanumeric)
        }
        killAndMark(backward ? other..<cursor : cursor..<other, backward: backward)
        state.cursor = backward ? other : cursor
    }
}

extension Command {
    /// The same command the other way round, for a negative count.
    var reversed: Command {
        switch self {
        case .moveLeft: .moveRight
        case .moveRight: .moveLeft
        case .moveWordLeft: .moveWordRight
        case .moveWordRight, .acceptSuggestionWord: .moveWordLeft
        case .historyPrevious: .historyNext
        case .historyNext: .historyPrevious
        case .moveUp: .moveDown
        case .moveDown: .moveUp
        default: self
        }
    }
}
