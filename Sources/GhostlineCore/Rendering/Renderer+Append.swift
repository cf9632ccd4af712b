// The renderer's one append beside the frame diff: cells written at the cursor, which ends the
// text on its row, and what follows them there.

extension Renderer {
    /// What the next frame shows on the cursor's row after the cells appended there.
    enum Following {
        /// Nothing: the row ended at the cursor and still ends after the new cells.
        case nothing
        /// The ghost text after the cursor, where it is: the new cells are its first characters,
        /// as wide, and take their places.
        case sameGhost
        /// These cells, a new ghost text's (none when it went), in place of the cells after the
        /// cursor, an old ghost text's or none; `longClusters` are the long clusters they and
        /// the appended cells may refer to.
        case ghost([Cell], longClusters: [String])
        /// The blank cells before the right prompt, where they are: the new cells take the places
        /// of the first of them, and one at least stays blank.
        case padding
    }

    /// Whether the last frame has cells after the cursor on its row.
    var hasCellsAfterCursor: Bool {
        guard let previous, cursor.row < previous.rows.count else { return false }
        return previous.rows[cursor.row].count > cursor.column
    }

    /// The bytes that draw `appended` at the cursor, which ends the text drawn on its row, then
    /// `following`, and how many of the area's first rows the terminal scrolled away to make room
    /// for new rows below (the area then fills the screen). The previous frame becomes what the
    /// screen shows, so the next frame is diffed against it.
    ///
    /// The caller vouches that the next frame would be exactly that, laid out for `screenRows`
    /// rows: the text only grew at the cursor by these cells, made as layout makes them, and
    /// nothing else on screen changed. Nil, changing nothing, when the screen does not allow it:
    /// new rows, which only `.nothing` may follow, must go below the area's last row; the ghost
    /// text of `.sameGhost` must hold the new cells on the cursor's row, the blank cells of
    /// `.padding` the new cells and one more, and the row of `.ghost` must be the area's last and
    /// end before the margin.
    mutating func append(_ appended: AppendedCells, then following: Following,
                         screenRows: Int) -> (bytes: [UInt8], scrolledRows: Int)? {
        guard !pendingWrap, previous?.cursor == cursor else { return nil }
        // Taken out while its rows change, and put back if they do not: a copy left behind would
        // make the change copy the rows and the row.
        guard var frame = previous.take() else { return nil }
        guard let firstRun = Self.firstRun(of: appended, then: following, at: cursor, in: frame) else {
            previous = frame
            return nil
        }
        guard firstRun < appended.runs.count else {
            // The cursor waits on a row of its own below a full one, and nothing was typed there.
            previous = frame
            return ([], 0)
        }
        output.removeAll(keepingCapacity: true)
        if case .ghost(_, let longClusters) = following {
            frame.longClusters = longClusters
        } else {
            frame.longClusters = appended.longClusters
        }
        var scrolledRows = 0
        let lastRun = appended.runs.count - 1
        for index in firstRun...lastRun {
            if index > firstRun, startRow(in: &frame, screenRows: screenRows) { scrolledRows += 1 }
            let row = cursor.row
            switch following {
            case .ghost(let ghost, _) where index == lastRun:
                rewriteRow(row, from: cursor.column, with: appended.runs[index], then: ghost, in: &frame)
            case .sameGhost where index == lastRun, .padding where index == lastRun:
                let start = cursor.column
                write(appended.runs[index][...], row: row, width: frame.width, in: frame)
                frame.rows[row].replaceSubrange(start..<(start + appended.runs[index].count), with: appended.runs[index])
            default:
                write(appended.runs[index][...], row: row, width: frame.width, in: frame)
                frame.rows[row].append(contentsOf: appended.runs[index])
            }
            // Layout never drew these cells under the row's identity: the next frame compares them.
            if row < frame.rowIdentities.count { frame.rowIdentities[row] = 0 }
        }
        if appended.endsAtMargin, startRow(in: &frame, screenRows: screenRows) { scrolledRows += 1 }
        if currentStyle != .plain { setStyle(.plain) }
        frame.cursor = cursor
        frame.cursorIsPastMargin = appended.endsAtMargin
        previous = frame
        return (output, scrolledRows)
    }

