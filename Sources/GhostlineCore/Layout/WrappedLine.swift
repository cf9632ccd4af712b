/// Where each screen row of one logical line begins, for one terminal width.
///
/// Wrapping is greedy and depends only on the text before a row's end, so after an edit only the
/// rows from the one before the first changed byte onward are laid out again: appending to a
/// long line costs one row's work, not the line's. The line's text is passed in, never kept: a
/// second reference to it would make the editor's next edit copy the whole line.
struct WrappedLine: Sendable {
    /// The column the first row's text starts at (after the prompt).
    let startColumn: Int
    /// The terminal width.
    let width: Int
    /// UTF-8 offsets where rows begin; the first is 0.
    private(set) var rowStarts: [Int]
    /// The UTF-8 length of the text the rows were computed for.
    private(set) var byteCount: Int
    /// The column just after the last cluster of the last row.
    private(set) var endColumn: Int
    /// The columns every cluster takes when the text is masked (see ``TextMask``); nil when it
    /// is shown as it is.
    let maskColumns: Int?

    init(text: String, startColumn: Int, width: Int, maskColumns: Int? = nil, widths: TerminalWidths) {
        self.startColumn = startColumn
        self.width = width
        self.maskColumns = maskColumns
        rowStarts = [0]
        byteCount = 0
        endColumn = startColumn
        layOut(text, from: 0, widths: widths)
    }

    /// Updates the rows for a new version of the text that is unchanged before `changedOffset`,
    /// laid out with the same `widths`; returns the first row laid out again (rows before it
    /// are as they were).
    @discardableResult
    mutating func update(to text: String, changedFrom changedOffset: Int, widths: TerminalWidths) -> Int {
        let lastRow = rowStarts.count - 1
        if changedOffset == byteCount && changedOffset > rowStarts[lastRow]
            && text.utf8.count >= byteCount && Self.isCharacterBoundary(changedOffset, in: text) {
            // Text only added at the end, after a cluster that it does not join: wrapping goes
            // on from where it stopped, so typing at the end costs the typed characters only.
            layOut(text, from: lastRow, position: changedOffset, column: endColumn, widths: widths)
            return lastRow
        }
        var row = rowStarts.partitionedIndex { $0 > changedOffset } - 1
        // The row before the change may gain the changed row's first cluster (a deletion made
        // room) or merge with it (a combining mark typed at a row start), so it is redone too.
        row = max(0, row - 1)
        // Only when there are rows to drop: the first rows of a line, `[0]`, are a constant the
        // program holds, which a removal of nothing still copied (at a session's first key).
        if row + 1 < rowStarts.count { rowStarts.removeSubrange((row + 1)...) }
        layOut(text, from: row, widths: widths)
        return row
    }

    /// The row and column of `offset` in `text`, laid out with `widths`.
    func location(of offset: Int, in text: String, widths: TerminalWidths) -> ScreenPoint {
        // The cursor at the end, where typing happens, is where wrapping stopped.
        if offset == byteCount { return ScreenPoint(row: rowStarts.count - 1, column: endColumn) }
        let row = max(0, rowStarts.partitionedIndex { $0 > offset } - 1)
        var column = row == 0 ? startColumn : 0
        text.withUTF8Bytes { bytes in
            var position = rowStarts[row]
            while position < offset {
                let cluster = ClusterScanner.cluster(in: text, bytes: bytes, at: position, width: width, widths: widths)
                column += maskColumns ?? cluster.width
                position = cluster.end
            }
        }
        return ScreenPoint(row: row, column: column)
    }

