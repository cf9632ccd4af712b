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
/// - `ESC]133;…BEL`, the marks of shell integration layout places beside a frame, each with the
///   cell it marks (``PromptMark``)
package struct Renderer: Sendable {
    // What it drew and where the terminal's cursor is: internal, not private, because each part
    // of drawing lives in a file of its own (Renderer+Append, +Rows, +Writing, +ControlSequences).

    /// The frame the screen shows.
    var previous: Frame?
    /// The terminal cursor, relative to the area's first row.
    var cursor = ScreenPoint(row: 0, column: 0)
    /// True after a cell was written in the last column: the terminal holds the cursor there and
    /// wraps before the next character.
    var pendingWrap = false
    /// How many rows of the area exist on the screen; moving below them needs line feeds.
    var claimedRows = 1
    /// The style the terminal writes in now.
    var currentStyle = Style.plain
    /// The bytes being made, handed out whole.
    var output: [UInt8] = []
    /// How many rows the frame being drawn rewrote: more than one are wrapped in synchronized output.
    var rewrittenRows = 0

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

    /// The bytes that draw `frame` over the previous one, with `marks`, layout's for it, among
    /// the cells written. `screenRows` is the terminal height, used to scroll instead of
    /// redrawing when the rows only moved up.
    package mutating func render(_ frame: Frame, marks: [PromptMark] = [], screenRows: Int = .max) -> [UInt8] {
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
            update(row: row, from: oldRow, to: newRow, knownEqualPrefix: drawnPrefix,
                   marks: marks.isEmpty ? [] : marks.onRow(row), in: frame)
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
}
