import GhostlineTerminal

/// Why a ``HistoryFile`` could not be read or an entry not saved to it.
///
/// Its description is a sentence for people that names the file and the reason:
/// `cannot save history to /home/ada/.history: Permission denied`.
public struct HistoryFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What the editor was doing with the file.
    public enum Operation: Equatable, Sendable {
        /// Reading the earlier entries, when the file was set.
        case load
        /// Appending a submitted entry.
        case save
    }

    /// What was wrong.
    public enum Reason: Equatable, Sendable, CustomStringConvertible {
        /// The path names a symbolic link, which the editor never follows: whoever can write
        /// the directory could otherwise point it at any file the process may write.
        case symbolicLink
        /// The path names a directory, device, FIFO or socket, not a plain file.
        case notRegularFile
        /// Another process kept the file locked longer than the editor waits.
        case locked
        /// The operating system refused a call.
        case system(Errno)

        /// The reason in words: the system's message for an error number (`Permission denied`).
        public var description: String {
            switch self {
            case .symbolicLink: "it is a symbolic link"
            case .notRegularFile: "it is not a regular file"
            case .locked: "another process keeps it locked"
            case .system(let error): error.description
            }
        }
    }

    /// The history file's path, as the app gave it.
    public var path: String
    /// What the editor was doing with the file.
    public var operation: Operation
    /// What was wrong.
    public var reason: Reason

    /// Describes a failure to `operation` the file at `path` because of `reason`.
    public init(path: String, operation: Operation, reason: Reason) {
        self.path = path
        self.operation = operation
        self.reason = reason
    }

    /// `cannot read history from PATH: REASON` or `cannot save history to PATH: REASON`.
    public var description: String {
        switch operation {
        case .load: "cannot read history from \(path): \(reason)"
        case .save: "cannot save history to \(path): \(reason)"
        }
    }
}
