/// Turns a ``Presentation`` into a ``Frame`` for a terminal size: wraps lines, places the
/// placeholder and suggestion, and picks the rows around the cursor when the text is taller
/// than the terminal.
///
/// Layout is a value that keeps a cache of wrapped lines by line identity, so a keystroke re-lays
/// only the edited line from the row before the edit, and only the visible rows become cells.
public struct Layout: Sendable {
    private struct RowAddress: Comparable {
        var line: Int
        var row: Int
        static func < (lhs: RowAddress, rhs: RowAddress) -> Bool {
            lhs.line != rhs.line ? lhs.line < rhs.line : lhs.row < rhs.row
        }
    }

    /// The ghost text laid out after the end of the last line.
    private struct GhostRows {
        var rows: [[Cell]]
        /// True when the first ghost row is a row of its own rather than the end of the text's row.
        var startsNewRow: Bool
        var extraRows: Int { startsNewRow ? rows.count : rows.count - 1 }
    }

    private var cache: [UInt64: WrappedLine] = [:]
    private var top = RowAddress(line: 0, row: 0)

    /// Creates a layout with an empty cache.
    public init() {}

    /// Forgets cached wrapping and the scroll position, as after a change of width.
    public mutating func reset() {
        cache.removeAll()
        top = RowAddress(line: 0, row: 0)
    }

    /// Lays `presentation` out for a terminal of `width` columns and `height` rows.
    public mutating func frame(for presentation: Presentation, width: Int, height: Int) -> Frame {
        let width = max(1, width), height = max(1, height)
        let state = presentation.state
        let prompt = Self.prefixCells(presentation.prompt, width: width)
        let continuation = Self.prefixCells(presentation.continuationPrompt, width: width)
        let startColumn = { (line: Int) in line == 0 ? prompt.count : continuation.count }

        let cursor = state.cursor
        let cursorLine = wrapped(line: cursor.line, in: state, startColumn: startColumn(cursor.line), width: width)
        var cursorPoint = cursorLine.location(of: cursor.offset)
        let cursorAtMargin = cursorPoint.column >= width
        if cursorAtMargin { cursorPoint = ScreenPoint(row: cursorPoint.row + 1, column: 0) }

        let lastLine = state.lineCount - 1
        var ghost: GhostRows?
        let ghostText = state.isEmpty ? presentation.placeholder : (cursor == state.endPosition ? presentation.suggestion : nil)
        if let ghostText, !ghostText.text.isEmpty {
            let indent = startColumn(0) * 2 <= width ? startColumn(0) : 0
            ghost = Self.layOutGhost(ghostText, from: cursorLine.endColumn, indent: indent, width: width)
        }

        let rowCount = { (layout: inout Layout, line: Int) -> Int in
            let wrapped = layout.wrapped(line: line, in: state, startColumn: startColumn(line), width: width)
            if line == lastLine, let ghost { return wrapped.rowStarts.count + ghost.extraRows }
            if line == cursor.line && cursorAtMargin { return wrapped.rowStarts.count + 1 }
            return wrapped.rowStarts.count
        }

        let footer = presentation.footer.prefix(height - 1)
        let areaHeight = height - footer.count
        let cursorAddress = RowAddress(line: cursor.line, row: cursorPoint.row)
        scroll(toShow: cursorAddress, areaHeight: areaHeight, lineCount: state.lineCount, rowCount: rowCount)

        var rows: [[Cell]] = []
        var address = top
        var cursorRow = 0
        while rows.count < areaHeight && address.line <= lastLine {
            let count = rowCount(&self, address.line)
            let wrapped = self.wrapped(line: address.line, in: state, startColumn: startColumn(address.line), width: width)
            let prefix = address.line == 0 ? prompt : continuation
            let take = min(count - address.row, areaHeight - rows.count)
            if address.line == cursor.line { cursorRow = rows.count + cursorPoint.row - address.row }
            for row in address.row..<(address.row + take) {
                rows.append(Self.cells(ofRow: row, in: wrapped, prefix: prefix, ghost: address.line == lastLine ? ghost : nil))
            }
            address = RowAddress(line: address.line + 1, row: 0)
        }
        for item in footer {
            var row: [Cell] = []
            Self.append(item, to: &row, width: width)
            rows.append(row)
        }
        pruneCache(lineCount: state.lineCount, state: state)
        return Frame(rows: rows, cursor: ScreenPoint(row: cursorRow, column: cursorPoint.column), width: width)
    }

    // MARK: - Viewport

    /// Moves the first visible row so that the cursor's row is on screen, scrolling as little as
    /// possible, and so that no rows are left empty below the text while rows above are hidden.
    private mutating func scroll(toShow cursor: RowAddress, areaHeight: Int, lineCount: Int,
                                 rowCount: (inout Layout, Int) -> Int) {
        if top.line >= lineCount { top = RowAddress(line: lineCount - 1, row: 0) }
        top.row = min(top.row, rowCount(&self, top.line) - 1)
        if cursor < top {
            top = cursor
        } else if rows(from: top, to: cursor, limit: areaHeight, rowCount: rowCount) >= areaHeight {
            top = address(rowsBefore: cursor, count: areaHeight - 1, rowCount: rowCount)
        }
        let last = RowAddress(line: lineCount - 1, row: rowCount(&self, lineCount - 1) - 1)
        if rows(from: top, to: last, limit: areaHeight, rowCount: rowCount) < areaHeight - 1 {
            top = address(rowsBefore: last, count: areaHeight - 1, rowCount: rowCount)
        }
    }

