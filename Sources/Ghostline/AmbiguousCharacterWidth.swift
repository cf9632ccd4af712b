import GhostlineCore

/// How an editor lays out characters of ambiguous East Asian width: `…`, `±`, `°`, box drawing,
/// Greek and Cyrillic letters, the private use area. Most terminals draw them in one column;
/// terminals set up for CJK text draw them in two, and a line laid out for the other kind puts
/// the cursor in the wrong place.
public enum AmbiguousCharacterWidth: Hashable, Sendable {
    /// As the terminal draws them: the first one drawn is measured, when the terminal answers
    /// queries and ``LineEditor/measuresCharacterWidths`` is on; else one column.
    case asTheTerminalDraws
    /// One column each, whatever the terminal.
    case narrow
    /// Two columns each, as a CJK terminal that cannot be asked draws them.
    case wide

    /// The width the app fixed; nil to ask the terminal.
    var fixedWidth: TerminalWidths.AmbiguousWidth? {
        switch self {
        case .asTheTerminalDraws: return nil
        case .narrow: return .narrow
        case .wide: return .wide
        }
    }
}
