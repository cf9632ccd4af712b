/// One cell of the screen: a character and how it is drawn.
///
/// A wide character occupies its cell and the next one; the next one is a continuation cell
/// (``width`` 0) so that every row is indexed by column. A cell is plain memory (its character
/// is kept as UTF-8 bytes, see ``Frame/character(of:)``), so rows copy and compare cheaply.
package struct Cell: Hashable, Sendable {
    /// The bytes of the grapheme cluster drawn in this cell.
    var bytes: ClusterBytes
    /// Columns the cell's character occupies: 1, 2, or 0 for a continuation cell.
    package var width: UInt8
    /// How the character is drawn.
    package var style: Style

    init(_ bytes: ClusterBytes, width: UInt8 = 1, style: Style = .plain) {
        self.bytes = bytes
        self.width = width
        self.style = style
    }

    /// True for the right half of a wide character, which has no character of its own.
    package var isContinuation: Bool { width == 0 }

    /// The right half of a wide character.
    static func continuation(style: Style) -> Cell { Cell(.none, width: 0, style: style) }

    /// A plain space, as layout pads a row with it before the right prompt.
    static let blank = Cell(ClusterBytes(ascii: 0x20))
}

/// A point on the screen, relative to the first row of the prompt.
package struct ScreenPoint: Hashable, Sendable, CustomStringConvertible {
    /// The row, from 0 at the prompt's first row.
    package var row: Int
    /// The column, from 0.
    package var column: Int

    /// Creates a point.
    package init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    /// The point as `row,column`, for test failures.
    package var description: String { "\(row),\(column)" }
}

/// What the editor's area of the screen should show: rows of cells and where the cursor is.
///
/// Rows hold only the cells in use; the rest of each row is blank.
package struct Frame: Hashable, Sendable {
    /// The rows, top to bottom. A frame never has more rows than the terminal.
    package var rows: [[Cell]]
    /// Where the cursor is shown.
    package var cursor: ScreenPoint
    /// The terminal width the frame was laid out for.
    package var width: Int
    /// The clusters longer than a cell holds inline, by number.
    var longClusters: [String]
    /// For each row, an identity that stays the same while the row only grows at its end, or 0
    /// when unknown. A renderer that drew a row with the same identity before needs to compare
    /// only the cells it has not drawn yet, so typing at the end of a long row costs one cell.
    package var rowIdentities: [UInt64]
    /// True when the cursor's row holds no text of its own: the text before the cursor filled
    /// the row above to the margin, and the cursor waits at the start of the next row. Text
    /// that continues the line on a row of its own starts on this one.
    var cursorIsPastMargin = false

    /// Creates a frame.
    package init(rows: [[Cell]], cursor: ScreenPoint, width: Int, rowIdentities: [UInt64] = []) {
        self.init(rows: rows, cursor: cursor, width: width, rowIdentities: rowIdentities, longClusters: [])
    }

    init(rows: [[Cell]], cursor: ScreenPoint, width: Int, rowIdentities: [UInt64], longClusters: [String]) {
        self.rows = rows
        self.cursor = cursor
        self.width = width
        self.rowIdentities = rowIdentities
        self.longClusters = longClusters
    }

    /// The grapheme cluster a cell of this frame shows; nil for a continuation cell.
    package func character(of cell: Cell) -> Character? {
        guard !cell.isContinuation else { return nil }
        if let number = cell.bytes.longClusterIndex {
            return number < longClusters.count ? longClusters[number].first : nil
        }
        var bytes: [UInt8] = []
        cell.bytes.appendInlineBytes(to: &bytes)
        return String(decoding: bytes, as: UTF8.self).first
    }

    /// Appends the UTF-8 bytes that draw `cell` to `output`.
    func appendBytes(of cell: Cell, to output: inout [UInt8]) {
        if let number = cell.bytes.longClusterIndex {
            if number < longClusters.count { output.append(contentsOf: longClusters[number].utf8) }
        } else {
            cell.bytes.appendInlineBytes(to: &output)
        }
    }

    /// Frames are equal when they show the same: row identities are a hint for drawing, not
    /// part of what is shown.
    /// Long clusters are compared by their text, since two layouts may number them differently.
    package static func == (lhs: Frame, rhs: Frame) -> Bool {
        guard lhs.cursor == rhs.cursor, lhs.width == rhs.width, lhs.rows.count == rhs.rows.count else { return false }
        if lhs.longClusters == rhs.longClusters { return lhs.rows == rhs.rows }
        for (left, right) in zip(lhs.rows, rhs.rows) {
            guard left.count == right.count else { return false }
            for (a, b) in zip(left, right) where a != b {
                guard a.width == b.width, a.style == b.style, lhs.character(of: a) == rhs.character(of: b) else { return false }
            }
        }
        return true
    }

    /// Hashes what the frame shows.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(cursor)
        hasher.combine(width)
        for row in rows {
            for cell in row { hasher.combine(character(of: cell)) }
        }
    }

    /// The identity of row `index`, 0 when unknown.
    func identity(ofRow index: Int) -> UInt64 {
        index < rowIdentities.count ? rowIdentities[index] : 0
    }

    /// The text of row `index`, for tests and debugging: wide characters once, no styles.
    package func text(ofRow index: Int) -> String {
        String(rows[index].compactMap { character(of: $0) })
    }
}
