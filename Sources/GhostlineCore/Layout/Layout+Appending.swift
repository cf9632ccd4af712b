// The cells of text appended at a line's end and of ghost text on the cursor's row, made as a
// frame makes them, for the renderer's append (Docs/Architecture.md, "One way through the house").

extension Layout {
    /// The cells that text appended at `start`, the end of a line when the screen was last drawn,
    /// adds on the screen through the end of line `lastLine`: made as a frame makes a row's cells
    /// (a new line's first row starts with the continuation prompt; each cluster in the style of
    /// the presentation's spans, or as its mask), with the lines' wrapping brought up to date.
    /// Nil when the new text joins the character before `start`, which a frame redraws, takes
    /// more rows than the screen's `height`, of which a frame draws only the last, or starts a
    /// line whose prompt is marked for shell integration.
    mutating func cellsAppended(at start: TextPosition, through lastLine: Int, of presentation: Presentation,
                                width: Int, height: Int) -> AppendedCells? {
        let width = max(1, width)
        let state = presentation.state
        // A new line's continuation prompt carries marks, which only a frame writes.
        guard lastLine == start.line || !presentation.chrome.marksPrompts else { return nil }
        useMask(presentation.mask, width: width)
        guard WrappedLine.isCharacterBoundary(start.offset, in: state.line(start.line)) else { return nil }
        // Taken out while they are filled, so that they are not shared then.
        var runs = appendedRuns
        appendedRuns = []
        defer { appendedRuns = runs }
        var runCount = 0
        var endColumn = 0
        for line in start.line...lastLine {
            let prefix = prefixCells(line == 0 ? presentation.prompt : presentation.continuationPrompt, width: width)
            let text = state.line(line)
            let spans = presentation.highlights?.spans(ofLine: line) ?? []
            let wrapped = lineCache(line: line, in: state, startColumn: prefix.count, width: width).wrapped
            let rowStarts = wrapped.rowStarts
            let from = line == start.line ? start.offset : 0
            // On the first line, from the row the old end was on: the last that starts before it
            // (a row that starts at it holds only new text).
            let firstRow = line == start.line ? max(0, rowStarts.partitionedIndex { $0 >= from } - 1) : 0
            guard runCount + rowStarts.count - firstRow <= height else { return nil }
            for row in firstRow..<rowStarts.count {
                if runCount == runs.count { runs.append([]) }
                runs[runCount].removeAll(keepingCapacity: true)
                if line != start.line && row == 0 { runs[runCount].append(contentsOf: prefix) }
                wrapped.appendCells(from: max(from, rowStarts[row]), to: wrapped.end(ofRow: row), in: text, spans: spans,
                                    mask: mask.cells, clusters: &clusters, to: &runs[runCount])
                runCount += 1
            }
            endColumn = wrapped.endColumn
        }
        // Only when there are runs to drop: the call alone has the runtime build a type by name
        // at a session's first key (`make budget` counts the first key).
        if runCount < runs.count { runs.removeSubrange(runCount...) }
        return AppendedCells(runs: runs, endColumn: endColumn, endsAtMargin: endColumn >= width,
                             longClusters: clusters.clusters)
    }

    /// The cells of `ghost`, the ghost text after the text's end at `column`, made as a frame
    /// makes them, and the long clusters they may refer to; nil when a frame would not draw it
    /// all on that row, before the margin.
    mutating func ghostCellsOnOneRow(_ ghost: StyledText, from column: Int, width: Int) -> (cells: [Cell], longClusters: [String])? {
        let width = max(1, width)
        guard column < width else { return nil }
        // Laid into one row kept from key to key, not into a frame's rows: an array of rows made
        // and freed at each key, and a row freed after the renderer copied it, brought the
        // allocator's freeing code in at a session's first suggestion.
        if !ghostRow.isEmpty { ghostRow.removeAll(keepingCapacity: true) }
        var end = column
        let rowEnd = ghost.text.withUTF8Bytes { bytes in
            var position = 0
            return Self.appendGhostRow(ghost, bytes: bytes, from: &position, column: &end, width: width,
                                       clusters: &clusters, to: &ghostRow)
        }
        guard rowEnd == .text, end < width else { return nil }
        return (ghostRow, clusters.clusters)
    }
}

/// Cells added at the end of a line, row by row, as ``Layout`` makes them for a frame.
struct AppendedCells {
    /// The first run continues the row the line ended on; each later run is a row of its own.
    var runs: [[Cell]]
    /// The column the text now ends at on its last row.
    var endColumn: Int
    /// True when the text now fills its last row to the margin: the cursor waits at the start of
    /// the next row, as a frame puts it (see ``Frame/cursorIsPastMargin``).
    var endsAtMargin: Bool
    /// The layout's long clusters, which the cells may refer to by number.
    var longClusters: [String]
}
