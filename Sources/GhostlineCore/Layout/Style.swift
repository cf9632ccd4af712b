/// How text is drawn: a foreground color and a few attributes, all optional.
///
/// This is the terminal's `placeholderColor` and `placeholderFont`: the placeholder's default is
/// ``placeholder`` (bright black, SGR 90), and ``dimmed`` when colors are off (`NO_COLOR`).
public struct Style: Hashable, Sendable {
    /// The whole style in one word: the color's 24 bits of payload (the index, or red, green and
    /// blue from the low byte up), its kind above them (0 for none, then basic, palette, RGB), and
    /// an attribute a bit from bit 26. Every cell carries a style, and the renderer compares
    /// styles cell by cell, so two styles compare as one integer.
    private var bits: UInt32

    private static let dimBit: UInt32 = 1 << 26
    private static let boldBit: UInt32 = 1 << 27
    private static let italicBit: UInt32 = 1 << 28
    private static let underlinedBit: UInt32 = 1 << 29
    private static let inverseBit: UInt32 = 1 << 30

    /// The foreground color, or nil for the terminal's default.
    public var foreground: Color? {
        get {
            let payload = bits & 0xFF_FFFF
            switch bits >> 24 & 3 {
            case 1: return .basic(UInt8(truncatingIfNeeded: payload))
            case 2: return .palette(UInt8(truncatingIfNeeded: payload))
            case 3:
                return .rgb(red: UInt8(truncatingIfNeeded: payload), green: UInt8(truncatingIfNeeded: payload >> 8),
                            blue: UInt8(truncatingIfNeeded: payload >> 16))
            default: return nil
            }
        }
        set {
            let color: UInt32
            switch newValue {
            case nil: color = 0
            case .basic(let index)?: color = 1 << 24 | UInt32(index)
            case .palette(let index)?: color = 2 << 24 | UInt32(index)
            case .rgb(let red, let green, let blue)?:
                color = 3 << 24 | UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16
            }
            bits = bits & ~0x3FF_FFFF | color
        }
    }
    /// Drawn faint (SGR 2).
    public var isDim: Bool {
        get { bits & Self.dimBit != 0 }
        set { set(Self.dimBit, newValue) }
    }
    /// Drawn bold (SGR 1).
    public var isBold: Bool {
        get { bits & Self.boldBit != 0 }
        set { set(Self.boldBit, newValue) }
    }
    /// Drawn italic (SGR 3).
    public var isItalic: Bool {
        get { bits & Self.italicBit != 0 }
        set { set(Self.italicBit, newValue) }
    }
    /// Drawn underlined (SGR 4).
    public var isUnderlined: Bool {
        get { bits & Self.underlinedBit != 0 }
        set { set(Self.underlinedBit, newValue) }
    }
    /// Drawn with foreground and background swapped (SGR 7).
    public var isInverse: Bool {
        get { bits & Self.inverseBit != 0 }
        set { set(Self.inverseBit, newValue) }
    }

    /// Creates a style; every attribute is off unless given.
    public init(foreground: Color? = nil, isDim: Bool = false, isBold: Bool = false, isItalic: Bool = false,
                isUnderlined: Bool = false, isInverse: Bool = false) {
        bits = 0
        self.foreground = foreground
        self.isDim = isDim
        self.isBold = isBold
        self.isItalic = isItalic
        self.isUnderlined = isUnderlined
        self.isInverse = isInverse
    }

    private mutating func set(_ bit: UInt32, _ isOn: Bool) {
        bits = isOn ? bits | bit : bits & ~bit
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
