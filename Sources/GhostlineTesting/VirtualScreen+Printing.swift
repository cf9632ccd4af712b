import GhostlineCore

// Writing printable characters: autowrap, wide characters and grapheme clusters.
extension VirtualScreen {
    mutating func print(_ scalar: Unicode.Scalar) {
        if (0x80...0x9F).contains(scalar.value) {
            rawControlBytesSeen.append(UInt8(scalar.value))
            lastWrittenCell = nil
            return
        }
        if joinLastWrittenCluster(with: scalar) { return }
        let width = min(Character(scalar).displayWidth, 2)
        // A zero-width scalar that cannot join a cluster has no cell to live in.
        guard width > 0 else { return }
        write(String(scalar), width: width)
    }

    /// Writes a cluster of `width` cells at the cursor and advances it, wrapping first when a
    /// wrap is pending or when a wide character does not fit in the last column (as xterm does).
    private mutating func write(_ text: String, width: Int) {
        if isWrapPending, isAutowrapEnabled {
            wrapToNextRow()
        }
        isWrapPending = false
        if cursorColumn + width > columns {
            guard isAutowrapEnabled, width <= columns else { return }
            wrapToNextRow()
        }
        let row = cursorRow
        let column = cursorColumn
        splitWideCharacter(row: row, atBoundary: column)
        splitWideCharacter(row: row, atBoundary: column + width)
        cells[index(row, column)] = ScreenCell(text: text, attributes: currentAttributes)
        if width == 2 {
            cells[index(row, column + 1)] = ScreenCell(text: "", attributes: currentAttributes)
        }
        lastWrittenCell = (row, column)
        advanceCursor(from: column + width)
    }

    private mutating func wrapToNextRow() {
        cursorColumn = 0
        lineFeed()
    }

    /// Puts the cursor at `column`, or in the last column with a pending wrap when `column` is
    /// past the edge.
    private mutating func advanceCursor(from column: Int) {
        if column >= columns {
            cursorColumn = columns - 1
            isWrapPending = isAutowrapEnabled
        } else {
            cursorColumn = column
        }
    }

    /// Appends `scalar` to the cluster in the last written cell when it extends that grapheme
    /// cluster (a combining mark, a variation selector, a ZWJ sequence, the second regional
    /// indicator of a flag). Returns whether it did.
    ///
    /// When the joined cluster is wider than the cell it started in (an emoji variation
    /// selector), the cluster takes the next cell too, as terminals that measure whole clusters
    /// do, so the screen agrees with `Character.displayWidth`; a cluster in the last column
    /// cannot grow and stays one cell wide.
    private mutating func joinLastWrittenCluster(with scalar: Unicode.Scalar) -> Bool {
        guard let lastWritten = lastWrittenCell else { return false }
        let (row, column) = lastWritten
        let cellIndex = index(row, column)
        var text = cells[cellIndex].text
        text.unicodeScalars.append(scalar)
        guard text.count == 1, let cluster = text.first else { return false }
        cells[cellIndex].text = text
        let isWide = column + 1 < columns && cells[cellIndex + 1].isWideContinuation
        guard !isWide, cluster.displayWidth >= 2, column + 1 < columns else { return true }
        splitWideCharacter(row: row, atBoundary: column + 2)
        cells[cellIndex + 1] = ScreenCell(text: "", attributes: cells[cellIndex].attributes)
        if cursorRow == row, cursorColumn == column + 1, !isWrapPending {
            advanceCursor(from: column + 2)
        }
        return true
    }
}
