/// One cell of a terminal screen: the grapheme cluster shown there and how it is drawn.
public struct ScreenCell: Hashable, Sendable {
    /// The grapheme cluster in this cell: `" "` for a blank cell, `""` for the right half
    /// of a wide character (whose text is in the cell to its left).
    public var text: String
    /// The rendition the cell was written or erased with.
    public var attributes: CellAttributes

    /// Creates a cell showing `text` drawn with `attributes`.
    public init(text: String, attributes: CellAttributes = .plain) {
        self.text = text
        self.attributes = attributes
    }

    /// A blank cell; erasing takes the current background color, as xterm does.
    static func blank(_ attributes: CellAttributes = .plain) -> ScreenCell {
        ScreenCell(text: " ", attributes: attributes)
    }

    /// Whether this is the right half of a wide character, whose text is in the cell to its left.
    public var isWideContinuation: Bool { text.isEmpty }
}