    /// The UTF-8 offset on `row` nearest to `column` without passing it, in `text` laid out
    /// with `widths`.
    func offset(onRow row: Int, nearColumn goal: Int, in text: String, widths: TerminalWidths) -> Int {
        let row = min(max(row, 0), rowStarts.count - 1)
        let rowEnd = end(ofRow: row)
        var column = row == 0 ? startColumn : 0
        var position = rowStarts[row]
        var previous: Int?
        text.withUTF8Bytes { bytes in
            while position < rowEnd {
                let cluster = ClusterScanner.cluster(in: text, bytes: bytes, at: position, width: width, widths: widths)
                let columns = maskColumns ?? cluster.width
                if column + columns > goal { break }
                column += columns
                previous = position
                position = cluster.end
            }
        }
        // A row that wrapped ends where the next begins; the cursor there belongs to the next row.
        if position == rowEnd && row + 1 < rowStarts.count, let previous { return previous }
        return position
    }

    /// Appends to `cells` the cells of the clusters from UTF-8 offset `start` to `end`, both
    /// cluster boundaries, styled by `spans` (offsets in the line, in order, not overlapping),
    /// each cluster shown as `mask` when the text is masked. Appended where they go, rather than
    /// returned: a row made of a prompt and text, or a row that grows, would otherwise take a
    /// second array and a copy.
    func appendCells(from start: Int, to end: Int, in text: String, spans: [StyleSpan] = [], mask: [Cell]? = nil,
                     clusters: inout ClusterTable, to cells: inout [Cell]) {
        // The first span that ends after the position: the one that styles it, when it has begun.
        var span = spans.partitionedIndex { $0.range.upperBound > start }
        text.withUTF8Bytes { bytes in
            var position = start
            cells.reserveCapacity(cells.count + end - position)
            while position < end {
                var style = Style.plain
                // Where the style may change next.
                var styleEnd = end
                if span < spans.count {
                    while span < spans.count && spans[span].range.upperBound <= position { span += 1 }
                    if span < spans.count {
                        let range = spans[span].range
                        if range.lowerBound <= position {
                            style = spans[span].style
                            styleEnd = min(end, range.upperBound)
                        } else {
                            styleEnd = min(end, range.lowerBound)
                        }
                    }
                }
                if let mask {
                    let first = cells.count
                    cells.append(contentsOf: mask)
                    if style != .plain { for index in first..<cells.count { cells[index].style = style } }
                    position = ClusterScanner.cluster(in: text, bytes: bytes, at: position, width: width, widths: clusters.widths).end
                    continue
                }
                let runEnd = Self.endOfASCIIRun(in: bytes, from: position, before: styleEnd)
                if runEnd > position {
                    // Their cells are known from the bytes alone, without making `Character`s,
                    // and go in as one collection, made as they are copied in (an append a cell
                    // checks the array's room each time).
                    cells.append(contentsOf: ASCIICells(bytes: UnsafeBufferPointer(rebasing: bytes[position..<runEnd]),
                                                        style: style))
                    position = runEnd
                    continue
                }
                let index = text.utf8.index(text.utf8.startIndex, offsetBy: position)
                let next = text.index(after: index)
                ClusterScanner.appendCells(of: text[index], style: style, width: width, clusters: &clusters, to: &cells)
                position = text.utf8.distance(from: text.utf8.startIndex, to: next)
            }
        }
    }

    static func isCharacterBoundary(_ offset: Int, in text: String) -> Bool {
        guard offset > 0, offset < text.utf8.count else { return true }
        // Between two ASCII bytes clusters always break, but for CR LF: answered from the two
        // bytes in the buffer, since asking the string takes a grapheme-breaking step (this runs
        // twice a key).
        let isASCIIBoundary: Bool? = text.withUTF8Bytes { bytes in
            let before = bytes[offset - 1], after = bytes[offset]
            guard before < 0x80 && after < 0x80 else { return nil }
            return !(before == 0x0D && after == 0x0A)
        }
        if let isASCIIBoundary { return isASCIIBoundary }
        return text.utf8.index(text.utf8.startIndex, offsetBy: offset).samePosition(in: text) != nil
    }

