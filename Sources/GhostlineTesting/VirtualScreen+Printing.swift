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
        let width = drawnWidth(of: Character(scalar))
        // A zero-width scalar that cannot join a cluster has no cell to live in; it still ends
        // the cluster before it (a format character between two regional indicators keeps them
        // two, as UAX #29 breaks around it).
        guard width > 0 else {
            lastWrittenCell = nil
            return
        }
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
        for continuation in 1..<max(width, 1) {
            cells[index(row, column + continuation)] = ScreenCell(text: "", attributes: currentAttributes)
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
    /// When the joined cluster is drawn wider than the cells it had (an emoji variation
    /// selector), it takes the next cells too, as terminals that measure whole clusters do, so
    /// the screen agrees with `Character.displayWidth` (or with ``clusterWidths``); a cluster
    /// that reaches the last column cannot grow. One drawn narrower gives its last cells back.
    private mutating func joinLastWrittenCluster(with scalar: Unicode.Scalar) -> Bool {
        guard let lastWritten = lastWrittenCell else { return false }
        let (row, column) = lastWritten
        let cellIndex = index(row, column)
        var text = cells[cellIndex].text
        text.unicodeScalars.append(scalar)
        guard text.count == 1, let cluster = text.first else { return false }
        cells[cellIndex].text = text
        var oldWidth = 1
        while column + oldWidth < columns && cells[cellIndex + oldWidth].isWideContinuation { oldWidth += 1 }
        let newWidth = max(1, drawnWidth(of: cluster))
        guard newWidth != oldWidth, column + newWidth <= columns else { return true }
        let attributes = cells[cellIndex].attributes
        if newWidth > oldWidth {
            splitWideCharacter(row: row, atBoundary: column + newWidth)
            for extra in oldWidth..<newWidth { cells[cellIndex + extra] = ScreenCell(text: "", attributes: attributes) }
        } else {
            for extra in newWidth..<oldWidth { cells[cellIndex + extra] = ScreenCell(text: " ", attributes: attributes) }
        }
        let cursorAfter = isWrapPending && cursorColumn == columns - 1 ? columns : cursorColumn
        if cursorRow == row, cursorAfter == column + oldWidth {
            isWrapPending = false
            advanceCursor(from: column + newWidth)
        }
        return true
    }

    /// The columns the screen draws `cluster` in: ``clusterWidths`` unless mode 2027 is on,
    /// else the tables', ambiguous-width characters in two when ``drawsAmbiguousCharactersWide``.
    func drawnWidth(of cluster: Character) -> Int {
        if !isGraphemeClusterModeOn, let width = clusterWidths[cluster] { return width }
        let widths = TerminalWidths(ambiguousWidth: drawsAmbiguousCharactersWide ? .wide : .narrow)
        return widths.columns(of: cluster).columns
    }
}
