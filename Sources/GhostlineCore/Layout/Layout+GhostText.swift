// Ghost text (the placeholder, a suggestion) laid out after the text's end, wrapped as text is.

extension Layout {
    /// The ghost text laid out after the end of the last line.
    struct GhostRows {
        var rows: [[Cell]]
        /// True when the first ghost row is a row of its own rather than the end of the text's row.
        var startsNewRow: Bool
        var extraRows: Int { startsNewRow ? rows.count : rows.count - 1 }
    }

    /// Lays ghost text out from `column` of the text's last row, wrapping as text does and
    /// starting a row at `indent` for each newline in it, for at most `rowLimit` rows: the rows
    /// after the cursor's that can show.
    static func layOutGhost(_ ghost: StyledText, from column: Int, indent: Int, width: Int, rowLimit: Int,
                            clusters: inout ClusterTable) -> GhostRows {
        // Made as the frame's rows are, not from a literal, whose array type the runtime would
        // build by name at a session's first suggestion.
        var rows: [[Cell]] = []
        rows.reserveCapacity(min(rowLimit, 4))
        rows.append([])
        var column = column
        let startsNewRow = column >= width
        if startsNewRow { column = 0 }
        let text = ghost.text
        // Room for the first row at once: grown a cell at a time, it was copied six times.
        rows[0].reserveCapacity(min(width - column, text.utf8.count))
        text.withUTF8Bytes { bytes in
            var position = 0
            while true {
                let rowEnd = appendGhostRow(ghost, bytes: bytes, from: &position, column: &column, width: width,
                                            clusters: &clusters, to: &rows[rows.count - 1])
                guard rowEnd != .text, rows.count < rowLimit else { return }
                rows.append(rowEnd == .newline ? Array(repeating: Cell(ClusterBytes(ascii: 0x20)), count: min(indent, width - 1)) : [])
                column = rows[rows.count - 1].count
            }
        }
        return GhostRows(rows: rows, startsNewRow: startsNewRow)
    }

    /// Where a row of ghost text ended.
    enum GhostRowEnd {
        /// At the end of the ghost text.
        case text
        /// At the margin: the next character goes on the next row.
        case margin
        /// At a newline, which was passed over.
        case newline
    }

    /// Appends to `row`, which ends at `column`, the cells of `ghost` (whose UTF-8 bytes are
    /// `bytes`) from offset `position` on, as far as they fit on the row and up to a newline,
    /// moving `position` and `column` on; says where the row ended. The one row maker of ghost
    /// text, for a frame's rows and for a suggestion drawn after typed cells alike.
    static func appendGhostRow(_ ghost: StyledText, bytes: UnsafeBufferPointer<UInt8>, from position: inout Int,
                               column: inout Int, width: Int, clusters: inout ClusterTable,
                               to row: inout [Cell]) -> GhostRowEnd {
        let text = ghost.text
        while position < bytes.count {
            if column >= width, WrappedLine.endOfASCIIRun(in: bytes, from: position, before: position + 1) > position {
                return .margin
            }
            // Printable ASCII is a character a byte, one cell wide: its cells are known
            // without making `Character`s, as for the text's own rows, and go into the row as
            // one run as far as the margin.
            let runEnd = WrappedLine.endOfASCIIRun(in: bytes, from: position, before: min(bytes.count, position + max(0, width - column)))
            if runEnd > position {
                row.append(contentsOf: ASCIICells(bytes: UnsafeBufferPointer(rebasing: bytes[position..<runEnd]), style: ghost.style))
                column += runEnd - position
                position = runEnd
                continue
            }
            let index = text.utf8.index(text.utf8.startIndex, offsetBy: position)
            let character = text[index]
            let next = text.utf8.distance(from: text.utf8.startIndex, to: text.index(after: index))
            if character == "\n" || character == "\r\n" {
                position = next
                return .newline
            }
            // Made where they go, and taken back when they do not fit: the character then starts
            // the next row.
            let start = row.count
            ClusterScanner.appendCells(of: character, style: ghost.style, width: width, clusters: &clusters, to: &row)
            let count = row.count - start
            if column + count > width && column > 0 {
                row.removeSubrange(start...)
                return .margin
            }
            column += count
            position = next
        }
        return .text
    }
}
