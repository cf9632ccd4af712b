/// How a ``LineEditorDriver``'s terminal answers the editor's probe of its capabilities (the
/// kitty keyboard query, DECRQM for mode 2027 and the primary device attributes).
public enum TerminalAnswers: Equatable, Sendable {
    /// The editor does not probe the terminal, as with no test kit on a terminal it does not
    /// probe; its keys are the legacy bytes. The default.
    case notProbed
    /// It answers as a terminal that speaks the kitty keyboard protocol: flags 0 in force,
    /// mode 2027 unknown, then its device attributes.
    case kittyKeyboard
    /// It answers only the device attributes, as xterm and tmux do: no kitty protocol.
    case deviceAttributesOnly
    /// It answers nothing at all, so the editor waits out its bound.
    case nothing
    /// It answers as ``kittyKeyboard`` does, but only once the editor waits for keys, after
    /// its bound: the answers must not reach the entry.
    case lateKittyKeyboard

    static let deviceAttributes = Array("\u{1B}[?62;22c".utf8)
    static let kittyAnswer = Array("\u{1B}[?0u\u{1B}[?2027;0$y".utf8) + deviceAttributes
}
