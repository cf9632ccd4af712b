/// A color a terminal cell can be drawn in, as selected by SGR.
public enum Color: Hashable, Sendable {
    /// An entry of the 256-color palette; the 16 basic SGR colors (30–37, 90–97 and their
    /// background counterparts) are entries 0–15.
    case palette(UInt8)
    /// A direct 24-bit color (`38;2;r;g;b`).
    case rgb(UInt8, UInt8, UInt8)
}
