/// How text is drawn: a foreground color and a few attributes, all optional.
///
/// This is the terminal's `placeholderColor` and `placeholderFont`: the placeholder's default is
/// ``placeholder`` (bright black, SGR 90), and ``dimmed`` when colors are off (`NO_COLOR`).
public struct Style: Hashable, Sendable {
    /// The foreground color, or nil for the terminal's default.
    public var foreground: Color?
    /// Drawn faint (SGR 2).
    public var isDim: Bool
    /// Drawn bold (SGR 1).
    public var isBold: Bool
    /// Drawn italic (SGR 3).
    public var isItalic: Bool
    /// Drawn underlined (SGR 4).
    public var isUnderlined: Bool
    /// Drawn with foreground and background swapped (SGR 7).
    public var isInverse: Bool

    /// Creates a style; every attribute is off unless given.
    public init(foreground: Color? = nil, isDim: Bool = false, isBold: Bool = false, isItalic: Bool = false,
                isUnderlined: Bool = false, isInverse: Bool = false) {
        self.foreground = foreground
        self.isDim = isDim
        self.isBold = isBold
        self.isItalic = isItalic
        self.isUnderlined = isUnderlined
        self.isInverse = isInverse
    }

    /// The terminal's default look.
    public static let plain = Style()
    /// The placeholder's default look: gray, SGR 90.
    public static let placeholder = Style(foreground: .brightBlack)
    /// A look that needs no color, for `NO_COLOR`: faint text.
    public static let dimmed = Style(isDim: true)

    /// The same style without its color, keeping a non-color cue (dim) if color was its only one.
    public var withoutColor: Style {
        var style = self
        if style.foreground != nil && !(isDim || isBold || isItalic || isUnderlined || isInverse) {
            style.isDim = true
        }
        style.foreground = nil
        return style
    }
}

/// A terminal foreground color.
public enum Color: Hashable, Sendable {
    /// One of the 16 basic colors, 0–15 (8–15 are the bright ones: SGR 90–97).
    case basic(UInt8)
    /// One of the 256 palette colors (SGR 38;5;n).
    case palette(UInt8)
    /// A 24-bit color (SGR 38;2;r;g;b).
    case rgb(red: UInt8, green: UInt8, blue: UInt8)

    /// Bright black, which most themes show as gray.
    public static let brightBlack = Color.basic(8)
}
