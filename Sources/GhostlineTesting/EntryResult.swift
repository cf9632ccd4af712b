import Ghostline

/// How an entry read by `LineEditorDriver` ended: what `LineEditor.readLine()` returned or threw.
public enum EntryResult: Equatable, Sendable {
    /// `readLine()` returned this text: the user submitted it.
    case submitted(String)
    /// `readLine()` returned nil: end of input (Ctrl-D on an empty entry).
    case endOfInput
    /// `readLine()` threw this error (Ctrl-C gives `.interrupted`).
    case failed(LineEditorError)
    /// `readLine()` threw an error that is not a `LineEditorError`, described here.
    case failedOtherwise(String)
}
