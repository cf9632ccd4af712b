// Writing cells and moving the cursor, keeping track of where the terminal's cursor really is,
// the pending wrap at the margin included.

extension Renderer {
    /// Writes `cells` of row `row` with the row's `marks` among them: each prompt's mark just
    /// before its first cell, and the input's start after the prompts written, after the last
    /// cell too. Between writes the terminal is in the input's zone, so an input's start after
    /// no prompt written is left out.
    mutating func write(_ cells: ArraySlice<Cell>, row: Int, width: Int, marks: ArraySlice<PromptMark>,
                        in frame: Frame) {
        var start = cells.startIndex
        var inPrompt = false
        for mark in marks where mark.column >= cells.startIndex && mark.column <= cells.endIndex {
            if mark.kind == .inputStart {
                guard inPrompt else { continue }
            } else if mark.column == cells.endIndex {
                continue
            }
            if start < mark.column { write(cells[start..<mark.column], row: row, width: width, in: frame) }
            start = max(start, mark.column)
            output.append(contentsOf: mark.kind.bytes)
            inPrompt = mark.kind != .inputStart
        }
        if start < cells.endIndex { write(cells[start...], row: row, width: width, in: frame) }
    }

    mutating func write(_ cells: ArraySlice<Cell>, row: Int, width: Int, in frame: Frame) {
        var index = cells.startIndex
        while index < cells.endIndex {
            let cell = cells[index]
            guard !cell.isContinuation else {
                index += 1
                continue
            }
            if cell.style != currentStyle { setStyle(cell.style) }
            if pendingWrap {
                // Rows end in hard line breaks, never in the terminal's soft wrap, so that a
                // terminal that re-wraps its lines on resize re-wraps each row on its own and
                // the area's height stays computable (see `rowsAbove(afterResizeTo:)`).
                move(to: ScreenPoint(row: cursor.row + 1, column: 0), width: width)
            }
            if cell.width == 1 && cell.bytes.singleByte != nil {
                // A run of one-byte cells, a column each.
                let end = Self.appendRun(of: cells, from: index, before: min(cells.endIndex, index + width - cursor.column),
                                         to: &output)
                cursor.column += end - index
                index = end
            } else {
                frame.appendBytes(of: cell, to: &output)
                cursor.column += Int(cell.width)
                index += 1
            }
            if cursor.column >= width {
                cursor.column = width - 1
                pendingWrap = true
            }
        }
    }

    /// Appends the bytes of the run of one-byte cells in one style that starts at `start` (a
    /// one-byte cell) and ends before `limit` at the latest; returns the run's end. The bytes are
    /// gathered in scratch memory as the run is found and go into the output in one copy, instead
    /// of an append a byte that checks the output's uniqueness and room each time.
    private static func appendRun(of cells: ArraySlice<Cell>, from start: Int, before limit: Int,
                                  to output: inout [UInt8]) -> Int {
        let style = cells[start].style
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: limit - start) { run in
            var end = start
            while end < limit {
                let cell = cells[end]
                guard cell.width == 1, cell.style == style, let byte = cell.bytes.singleByte else { break }
                run[end - start] = byte
                end += 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: run[..<(end - start)]))
            return end
        }
    }

    mutating func move(to target: ScreenPoint, width: Int) {
        if pendingWrap && target.row == cursor.row + 1 && target.column == 0 {
            // From the margin, CR LF is the one move that lands on the next row's start on
            // every terminal, and it claims that row if it is new.
            append("\r\n")
            cursor = target
            pendingWrap = false
            claimedRows = max(claimedRows, cursor.row + 1)
            return
        }
        if target.row == cursor.row && target.column == cursor.column {
            // The cursor is where it should be, but after a write in the last column the
            // terminal still means to wrap before the next character; any explicit move ends that.
            if pendingWrap {
                appendControlSequence(target.column + 1, 0x47, omittingOne: false)
                pendingWrap = false
            }
            return
        }
        if target.row < cursor.row {
            appendControlSequence(cursor.row - target.row, 0x41)
        } else if target.row > cursor.row {
            let withinArea = min(target.row, claimedRows - 1) - cursor.row
            if withinArea > 0 {
                if withinArea == 1 { output.append(0x0A) } else { appendControlSequence(withinArea, 0x42) }
            }
            let newRows = target.row - max(cursor.row, claimedRows - 1)
            if newRows > 0 {
                for _ in 0..<newRows { output.append(0x0A) }
                claimedRows = target.row + 1
            }
        }
        cursor.row = target.row
        let wasPending = pendingWrap
        pendingWrap = false
        moveColumn(to: target.column, endingPendingWrap: wasPending)
    }

    mutating func moveColumn(to column: Int, endingPendingWrap: Bool) {
        let from = cursor.column
        cursor.column = column
        if column == from {
            // Line feeds may leave the terminal's pending wrap in place; an explicit column
            // move ends it.
            if endingPendingWrap { appendControlSequence(column + 1, 0x47, omittingOne: false) }
            return
        }
        if column == 0 { output.append(0x0D); return }
        // The shorter of a move by columns (its count left out when it is 1) and a move to the
        // column; the move by columns when they are as long.
        let distance = abs(column - from)
        if (distance == 1 ? 0 : Self.digitCount(distance)) <= Self.digitCount(column + 1) {
            appendControlSequence(distance, column > from ? 0x43 : 0x44)
        } else {
            appendControlSequence(column + 1, 0x47, omittingOne: false)
        }
    }
}
