/// Where each screen row of one logical line begins, for one terminal width.
///
/// Wrapping is greedy and depends only on the text before a row's end, so after an edit only the
/// rows from the one before the first changed byte onward are laid out again: appending to a
/// long line costs one row's work, not the line's.
struct WrappedLine: Sendable {
    /// The text the rows were computed for.
    private(set) var text: String
    /// The column the first row's text starts at (after the prompt).
    let startColumn: Int
    /// The terminal width.
    let width: Int
    /// UTF-8 offsets where rows begin; the first is 0.
    private(set) var rowStarts: [Int]
    /// The column just after the last cluster of the last row.
    private(set) var endColumn: Int

    init(text: String, startColumn: Int, width: Int) {
        self.text = text
        self.startColumn = startColumn
        self.width = width
        rowStarts = [0]
        endColumn = startColumn
        layOut(from: 0)
    }

    /// Updates the rows for a new version of the text, keeping rows before the first change.
    mutating func update(to newText: String) {
        let changed = Self.firstDifference(text, newText)
        guard let changed else { return }
        text = newText
        var row = rowStarts.partitionedIndex { $0 > changed } - 1
        // The row before the change may gain the changed row's first cluster (a deletion made
        // room) or merge with it (a combining mark typed at a row start), so it is redone too.
        row = max(0, row - 1)
        rowStarts.removeSubrange((row + 1)...)
        layOut(from: row)
    }

    /// The column of `offset` within its row, and that row.
    func location(of offset: Int) -> ScreenPoint {
        let row = max(0, rowStarts.partitionedIndex { $0 > offset } - 1)
        var column = row == 0 ? startColumn : 0
        text.withUTF8Bytes { bytes in
            var position = rowStarts[row]
            while position < offset {
                let cluster = ClusterScanner.cluster(in: text, bytes: bytes, at: position, width: width)
                column += cluster.width
                position = cluster.end
            }
        }
        return ScreenPoint(row: row, column: column)
    }

    /// The UTF-8 offset on `row` nearest to `column` without passing it.
    func offset(onRow row: Int, nearColumn goal: Int) -> Int {
        let row = min(max(row, 0), rowStarts.count - 1)
        let rowEnd = row + 1 < rowStarts.count ? rowStarts[row + 1] : text.utf8.count
        var column = row == 0 ? startColumn : 0
        var position = rowStarts[row]
        text.withUTF8Bytes { bytes in
            while position < rowEnd {
                let cluster = ClusterScanner.cluster(in: text, bytes: bytes, at: position, width: width)
                if column + cluster.width > goal { break }
                column += cluster.width
                position = cluster.end
            }
        }
        // A row that wrapped ends where the next begins; the cursor there belongs to the next row.
        if position == rowEnd && row + 1 < rowStarts.count, let previous = previousClusterStart(before: rowEnd, from: rowStarts[row]) {
            return previous
        }
        return position
    }

    private func previousClusterStart(before end: Int, from start: Int) -> Int? {
        guard end > start else { return nil }
        var last: Int?
        text.withUTF8Bytes { bytes in
            var position = start
            while position < end {
                last = position
                position = ClusterScanner.cluster(in: text, bytes: bytes, at: position, width: width).end
            }
        }
        return last
    }

    private mutating func layOut(from row: Int) {
        var column = row == 0 ? startColumn : 0
        var position = rowStarts[row]
        let width = self.width
        var starts = rowStarts
        rowStarts = []
        text.withUTF8Bytes { bytes in
            let count = bytes.count
            while position < count {
                let byte = bytes[position]
                if byte >= 0x20 && byte < 0x7F && (position + 1 == count || bytes[position + 1] < 0x80) {
                    if column >= width {
                        starts.append(position)
                        column = 0
                    }
                    column += 1
                    position += 1
                    continue
                }
                let cluster = ClusterScanner.cluster(in: text, bytes: bytes, at: position, width: width)
                if cluster.width > 0 && column + cluster.width > width && column > 0 {
                    starts.append(position)
                    column = 0
                }
                column += cluster.width
                position = cluster.end
            }
        }
        rowStarts = starts
        endColumn = column
    }

    /// The first UTF-8 offset where two texts differ, or nil when they are equal.
    static func firstDifference(_ old: String, _ new: String) -> Int? {
        old.withUTF8Bytes { a in
            new.withUTF8Bytes { b in
                let common = min(a.count, b.count)
                var index = 0
                // Eight bytes at a time: the compare runs on every keystroke in the edited line.
                if let baseA = a.baseAddress, let baseB = b.baseAddress {
                    while index + 8 <= common
                        && UnsafeRawPointer(baseA + index).loadUnaligned(as: UInt64.self)
                            == UnsafeRawPointer(baseB + index).loadUnaligned(as: UInt64.self) {
                        index += 8
                    }
                }
                while index < common && a[index] == b[index] { index += 1 }
                return index == common && a.count == b.count ? nil : index
            }
        }
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

extension Array where Element == Int {
    /// The first index whose element satisfies `belongsInSecondPartition`, by binary search over
    /// a sorted array.
    func partitionedIndex(where belongsInSecondPartition: (Int) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongsInSecondPartition(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
