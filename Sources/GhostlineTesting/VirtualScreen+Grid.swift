// The operations on the cell grid that printing and the control sequences are built from.
extension VirtualScreen {
    func index(_ row: Int, _ column: Int) -> Int {
        row * columns + column
    }

    /// A blank as erasing leaves it: xterm keeps the current background color (back color erase)
    /// but no other attribute.
    var erasedCell: ScreenCell {
        .blank(CellAttributes(background: currentAttributes.background))
    }

    /// Blanks both halves of a wide character that straddles the boundary before `column`,
    /// because a terminal never shows half of one.
    mutating func splitWideCharacter(row: Int, atBoundary column: Int) {
        guard column > 0, column < columns, cells[index(row, column)].isWideContinuation else {
            return
        }
        var lead = column - 1
        while lead > 0 && cells[index(row, lead)].isWideContinuation { lead -= 1 }
        var end = column
        while end < columns && cells[index(row, end)].isWideContinuation { end += 1 }
        for cut in lead..<end { cells[index(row, cut)].text = " " }
    }

    /// Erases `columnRange` of `row`, including any wide character it cuts.
    mutating func erase(row: Int, columns columnRange: Range<Int>) {
        let range = columnRange.clamped(to: 0..<columns)
        guard !range.isEmpty else { return }
        splitWideCharacter(row: row, atBoundary: range.lowerBound)
        splitWideCharacter(row: row, atBoundary: range.upperBound)
        let blank = erasedCell
        for column in range {
            cells[index(row, column)] = blank
        }
    }

    /// Erases whole rows.
    mutating func erase(rows rowRange: Range<Int>) {
        for row in rowRange.clamped(to: 0..<rows) {
            erase(row: row, columns: 0..<columns)
        }
    }

    /// Moves every row up by `count`; the rows leaving the top go to the scrollback.
    mutating func scrollUp(_ count: Int) {
        let count = min(count, rows)
        guard count > 0 else { return }
        for row in 0..<count {
            scrolledOffLines.append(line(row))
        }
        cells.removeFirst(count * columns)
        cells.append(contentsOf: repeatElement(erasedCell, count: count * columns))
        moveLastWrittenCell(byRows: -count)
    }

    /// Moves every row down by `count`; the rows leaving the bottom are lost.
    mutating func scrollDown(_ count: Int) {
        insertLines(count, at: 0)
    }

    /// Inserts `count` blank rows at `row`, pushing the rows below it down and off the bottom.
    mutating func insertLines(_ count: Int, at row: Int) {
        let count = min(count, rows - row)
        guard count > 0 else { return }
        cells.removeLast(count * columns)
        cells.insert(contentsOf: repeatElement(erasedCell, count: count * columns), at: index(row, 0))
        lastWrittenCell = nil
    }

    /// Deletes `count` rows at `row`, pulling the rows below up and adding blank rows at the bottom.
    mutating func deleteLines(_ count: Int, at row: Int) {
        let count = min(count, rows - row)
        guard count > 0 else { return }
        cells.removeSubrange(index(row, 0)..<index(row + count, 0))
        cells.append(contentsOf: repeatElement(erasedCell, count: count * columns))
        lastWrittenCell = nil
    }

    /// Inserts `count` blanks at the cursor, shifting the rest of the row right; cells pushed
    /// past the right edge are lost.
    mutating func insertBlanks(_ count: Int) {
        let row = cursorRow
        let column = cursorColumn
        let count = min(count, columns - column)
        guard count > 0 else { return }
        splitWideCharacter(row: row, atBoundary: column)
        splitWideCharacter(row: row, atBoundary: columns - count)
        cells.removeSubrange(index(row, columns - count)..<index(row, columns))
        cells.insert(
            contentsOf: repeatElement(erasedCell, count: count), at: index(row, column))
    }

    /// Deletes `count` cells at the cursor, shifting the rest of the row left and filling the
    /// right edge with blanks.
    mutating func deleteCharacters(_ count: Int) {
        let row = cursorRow
        let column = cursorColumn
        let count = min(count, columns - column)
        guard count > 0 else { return }
        splitWideCharacter(row: row, atBoundary: column)
        splitWideCharacter(row: row, atBoundary: column + count)
        cells.removeSubrange(index(row, column)..<index(row, column + count))
        cells.insert(
            contentsOf: repeatElement(erasedCell, count: count), at: index(row, columns - count))
    }

    /// Moves the cursor to `row`, `column`, clamped to the screen; this cancels a pending wrap.
    mutating func moveCursor(row: Int, column: Int) {
        cursorRow = min(max(row, 0), rows - 1)
        cursorColumn = min(max(column, 0), columns - 1)
        isWrapPending = false
    }

    /// LF, VT, FF and IND: down one row, scrolling at the bottom; the column stays.
    mutating func lineFeed() {
        if cursorRow == rows - 1 {
            scrollUp(1)
        } else {
            cursorRow += 1
        }
        isWrapPending = false
    }

    /// RI: up one row, scrolling down at the top.
    mutating func reverseLineFeed() {
        if cursorRow == 0 {
            scrollDown(1)
        } else {
            cursorRow -= 1
        }
        isWrapPending = false
    }

    private mutating func moveLastWrittenCell(byRows offset: Int) {
        guard let cell = lastWrittenCell else { return }
        let row = cell.row + offset
        lastWrittenCell = row >= 0 ? (row, cell.column) : nil
    }
}
