import Glibc
import Ghostline

/// Why a `LineEditorDriver` could not do what a test asked.
public enum LineEditorDriverError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A system call the driver needed failed with the error number `errorNumber`.
    case system(operation: String, errorNumber: Int32)
    /// An entry is already being read; it must end before the next one starts.
    case entryInProgress
    /// No entry is being read, so there is no editor to send keys to: bytes sent then would be
    /// the terminal's line discipline's to handle.
    case noEntryInProgress
    /// The editor was not made with the driver's `input` and `output`, so it would read its keys
    /// from somewhere else and draw there.
    case editorNotOnThisTerminal
    /// No terminal sends this key (a function key above F20).
    case keyWithoutSequence(KeyEvent)
    /// The editor did not take what it was sent and settle within the driver's `timeout`:
    /// it hangs, or reads its keys from somewhere else. `details` says what the driver saw.
    case editorDidNotSettle(details: String)

    /// The error for `operation` failing with the calling thread's `errno`.
    static func lastSystemError(_ operation: String) -> LineEditorDriverError {
        .system(operation: operation, errorNumber: errno)
    }

    /// What went wrong, in a sentence for the test's failure message.
    public var description: String {
        switch self {
        case .system(let operation, let errorNumber):
            "\(operation) failed: \(strerror(errorNumber).map { String(cString: $0) } ?? "error \(errorNumber)")"
        case .entryInProgress:
            "an entry is already being read; end it (Enter, Ctrl-D, Ctrl-C) before starting another"
        case .noEntryInProgress:
            "no entry is being read; start one before sending keys"
        case .editorNotOnThisTerminal:
            "the editor was not made on this driver's terminal: pass LineEditor(input: driver.input, output: driver.output)"
        case .keyWithoutSequence(let key):
            "no terminal sends the key \(key)"
        case .editorDidNotSettle(let details):
            "the editor did not settle: \(details)"
        }
    }
}
