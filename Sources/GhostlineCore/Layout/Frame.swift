/// One cell of the screen: a character and how it is drawn.
///
/// A wide character occupies its cell and the next one; the next one is a continuation cell
/// (``width`` 0) so that every row is indexed by column.
public struct Cell: Hashable, Sendable {
    /// The grapheme cluster drawn in this cell; empty for the continuation half of a wide one.
    public var text: Character?
    /// Columns the cell's character occupies: 1, 2, or 0 for a continuation cell.
    public var width: UInt8
    /// How the character is drawn.
    public var style: Style

    /// Creates a cell.
    public init(_ text: Character?, width: UInt8 = 1, style: Style = .plain) {
        self.text = text
        self.width = width
        self.style = style
    }

    /// The right half of a wide character.
    static func continuation(style: Style) -> Cell { Cell(nil, width: 0, style: style) }
}

/// A point on the screen, relative to the first row of the prompt.
public struct ScreenPoint: Hashable, Sendable, CustomStringConvertible {
    /// The row, from 0 at the prompt's first row.
    public var row: Int
    /// The column, from 0.
    public var column: Int

    /// Creates a point.
    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    /// The point as `row,column`, for test failures.
    public var description: String { "\(row),\(column)" }
}

/// What the editor's area of the screen should show: rows of cells and where the cursor is.
///
/// Rows hold only the cells in use; the rest of each row is blank.
public struct Frame: Hashable, Sendable {
    /// The rows, top to bottom. A frame never has more rows than the terminal.
    public var rows: [[Cell]]
    /// Where the cursor is shown.
    public var cursor: ScreenPoint
    /// The terminal width the frame was laid out for.
    public var width: Int
    /// For each row, an identity that stays the same while the row only grows at its end, or 0
    /// when unknown. A renderer that drew a row with the same identity before needs to compare
    /// only the cells it has not drawn yet, so typing at the end of a long row costs one cell.
    public var rowIdentities: [UInt64]

    /// Creates a frame.
    public init(rows: [[Cell]], cursor: ScreenPoint, width: Int, rowIdentities: [UInt64] = []) {
        self.rows = rows
        self.cursor = cursor
        self.width = width
        self.rowIdentities = rowIdentities
    }

    /// Frames are equal when they show the same: row identities are a hint for drawing, not
    /// part of what is shown.
    public static func == (lhs: Frame, rhs: Frame) -> Bool {
        lhs.rows == rhs.rows && lhs.cursor == rhs.cursor && lhs.width == rhs.width
    }

    /// Hashes what the frame shows.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rows)
        hasher.combine(cursor)
        hasher.combine(width)
    }

    /// The identity of row `index`, 0 when unknown.
    func identity(ofRow index: Int) -> UInt64 {
        index < rowIdentities.count ? rowIdentities[index] : 0
    }

    /// An empty frame, as before anything was drawn.
    public static func empty(width: Int) -> Frame {
        Frame(rows: [[]], cursor: ScreenPoint(row: 0, column: 0), width: width)
    }

    /// The text of row `index`, for tests and debugging: wide characters once, no styles.
    public func text(ofRow index: Int) -> String {
        String(rows[index].compactMap(\.text))
    }
}
