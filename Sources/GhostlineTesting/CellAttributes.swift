import GhostlineCore

/// The graphic rendition a terminal cell was written with.
public struct CellAttributes: Hashable, Sendable {
    /// The foreground color as SGR selected it (30–37 and 90–97 as `.basic`, `38;5;n` as
    /// `.palette`, `38;2;r;g;b` as `.rgb`, the way a `Style` names them), or `nil` for the
    /// terminal's default.
    public var foreground: Color?
    /// The background color, named as ``foreground`` is, or `nil` for the terminal's default.
    public var background: Color?
    /// Whether SGR 1 (bold) is in effect.
    public var isBold: Bool
    /// Whether SGR 2 (dim, faint) is in effect.
    public var isDim: Bool
    /// Whether SGR 3 (italic) is in effect.
    public var isItalic: Bool
    /// Whether SGR 4 (underline) is in effect.
    public var isUnderlined: Bool
    /// Whether SGR 7 (inverse video) is in effect.
    public var isInverse: Bool

    /// Creates attributes; every argument defaults to the terminal's plain rendition.
    public init(
        foreground: Color? = nil,
        background: Color? = nil,
        isBold: Bool = false,
        isDim: Bool = false,
        isItalic: Bool = false,
        isUnderlined: Bool = false,
        isInverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.isBold = isBold
        self.isDim = isDim
        self.isItalic = isItalic
        self.isUnderlined = isUnderlined
        self.isInverse = isInverse
    }

    /// The rendition after SGR 0: default colors, no emphasis.
    public static let plain = CellAttributes()
}