    /// How many rows lie from `start` to `end` (0 when equal), counting no further than `limit`.
    private mutating func rows(from start: RowAddress, to end: RowAddress, limit: Int,
                               rowCount: (inout Layout, Int) -> Int) -> Int {
        if start.line == end.line { return end.row - start.row }
        var total = rowCount(&self, start.line) - start.row
        var line = start.line + 1
        while line < end.line && total < limit {
            total += rowCount(&self, line)
            line += 1
        }
        return total + end.row
    }

    /// The address `count` rows above `address`, or the very first row.
    private mutating func address(rowsBefore address: RowAddress, count: Int,
                                  rowCount: (inout Layout, Int) -> Int) -> RowAddress {
        var remaining = count
        var result = address
        while remaining > 0 {
            if result.row >= remaining { return RowAddress(line: result.line, row: result.row - remaining) }
            remaining -= result.row + 1
            guard result.line > 0 else { return RowAddress(line: 0, row: 0) }
            result = RowAddress(line: result.line - 1, row: rowCount(&self, result.line - 1) - 1)
        }
        return result
    }

    // MARK: - Cells

    private mutating func wrapped(line: Int, in state: EditorState, startColumn: Int, width: Int) -> WrappedLine {
        let identity = state.identity(ofLine: line)
        let text = state.line(line)
        if let cached = cache[identity], cached.width == width, cached.startColumn == startColumn {
            if cached.text.utf8.count == text.utf8.count && cached.text == text { return cached }
            cache[identity]?.update(to: text)
            return cache[identity] ?? WrappedLine(text: text, startColumn: startColumn, width: width)
        }
        let fresh = WrappedLine(text: text, startColumn: startColumn, width: width)
        cache[identity] = fresh
        return fresh
    }

    private mutating func pruneCache(lineCount: Int, state: EditorState) {
        guard cache.count > 2 * lineCount + 64 else { return }
        var kept: [UInt64: WrappedLine] = [:]
        for line in 0..<lineCount {
            let identity = state.identity(ofLine: line)
            if let cached = cache[identity] { kept[identity] = cached }
        }
        cache = kept
    }

    private static func cells(ofRow row: Int, in wrapped: WrappedLine, prefix: [Cell], ghost: GhostRows?) -> [Cell] {
        let textRows = wrapped.rowStarts.count
        guard row < textRows else {
            guard let ghost else { return [] }
            let index = row - textRows + (ghost.startsNewRow ? 0 : 1)
            return index < ghost.rows.count ? ghost.rows[index] : []
        }
        var cells = row == 0 ? prefix : []
        let text = wrapped.text
        let end = row + 1 < textRows ? wrapped.rowStarts[row + 1] : text.utf8.count
        text.withUTF8Bytes { bytes in
            var position = wrapped.rowStarts[row]
            while position < end {
                let byte = bytes[position]
                if byte >= 0x20 && byte < 0x7F && (position + 1 == bytes.count || bytes[position + 1] < 0x80) {
                    cells.append(Cell(Character(Unicode.Scalar(byte))))
                    position += 1
                    continue
                }
                let index = text.utf8.index(text.utf8.startIndex, offsetBy: position)
                let next = text.index(after: index)
                ClusterScanner.appendCells(of: text[index], style: .plain, width: wrapped.width, to: &cells)
                position = text.utf8.distance(from: text.utf8.startIndex, to: next)
            }
        }
        if row == textRows - 1, let ghost, !ghost.startsNewRow, let first = ghost.rows.first {
            cells.append(contentsOf: first)
        }
        return cells
    }

    /// A prompt's cells, cut to leave at least one column for text.
    private static func prefixCells(_ prompt: StyledText, width: Int) -> [Cell] {
        var cells: [Cell] = []
        Self.append(prompt, to: &cells, width: width)
        guard cells.count >= width else { return cells }
        cells.removeSubrange(max(0, width - 1)...)
        if cells.last?.width == 2 { cells.removeLast() }
        return cells
    }

    /// Appends the cells of styled text on one row, as far as they fit in `width`; a newline is
    /// shown in caret notation since a prompt or footer is one row.
    private static func append(_ styled: StyledText, to row: inout [Cell], width: Int) {
        for character in styled.text {
            var cells: [Cell] = []
            ClusterScanner.appendCells(of: character, style: styled.style, width: width, to: &cells)
            guard row.count + cells.count <= width else { return }
            row.append(contentsOf: cells)
        }
    }

    /// Lays ghost text out from `column` of the text's last row, wrapping as text does and
    /// starting a row at `indent` for each newline in it.
    private static func layOutGhost(_ ghost: StyledText, from column: Int, indent: Int, width: Int) -> GhostRows {
        var rows: [[Cell]] = [[]]
        var column = column
        let startsNewRow = column >= width
        if startsNewRow { column = 0 }
        for character in ghost.text {
            if character == "\n" || character == "\r\n" {
                rows.append(Array(repeating: Cell(" "), count: min(indent, width - 1)))
                column = rows[rows.count - 1].count
                continue
            }
            var cells: [Cell] = []
            ClusterScanner.appendCells(of: character, style: ghost.style, width: width, to: &cells)
            if column + cells.count > width && column > 0 {
                rows.append([])
                column = 0
            }
            rows[rows.count - 1].append(contentsOf: cells)
            column += cells.count
        }
        return GhostRows(rows: rows, startsNewRow: startsNewRow)
    }
}
