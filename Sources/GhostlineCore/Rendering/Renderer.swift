/// Turns each new ``Frame`` into the bytes that change the screen from the previous frame to it.
///
/// The renderer remembers what it drew and where the terminal's cursor really is, and writes
/// only the cells that changed, moving the cursor relatively: the prompt starts wherever the
/// shell left the cursor, so nothing above it is ever touched. Rows that shift by a few cells
/// (typing in the middle of a wrapped line) are shifted by the terminal with insert-character
/// and delete-character instead of being rewritten.
///
/// Escape sequences it writes:
/// - `CR`, `LF` (moves down, scrolling at the bottom: raw mode has output processing off),
///   `ESC[nA` up, `ESC[nB` down, `ESC[nC` right, `ESC[nD` left, `ESC[nG` to a column
/// - `ESC[K` erase to the end of the row, `ESC[n@` insert blanks, `ESC[nP` delete cells
/// - `ESC[…m` colors and attributes, `ESC[?2026h` / `ESC[?2026l` synchronized output
package struct Renderer: Sendable {
    private var previous: Frame?
    /// The terminal cursor, relative to the area's first row.
    private var cursor = ScreenPoint(row: 0, column: 0)
    /// True after a cell was written in the last column: the terminal holds the cursor there and
    /// wraps before the next character.
    private var pendingWrap = false
    /// How many rows of the area exist on the screen; moving below them needs line feeds.
    private var claimedRows = 1
    private var currentStyle = Style.plain
    private var output: [UInt8] = []
    private var rewrittenRows = 0

    /// Whether frames that rewrite more than one row are wrapped in synchronized output, so a
    /// terminal that supports it never shows half a frame.
    package var usesSynchronizedOutput = true

    /// Creates a renderer for an area that starts at the terminal's cursor, which must be at
    /// the start of a row.
    package init() {
        // Room for the bytes of most keys' frames, so that the first key that shows a suggestion
        // does not grow the buffer several times.
        output.reserveCapacity(512)
    }

    /// The bytes that draw `frame` over the previous one. `screenRows` is the terminal height,
    /// used to scroll instead of redrawing when the rows only moved up.
    package mutating func render(_ frame: Frame, screenRows: Int = .max) -> [UInt8] {
        output.removeAll(keepingCapacity: true)
        // Taken out, not copied: it is replaced below, and a copy would retain and release its
        // three arrays, and make a scroll's change of its rows copy them.
        var old = previous.take() ?? Frame(rows: [], cursor: ScreenPoint(row: 0, column: 0), width: frame.width)
        if old.width != frame.width { old = Frame(rows: [], cursor: old.cursor, width: frame.width) }

        rewrittenRows = 0

        if let shift = upwardShift(from: old, to: frame, screenRows: screenRows) {
            move(to: ScreenPoint(row: claimedRows - 1, column: 0), width: frame.width)
            for _ in 0..<shift { output.append(0x0A) }
            old.rows.removeFirst(shift)
            old.rows.append(contentsOf: repeatElement([], count: shift))
            old.rowIdentities = Array(old.rowIdentities.dropFirst(shift))
        }

        for row in 0..<max(old.rows.count, frame.rows.count) {
            // The same drawn row (rows only grow at their end while they keep their identity):
            // at the same length it is unchanged, longer it needs only its new cells. Deciding
            // this from the identities spares comparing, even touching, unchanged rows.
            let identity = frame.identity(ofRow: row)
            var drawnPrefix = 0
            if identity != 0 && identity == old.identity(ofRow: row) {
                let oldCount = old.rows[row].count, newCount = frame.rows[row].count
                if oldCount == newCount { continue }
                if oldCount < newCount { drawnPrefix = oldCount }
            }
            let oldRow = row < old.rows.count ? old.rows[row] : []
            let newRow = row < frame.rows.count ? frame.rows[row] : []
            guard oldRow != newRow else { continue }
            update(row: row, from: oldRow, to: newRow, knownEqualPrefix: drawnPrefix, in: frame)
        }
        move(to: frame.cursor, width: frame.width)
        if currentStyle != .plain { setStyle(.plain) }
        // Rows that were only shifted by a cell or two never look half-drawn, so the wrapper's
        // 16 bytes are spent only when more than one row is rewritten.
        if usesSynchronizedOutput && rewrittenRows > 1 {
            output.insert(contentsOf: "\u{1B}[?2026h".utf8, at: 0)
            append("\u{1B}[?2026l")
        }
        previous = frame
        return output
    }

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
    /// text of `.sameGhost` must hold the new cells on the cursor's row, and the row of `.ghost`
    /// must be the area's last and end before the margin.
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
            case .sameGhost where index == lastRun:
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

    /// Forgets what is on the screen, so the next frame is drawn in full from the area's start
    /// (after the caller put the cursor back there, as after clearing the screen).
    package mutating func reset() {
        previous = nil
        cursor = ScreenPoint(row: 0, column: 0)
        pendingWrap = false
        claimedRows = 1
        currentStyle = .plain
    }

    /// The bytes that move the cursor back to the area's first row and erase the area, as
    /// before redrawing after the terminal changed width.
    package mutating func eraseArea(rowsAbove cursorRow: Int) -> [UInt8] {
        output.removeAll(keepingCapacity: true)
        append("\r")
        if cursorRow > 0 { appendControlSequence(cursorRow, 0x41, omittingOne: false) }
        append("\u{1B}[J")
        let bytes = output
        reset()
        return bytes
    }

    /// How many rows the terminal's cursor is below the area's first row once the terminal
    /// has changed to `width` columns. A terminal that re-wraps lines on resize splits each of
    /// the area's rows that no longer fits (rows end in hard breaks, so none are joined).
    package func rowsAbove(afterResizeTo width: Int) -> Int {
        guard let previous, width < previous.width, width > 0 else { return cursor.row }
        var rows = 0
        for row in previous.rows.prefix(cursor.row) {
            let used = row.count
            rows += max(1, (used + width - 1) / width)
        }
        return rows + cursor.column / width
    }

    /// The bytes that leave the area for good: cursor below the last row, at the start of a
    /// fresh row, plain style. With `startingFreshRow` false the cursor stays at the end of the
    /// last row, for a shell that starts its own (as job control does on Ctrl-Z).
    package mutating func finish(startingFreshRow: Bool = true) -> [UInt8] {
        output.removeAll(keepingCapacity: true)
        let rows = previous?.rows ?? []
        let width = previous?.width ?? 1
        let lastRow = max(rows.count - 1, cursor.row)
        move(to: ScreenPoint(row: lastRow, column: min(cursor.row == lastRow ? cursor.column : 0, width - 1)), width: width)
        if currentStyle != .plain { setStyle(.plain) }
        if startingFreshRow { append("\r\n") }
        let bytes = output
        reset()
        return bytes
    }

    // MARK: - Rows

    /// How many rows the new frame moved up against the old one, when scrolling the terminal
    /// is the cheaper way there: the area fills the screen and more rows match after the shift
    /// than in place.
    private func upwardShift(from old: Frame, to new: Frame, screenRows: Int) -> Int? {
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

    private mutating func update(row: Int, from oldRow: [Cell], to newRow: [Cell], knownEqualPrefix: Int, in frame: Frame) {
        let width = frame.width
        let common = min(oldRow.count, newRow.count)
        var first = knownEqualPrefix
        while first < common && oldRow[first] == newRow[first] { first += 1 }
        // Never start inside a wide character: rewrite it whole.
        while first > 0 && ((first < newRow.count && newRow[first].width == 0) || (first < oldRow.count && oldRow[first].width == 0)) {
            first -= 1
        }
        if first == newRow.count && first == oldRow.count { return }

        if let shift = shiftedCells(from: oldRow, to: newRow, at: first, width: width) {
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
        }
        if first < last {
            move(to: ScreenPoint(row: row, column: first), width: width)
            write(newRow[first..<last], row: row, width: width, in: frame)
        }
        if newRow.count < oldRow.count {
            move(to: ScreenPoint(row: row, column: newRow.count), width: width)
            if currentStyle != .plain { setStyle(.plain) }
            append("\u{1B}[K")
        }
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
               !splitsWideCharacter(newRow, at: start + shift) {
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

    private func splitsWideCharacter(_ row: [Cell], at index: Int) -> Bool {
        index < row.count && row[index].width == 0
    }

    // MARK: - Cursor and cells

    private mutating func write(_ cells: ArraySlice<Cell>, row: Int, width: Int, in frame: Frame) {
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

    private mutating func move(to target: ScreenPoint, width: Int) {
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

    private mutating func moveColumn(to column: Int, endingPendingWrap: Bool) {
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

    /// `ESC[` and the style's SGR parameters, `0` first unless the style before was plain.
    ///
    /// Written as bytes: joining the parameters as strings calls the standard library's
    /// unspecialized `joined(separator:)`, whose first call searches every conformance in the
    /// program, at a session's first key that shows a suggestion.
    private mutating func setStyle(_ style: Style) {
        // A byte at a time, as for a cursor move: an array literal is an object the runtime
        // sets up at its first use.
        output.append(0x1B)
        output.append(0x5B)
        var parameters = 0
        func add(_ number: Int) {
            if parameters > 0 { output.append(0x3B) }
            appendDecimal(number)
            parameters += 1
        }
        if currentStyle != .plain { add(0) }
        if style.isBold { add(1) }
        if style.isDim { add(2) }
        if style.isItalic { add(3) }
        if style.isUnderlined { add(4) }
        if style.isInverse { add(7) }
        switch style.foreground {
        case .basic(let index)?: add(index < 8 ? 30 + Int(index) : 90 + Int(index & 7))
        case .palette(let index)?:
            for number in [38, 5, Int(index)] { add(number) }
        case .rgb(let red, let green, let blue)?:
            for number in [38, 2, Int(red), Int(green), Int(blue)] { add(number) }
        case nil: break
        }
        output.append(0x6D)
        currentStyle = style
    }

    /// `ESC[`, `parameter` in decimal, and the `final` byte: a cursor move, an insertion or a
    /// deletion. A parameter of 1 is left out where it is the sequence's default.
    ///
    /// Written as bytes, as the colours are: string interpolation brought the standard library's
    /// formatting code in, whose pages the first key that moved the cursor faulted in.
    private mutating func appendControlSequence(_ parameter: Int, _ final: UInt8, omittingOne: Bool = true) {
        // A byte at a time: an array literal would be made and appended as a sequence at every
        // move.
        output.append(0x1B)
        output.append(0x5B)
        if parameter != 1 || !omittingOne { appendDecimal(parameter) }
        output.append(final)
    }

    /// The number of decimal digits of `number`, which is not negative.
    private static func digitCount(_ number: Int) -> Int {
        var count = 1, rest = number
        while rest >= 10 { rest /= 10; count += 1 }
        return count
    }

    /// `number`, which is not negative, in decimal: the digits before the last, then the last.
    /// Divided by the constant 10, which compiles to a multiplication, rather than by a power of
    /// ten found first, a division the processor does in full at each digit.
    private mutating func appendDecimal(_ number: Int) {
        if number >= 10 { appendDecimal(number / 10) }
        output.append(0x30 + UInt8(number % 10))
    }

    private mutating func append(_ text: String) {
        output.append(contentsOf: text.utf8)
    }
}
