extension Editor {
    /// What `command`, just performed, leaves as the previous command.
    mutating func takePreviousCommand(_ command: Command) -> PreviousCommand {
        // A yank-pop right after a kill is readline's abort, which leaves the kill going on: the
        // next kill still joins it.
        if case .yankPop = command, lastCommand == .kill { return .kill }
        guard killedNothing else { return PreviousCommand(command) }
        killedNothing = false
        return .other
    }
}

/// What the previous command was, as far as the next one cares (`Editor.lastCommand`): a plain
/// enum rather than a `Command`, whose text payload every typed key would otherwise release.
enum PreviousCommand: Equatable {
    /// A yank or a yank-pop: Alt-Y replaces the yanked text with the next kill.
    case yank
    /// A kill: the next kill joins its text in the same kill-ring entry.
    case kill
    /// A completion: a second Tab lists the candidates.
    case complete
    /// Alt-. (`yank-last-arg`): pressed again, it takes the entry before instead.
    case yankLastArgument
    /// A history substring search: pressed again, it searches on for the same text.
    case historySubstringSearch
    /// Menu completion: pressed again, it puts the next candidate in.
    case menuComplete
    /// Menu completion that comes back to the typed word: its rounds are its own, as readline's.
    case menuCompleteToTypedWord
    /// Anything else.
    case other

    init(_ command: Command) {
        switch command {
        case .yank, .yankPop: self = .yank
        case .complete: self = .complete
        case .yankLastArgument: self = .yankLastArgument
        case .historySubstringSearchBackward, .historySubstringSearchForward: self = .historySubstringSearch
        case .menuComplete, .menuCompleteBackward: self = .menuComplete
        case .menuCompleteToTypedWord: self = .menuCompleteToTypedWord
        default: self = command.isKill ? .kill : .other
        }
    }
}
