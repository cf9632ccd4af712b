/// The terminal modes a prompt switches, as a test reads them after an entry: a well-behaved
/// editor leaves them as ``initial`` once the entry has ended.
public struct TerminalModes: Hashable, Sendable, CustomStringConvertible {
    /// Whether bracketed paste is on (`CSI ?2004 h`).
    public var isBracketedPasteOn: Bool
    /// Whether the cursor is shown (`CSI ?25 h`).
    public var isCursorVisible: Bool
    /// Whether writing past the last column wraps (`CSI ?7 h`).
    public var isAutowrapOn: Bool
    /// Whether a synchronized update (`CSI ?2026 h`) is still open.
    public var isSynchronizedOutputOn: Bool
    /// Whether the terminal's attributes (`termios`) differ from those it had when the driver
    /// opened it, as they do in raw mode.
    public var areAttributesChanged: Bool

    /// Creates a set of modes.
    public init(isBracketedPasteOn: Bool, isCursorVisible: Bool, isAutowrapOn: Bool,
                isSynchronizedOutputOn: Bool, areAttributesChanged: Bool) {
        self.isBracketedPasteOn = isBracketedPasteOn
        self.isCursorVisible = isCursorVisible
        self.isAutowrapOn = isAutowrapOn
        self.isSynchronizedOutputOn = isSynchronizedOutputOn
        self.areAttributesChanged = areAttributesChanged
    }

    /// The modes of a terminal nobody has changed: cursor shown, autowrap on, nothing else on,
    /// attributes as they were.
    public static let initial = TerminalModes(
        isBracketedPasteOn: false, isCursorVisible: true, isAutowrapOn: true,
        isSynchronizedOutputOn: false, areAttributesChanged: false)

    /// The modes that are on, and the attributes when changed, for a failure message.
    public var description: String {
        let named = [
            (isBracketedPasteOn, "bracketed paste"), (isCursorVisible, "cursor visible"),
            (isAutowrapOn, "autowrap"), (isSynchronizedOutputOn, "synchronized output"),
            (areAttributesChanged, "attributes changed"),
        ]
        return "[" + named.filter(\.0).map(\.1).joined(separator: ", ") + "]"
    }
}
