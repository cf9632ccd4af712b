// The cells of the chrome: the right prompt on the first row, and the regions' rows below the
// entry.

extension Layout {
    /// Puts `rightPrompt` at the right of `row`, `margin` columns short of the edge, with blank
    /// cells before it, when at least one blank column is left between the row's cells and it;
    /// otherwise the row stays as it is, and the right prompt hidden until there is room again.
    /// Returns the columns it takes, nil when it is hidden.
    mutating func place(_ rightPrompt: StyledText, margin: Int, on row: inout [Cell], identity: inout UInt64,
                        width: Int) -> Range<Int>? {
        var cells: [Cell] = []
        Self.append(rightPrompt, to: &cells, width: width, clusters: &clusters)
        let start = width - max(0, margin) - cells.count
        guard !cells.isEmpty, start > row.count else { return nil }
        row.append(contentsOf: repeatElement(Cell.blank, count: start - row.count))
        row.append(contentsOf: cells)
        // The row no longer only grows at its end as the text does: the renderer compares it whole.
        identity = 0
        return start..<row.count
    }

    /// The cells of a region's row, cut at the right edge, a cut piece ending in `…`.
    mutating func cells(of regionRow: RegionRow, width: Int) -> [Cell] {
        var row: [Cell] = []
        row.reserveCapacity(width)
        for piece in regionRow.pieces {
            guard !Self.append(piece, to: &row, width: width, clusters: &clusters) else { continue }
            // Cut: the last cells make room for the ellipsis, a wide character's both halves.
            while !row.isEmpty && row.count >= width { row.removeLast() }
            if row.last?.width == 2 { row.removeLast() }
            Self.append(StyledText("…", style: piece.style), to: &row, width: width, clusters: &clusters)
            break
        }
        return row
    }
}
