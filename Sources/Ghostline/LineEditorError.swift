import GhostlineTerminal

/// Why ``LineEditor/readLine(initialText:)`` gave no entry other than end of input.
///
/// Its description is a phrase for people, without error numbers: "the terminal was lost
/// (Input/output error)".
public enum LineEditorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The user pressed Ctrl-C; the terminal is restored and the entry abandoned.
    case interrupted
    /// The terminal went away while the entry was read: its window was closed or its line hung
    /// up, so reading or writing it fails (`EIO`, `ENXIO`). The entry is lost with it; nothing
    /// is left to restore.
    case terminalLost(Errno)
    /// The operating system refused a call the editor needed.
    case system(Errno)

    /// The error for a failed read, write or mode change on the terminal: ``terminalLost(_:)``
    /// when the failure says the terminal is gone, otherwise ``system(_:)``.
    init(terminalFailure error: Errno) {
        self = error == .inputOutput || error == .noSuchDevice ? .terminalLost(error) : .system(error)
    }

    /// What went wrong, as a phrase for people.
    public var description: String {
        switch self {
        case .interrupted: "interrupted by Ctrl-C"
        case .terminalLost(let reason): "the terminal was lost (\(reason))"
        case .system(let reason): "\(reason)"
        }
    }
}