    /// The run of `appended` that ``append(_:then:screenRows:)`` starts at, when `frame` with
    /// its cursor at `cursor` allows the append; nil when it does not. Inlined, so that a typed
    /// key makes no call for it (`make budget` guards the typed key).
    @inline(__always)
    private static func firstRun(of appended: AppendedCells, then following: Following, at cursor: ScreenPoint,
                                 in frame: borrowing Frame) -> Int? {
        let row = cursor.row, start = cursor.column
        guard row < frame.rows.count else { return nil }
        switch following {
        case .nothing:
            guard frame.rows[row].count == start else { return nil }
            var firstRun = 0
            if frame.cursorIsPastMargin {
                // The cursor waits on a row of its own below a full one: the text continues there.
                guard appended.runs.first?.isEmpty == true else { return nil }
                firstRun = 1
                if appended.runs.count == 1 { return firstRun }
            }
            let newRows = appended.runs.count - firstRun - 1 + (appended.endsAtMargin ? 1 : 0)
            return newRows == 0 || row == frame.rows.count - 1 ? firstRun : nil
        case .sameGhost:
            guard !frame.cursorIsPastMargin, !appended.endsAtMargin, appended.runs.count == 1,
                  let run = appended.runs.first, frame.rows[row].count - start >= run.count,
                  zip(run, frame.rows[row][start...]).allSatisfy({ $0.bytes == $1.bytes && $0.width == $1.width })
            else { return nil }
            return 0
        case .padding:
            guard !frame.cursorIsPastMargin, !appended.endsAtMargin, appended.runs.count == 1,
                  let run = appended.runs.first, frame.rows[row].count - start > run.count,
                  frame.rows[row][start...(start + run.count)].allSatisfy({ $0 == Cell.blank })
            else { return nil }
            return 0
        case .ghost(let ghost, _):
            guard row == frame.rows.count - 1, !frame.cursorIsPastMargin, !appended.endsAtMargin, appended.runs.count == 1,
                  let run = appended.runs.first, frame.rows[row].count >= start,
                  start + run.count + ghost.count < frame.width
            else { return nil }
            return 0
        }
    }

    /// Writes `run` at `start` of `row` followed by `ghost`, in place of the row's cells from
    /// `start` on, and leaves the cursor after `run`. The cells end before the margin.
    private mutating func rewriteRow(_ row: Int, from start: Int, with run: [Cell], then ghost: [Cell],
                                     in frame: inout Frame) {
        let oldCount = frame.rows[row].count
        // Room first: the row is often still layout's (the prompt's cells), and then this is its
        // one copy.
        frame.rows[row].reserveCapacity(start + run.count + ghost.count)
        if oldCount > start { frame.rows[row].removeSubrange(start...) }
        frame.rows[row].append(contentsOf: run)
        frame.rows[row].append(contentsOf: ghost)
        write(frame.rows[row][start...], row: row, width: frame.width, in: frame)
        if frame.rows[row].count < oldCount {
            if currentStyle != .plain { setStyle(.plain) }
            append("\u{1B}[K")
        }
        // Back along the row to after the typed cells: no wrap is pending before the margin.
        moveColumn(to: start + run.count, endingPendingWrap: false)
    }

    /// Moves to the start of a new, empty row below the area's last one: true when the area
    /// filled the screen, so that the line feed scrolled its first row away.
    private mutating func startRow(in frame: inout Frame, screenRows: Int) -> Bool {
        // CR LF, as a frame moves from the margin: the one move to the next row's start on every
        // terminal, scrolling at the bottom of the screen.
        append("\r\n")
        pendingWrap = false
        cursor.column = 0
        frame.rows.append([])
        guard frame.rows.count > screenRows else {
            cursor.row += 1
            claimedRows = max(claimedRows, cursor.row + 1)
            return false
        }
        frame.rows.removeFirst()
        if !frame.rowIdentities.isEmpty { frame.rowIdentities.removeFirst() }
        return true
    }
}