    /// The end of the run of printable ASCII bytes in `bytes` from `start`, before `limit`, of
    /// which each is a cluster of its own and one cell: a byte from 0x80 on after the run may
    /// join its last byte, which is then left out.
    static func endOfASCIIRun(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, before limit: Int) -> Int {
        var end = start
        if let base = bytes.baseAddress {
            // Eight bytes at a time: a byte outside 0x20...0x7E sets its top bit in the word
            // itself (from 0x80), in the word less 0x20 a byte (below 0x20, which borrows) or in
            // the word plus 1 a byte (0x7F). A borrow or carry only flags a byte after one that
            // is flagged already, so a word without a flag holds printable ASCII only.
            while end + 8 <= limit {
                let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: end, as: UInt64.self)
                let flags = word | (word &- 0x2020_2020_2020_2020) | (word &+ 0x0101_0101_0101_0101)
                guard flags & 0x8080_8080_8080_8080 == 0 else { break }
                end += 8
            }
        }
        while end < limit && bytes[end] &- 0x20 < 0x5F { end += 1 }
        if end > start && end < bytes.count && bytes[end] >= 0x80 { end -= 1 }
        return end
    }

    /// Where `row` ends: the next row's start, or the end of the text.
    func end(ofRow row: Int) -> Int {
        row + 1 < rowStarts.count ? rowStarts[row + 1] : byteCount
    }

    private mutating func layOut(_ text: String, from row: Int, widths: TerminalWidths) {
        layOut(text, from: row, position: rowStarts[row], column: row == 0 ? startColumn : 0, widths: widths)
    }

    /// Lays out from `position`, at `column` of `row`, to the end of the text.
    private mutating func layOut(_ text: String, from row: Int, position start: Int, column startingColumn: Int,
                                 widths: TerminalWidths) {
        var column = startingColumn
        var position = start
        let width = self.width
        var starts = rowStarts
        rowStarts = []
        let count = text.withUTF8Bytes { bytes in
            let count = bytes.count
            if let maskColumns {
                while position < count {
                    if maskColumns > 0 && column + maskColumns > width && column > 0 {
                        starts.append(position)
                        column = 0
                    }
                    column += maskColumns
                    position = ClusterScanner.cluster(in: text, bytes: bytes, at: position, width: width, widths: widths).end
                }
                return count
            }
            while position < count {
                let runEnd = Self.endOfASCIIRun(in: bytes, from: position, before: count)
                if runEnd > position {
                    // A cell a byte: the run is cut where it reaches the margin, not looked at
                    // byte by byte.
                    while position < runEnd {
                        if column >= width {
                            starts.append(position)
                            column = 0
                        }
                        let step = min(runEnd - position, width - column)
                        column += step
                        position += step
                    }
                    continue
                }
                let cluster = ClusterScanner.cluster(in: text, bytes: bytes, at: position, width: width, widths: widths)
                if cluster.width > 0 && column + cluster.width > width && column > 0 {
                    starts.append(position)
                    column = 0
                }
                column += cluster.width
                position = cluster.end
            }
            return count
        }
        rowStarts = starts
        byteCount = count
        endColumn = column
    }
}

/// The cells of a run of printable ASCII bytes in one style, a byte a cell, made as they are
/// appended.
struct ASCIICells: RandomAccessCollection {
    let bytes: UnsafeBufferPointer<UInt8>
    let style: Style

    var startIndex: Int { 0 }
    var endIndex: Int { bytes.count }

    subscript(position: Int) -> Cell {
        Cell(ClusterBytes(ascii: bytes[position]), style: style)
    }
}

extension String {
    /// Calls `body` with the string's UTF-8 bytes, making them contiguous first if needed.
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        copy.makeContiguousUTF8()
        return copy.utf8.withContiguousStorageIfAvailable(body) ?? body(UnsafeBufferPointer(start: nil, count: 0))
    }
}

extension Array {
    /// The first index whose element satisfies `belongsInSecondPartition`, by binary search over
    /// an array in which every element that satisfies it follows every one that does not.
    func partitionedIndex(where belongsInSecondPartition: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongsInSecondPartition(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
