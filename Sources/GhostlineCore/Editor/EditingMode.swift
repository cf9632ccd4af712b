/// How keys are read: GNU readline's two editing modes.
public enum EditingMode: Hashable, Sendable {
    /// Emacs keys, readline's default.
    case emacs
    /// vi keys: each entry starts in insert mode; Escape goes to command mode.
    case vi
}
