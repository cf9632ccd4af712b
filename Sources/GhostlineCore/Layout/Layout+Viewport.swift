// Which of the text's rows are on screen: the first visible row, moved so the cursor's row shows.

extension Layout {
    /// Moves the first visible row so that the cursor's row is on screen, scrolling as little as
    /// possible, and so that no rows are left empty below the text while rows above are hidden.
    mutating func scroll(toShow cursor: RowAddress, areaHeight: Int, _ context: FrameContext) {
        let lineCount = context.state.lineCount
        if top.line >= lineCount { top = RowAddress(line: lineCount - 1, row: 0) }
        top.row = min(top.row, rowCount(top.line, context) - 1)
        if cursor < top {
            top = cursor
        } else if rows(from: top, to: cursor, limit: areaHeight, context) >= areaHeight {
            top = address(rowsBefore: cursor, count: areaHeight - 1, context)
        }
        let last = RowAddress(line: lineCount - 1, row: rowCount(lineCount - 1, context) - 1)
        if rows(from: top, to: last, limit: areaHeight, context) < areaHeight - 1 {
            top = address(rowsBefore: last, count: areaHeight - 1, context)
        }
    }

    /// How many rows lie from `start` to `end` (0 when equal), counting no further than `limit`.
    private mutating func rows(from start: RowAddress, to end: RowAddress, limit: Int, _ context: FrameContext) -> Int {
        if start.line == end.line { return end.row - start.row }
        var total = rowCount(start.line, context) - start.row
        var line = start.line + 1
        while line < end.line && total < limit {
            total += rowCount(line, context)
            line += 1
        }
        return total + end.row
    }

    /// The address `count` rows above `address`, or the very first row.
    private mutating func address(rowsBefore address: RowAddress, count: Int, _ context: FrameContext) -> RowAddress {
        var remaining = count
        var result = address
        while remaining > 0 {
            if result.row >= remaining { return RowAddress(line: result.line, row: result.row - remaining) }
            remaining -= result.row + 1
            guard result.line > 0 else { return RowAddress(line: 0, row: 0) }
            result = RowAddress(line: result.line - 1, row: rowCount(result.line - 1, context) - 1)
        }
        return result
    }

    /// Moves the first visible row `count` rows down, as the next frame must find it after the
    /// terminal scrolled that many rows away while cells were appended to the cursor's line
    /// without a frame.
    mutating func scrollDown(_ count: Int, in presentation: Presentation, width: Int) {
        let width = max(1, width)
        let state = presentation.state
        var remaining = count
        while remaining > 0 {
            // The rows added are the cursor line's: once there, every row left is one of them.
            guard top.line < state.cursor.line else {
                top.row += remaining
                return
            }
            let prompt = top.line == 0 ? presentation.prompt : presentation.continuationPrompt
            let start = prefixCells(prompt, width: width).count
            let rows = lineCache(line: top.line, in: state, startColumn: start, width: width).wrapped.rowStarts.count
            if top.row + remaining < rows {
                top.row += remaining
                return
            }
            remaining -= rows - top.row
            top = RowAddress(line: top.line + 1, row: 0)
        }
    }
}
