// Diffing a row against the row drawn before: rows moved up (the terminal scrolls them), cells
// shifted in a row (the terminal inserts or deletes them), cells changed (written).

extension Renderer {
    /// How many rows the new frame moved up against the old one, when scrolling the terminal
    /// is the cheaper way there: the area fills the screen and more rows match after the shift
    /// than in place.
    func upwardShift(from old: Frame, to new: Frame, screenRows: Int) -> Int? {
        guard old.rows.count == new.rows.count, new.rows.count == screenRows, claimedRows == screenRows,
              new.rows.count > 2 else { return nil }
        let count = new.rows.count
        // After a scroll the new first row is one of the old rows just below the old first one;
        // most frames (typing) fail this at once and skip the counting.
        guard (1...min(3, count - 2)).contains(where: { Self.isSameRow(new.rows[0], old.rows[$0]) }) else { return nil }
        // Rows come from layout's cache, so a row that moved is the same array: comparing
        // identities keeps this check linear in the rows, whatever their contents.
        let inPlace = (0..<count).reduce(0) { $0 + (Self.isSameRow(old.rows[$1], new.rows[$1]) ? 1 : 0) }
        var best: (shift: Int, matches: Int)?
        for shift in 1...min(3, count - 2) {
            let matches = (0..<(count - shift)).reduce(0) { $0 + (Self.isSameRow(new.rows[$1], old.rows[$1 + shift]) ? 1 : 0) }
            if matches > inPlace + shift && matches > (best?.matches ?? 0) { best = (shift, matches) }
        }
        return best?.shift
    }

    private static func isSameRow(_ first: [Cell], _ second: [Cell]) -> Bool {
        if first.isEmpty || second.isEmpty { return first.isEmpty && second.isEmpty }
        return first.withUnsafeBufferPointer { a in second.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress && a.count == b.count } }
    }

    mutating func update(row: Int, from oldRow: [Cell], to newRow: [Cell], knownEqualPrefix: Int,
                         marks: ArraySlice<PromptMark>, in frame: Frame) {
        let width = frame.width
        let common = min(oldRow.count, newRow.count)
        var first = knownEqualPrefix
        while first < common && oldRow[first] == newRow[first] { first += 1 }
        // Never start inside a wide character: rewrite it whole.
        while first > 0 && ((first < newRow.count && newRow[first].width == 0) || (first < oldRow.count && oldRow[first].width == 0)) {
            first -= 1
        }
        if first == newRow.count && first == oldRow.count { return }

        // Only cells after the row's marks are shifted: a prompt's cells are written with them.
        if marks.last.map({ $0.column <= first }) ?? true,
           let shift = shiftedCells(from: oldRow, to: newRow, at: first, width: width) {
            move(to: ScreenPoint(row: row, column: first), width: width)
            if shift > 0 {
                appendControlSequence(shift, 0x40)
                write(newRow[first..<(first + shift)], row: row, width: width, in: frame)
            } else {
                appendControlSequence(-shift, 0x50)
                let tail = oldRow.count + shift
                if tail < newRow.count {
                    move(to: ScreenPoint(row: row, column: tail), width: width)
                    write(newRow[tail...], row: row, width: width, in: frame)
                }
            }
            return
        }

        rewrittenRows += 1
        var last = newRow.count
        if newRow.count == oldRow.count {
            while last > first && oldRow[last - 1] == newRow[last - 1] { last -= 1 }
            while last < newRow.count && newRow[last].width == 0 { last += 1 }
            last = Self.end(ofCellsDrawnOver: newRow, from: first, to: last)
        }
        if first < last {
            if !marks.isEmpty {
                let whole = Self.widened(first..<last, toPromptsAmong: marks)
                (first, last) = (whole.lowerBound, whole.upperBound)
            }
            move(to: ScreenPoint(row: row, column: first), width: width)
            if marks.isEmpty {
                write(newRow[first..<last], row: row, width: width, in: frame)
            } else {
                write(newRow[first..<last], row: row, width: width, marks: marks, in: frame)
            }
        }
        if newRow.count < oldRow.count {
            move(to: ScreenPoint(row: row, column: newRow.count), width: width)
            if currentStyle != .plain { setStyle(.plain) }
            append("\u{1B}[K")
        }
    }

    /// `range` grown to whole prompts: a prompt it meets is written from its mark to the input's
    /// start after it, so that the terminal reads both marks around its cells.
    private static func widened(_ range: Range<Int>, toPromptsAmong marks: ArraySlice<PromptMark>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        var promptStart: Int?
        for mark in marks {
            guard mark.kind == .inputStart else {
                promptStart = mark.column
                continue
            }
            if let start = promptStart, start < upper && mark.column > lower {
                lower = min(lower, start)
                upper = max(upper, mark.column)
            }
            promptStart = nil
        }
        return lower..<upper
    }

    /// The number of cells inserted (positive) or deleted (negative) at `start` when that alone
    /// turns `oldRow` into `newRow`, up to the right margin; nil when it does not, or when
    /// rewriting is as cheap.
    private func shiftedCells(from oldRow: [Cell], to newRow: [Cell], at start: Int, width: Int) -> Int? {
        let rewriteCost = newRow.count - start
        guard rewriteCost > 8 else { return nil }
        for shift in 1...4 {
            // Inserted: the old cells moved right by `shift`, the ones past the margin fell off.
            if newRow.count == min(width, oldRow.count + shift), start + shift <= newRow.count,
               newRow[(start + shift)...].elementsEqual(oldRow[start..<(newRow.count - shift)]),
               !splitsWideCharacter(newRow, at: start + shift),
               Self.end(ofCellsDrawnOver: newRow, from: start, to: start + shift) == start + shift {
                return shift
            }
            // Deleted: the old cells moved left; new cells may follow at the end.
            if oldRow.count - shift >= start, newRow.count >= oldRow.count - shift,
               newRow[start..<(oldRow.count - shift)].elementsEqual(oldRow[(start + shift)...]),
               !splitsWideCharacter(oldRow, at: start + shift) {
                return -shift
            }
        }
        return nil
    }

    /// `end` moved past the cells that writing `row[start..<end]` may draw over. A terminal that
    /// measures clusters as their scalars arrive may draw a cluster of several scalars wider part
    /// way through, over the cells after it, and narrower again at its end: those cells are
    /// written again, not kept.
    private static func end(ofCellsDrawnOver row: [Cell], from start: Int, to end: Int) -> Int {
        var end = end
        var index = start
        while index < end {
            let past = row[index].bytes.columnsPastWidthPartWay
            if past > 0 {
                end = max(end, min(row.count, index + Int(row[index].width) + past))
                while end < row.count && row[end].isContinuation { end += 1 }
            }
            index += 1
        }
        return end
    }

    private func splitsWideCharacter(_ row: [Cell], at index: Int) -> Bool {
        index < row.count && row[index].width == 0
    }
}
