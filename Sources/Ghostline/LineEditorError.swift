import GhostlineTerminal

/// Why ``LineEditor/readLine()`` gave no entry other than end of input.
public enum LineEditorError: Error, Equatable, Sendable {
    /// The user pressed Ctrl-C; the terminal is restored and the entry abandoned.
    case interrupted
    /// The operating system refused a call the editor needed.
    case system(Errno)
}
