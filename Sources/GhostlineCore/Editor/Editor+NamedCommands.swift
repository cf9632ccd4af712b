/// readline's `execute-named-command`: a command's readline name typed on a line of its own,
/// after the prompt and `!`, and run on Enter, with the numeric argument typed before.
extension Editor {
    /// Opens the line the name is typed on (the same line as a non-incremental search's pattern).
    mutating func startNamedCommand(argument: NumericArgument? = nil) {
        var line = NonIncrementalSearch(promptCharacter: "!", direction: -1, savedText: state.text, savedCursor: state.cursor,
                                        start: historyIndex ?? history.count)
        line.readsCommandName = true
        line.commandArgument = argument
        nonIncrementalSearch = line
    }

    /// Enter on the name's line: the entry comes back as it was and the command named runs; an
    /// empty name, or one that names no command here, rings the bell.
    mutating func runNamedCommand(_ line: NonIncrementalSearch) -> EditorRequest? {
        restoreSavedText(line.savedText)
        state.cursor = min(line.savedCursor, state.endPosition)
        guard !line.pattern.isEmpty, let command = ReadlineFunction.command(named: line.pattern) else { return .bell }
        if let argument = line.commandArgument { return perform(command, with: argument) }
        return perform(command)
    }
}
