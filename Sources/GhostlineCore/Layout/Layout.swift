/// Turns a ``Presentation`` into a ``Frame`` for a terminal size: wraps lines, makes the text's
/// cells in the styles of its spans or as its mask, places the placeholder and suggestion, and
/// picks the rows around the cursor when the text is taller than the terminal; the chrome goes
/// around them (`Layout+Chrome.swift`).
///
/// Layout is a value that keeps a cache of wrapped lines by line identity, so a keystroke re-lays
/// only the edited line from the row before the edit, and only the visible rows become cells.
package struct Layout: Sendable {
    // The state the parts of layout share is internal, not private: each part is a file of its own
    // (Layout+TextRows, +Viewport, +GhostText, +Prompts, +Chrome, +Appending).

    /// A row of the text: the line, and the row of its wrapping.
    struct RowAddress: Comparable {
        var line: Int
        var row: Int
        static func < (lhs: RowAddress, rhs: RowAddress) -> Bool {
            lhs.line != rhs.line ? lhs.line < rhs.line : lhs.row < rhs.row
        }
    }

    /// What is kept of each line, by line identity.
    var cache = LineIdentityTable<LineCache>()
    /// Clusters too long for a cell, numbered; kept for the layout's life (see `ClusterTable`).
    var clusters = ClusterTable()
    /// The last frame's mask and width, and the cells one masked cluster is drawn as there; nil
    /// cells when the text is not masked.
    var mask: (mask: TextMask?, width: Int, cells: [Cell]?) = (nil, 0, nil)
    /// The prompts' cells for the last width, rebuilt only when a prompt or the width changes.
    var prefixes: [PrefixCells] = []
    /// The first row on screen.
    var top = RowAddress(line: 0, row: 0)
    /// The next drawn row's identity; it starts at random so that identities of two layouts do
    /// not meet in one renderer.
    private var nextRowIdentity = UInt64.random(in: 1...(UInt64.max / 2))
    /// The wrapping of the lines a frame visits, looked up once per frame; kept to reuse its storage.
    private var memo: [LineCache?] = []
    /// The memo's slots filled by this frame, emptied at its end.
    private var memoUsed: [Int] = []
    /// The row counts of the memo's lines in this frame, -1 where not known yet.
    private var memoRowCounts: [Int] = []
    /// The runs of the last cells appended, kept to reuse their storage: by the next key the
    /// renderer has copied them to its frame and let them go, so they are filled again in place.
    var appendedRuns: [[Cell]] = []
    /// The cells of the last ghost text laid out on one row, kept to reuse their storage as the
    /// runs are.
    var ghostRow: [Cell] = []
    /// The marks of shell integration for the last frame's cells, in row and column order, for
    /// the renderer to write with them; empty when its chrome marks no prompts. Beside the frame,
    /// not in it: only the draw that writes the cells needs them.
    package private(set) var promptMarks: [PromptMark] = []

    /// Creates a layout with an empty cache.
    package init() {}

    /// Forgets cached wrapping and the scroll position, as after a change of width.
    package mutating func reset() {
        cache.removeAll()
        top = RowAddress(line: 0, row: 0)
    }

    /// Lays clusters out in `widths` from the next frame on, every cached row and cell made again.
    package mutating func use(_ widths: TerminalWidths) {
        clusters.use(widths)
        reset()
        mask = (nil, 0, nil)
        prefixes = []
    }

    /// The clusters the frames laid out since the widths were set met that the terminal is to
    /// measure; a frame that met any must not be drawn before they are measured.
    var clustersToMeasure: [Character] { clusters.unmeasured }

    /// Lays `presentation` out for a terminal of `width` columns and `height` rows.
    package mutating func frame(for presentation: Presentation, width: Int, height: Int) -> Frame {
        let width = max(1, width), height = max(1, height)
        let state = presentation.state
        useMask(presentation.mask, width: width)
        let prompt = prefixCells(presentation.prompt, width: width)
        let continuation = prefixCells(presentation.continuationPrompt, width: width)

        let cursor = state.cursor
        let cursorStart = cursor.line == 0 ? prompt.count : continuation.count
        let cursorLine = lineCache(line: cursor.line, in: state, startColumn: cursorStart, width: width).wrapped
        var cursorPoint = cursorLine.location(of: cursor.offset, in: state.line(cursor.line), widths: clusters.widths)
        let cursorAtMargin = cursorPoint.column >= width
        if cursorAtMargin { cursorPoint = ScreenPoint(row: cursorPoint.row + 1, column: 0) }

        let lastLine = state.lineCount - 1
        var ghost: GhostRows?
        if let ghostText = presentation.shownGhostText {
            let indent = prompt.count * 2 <= width ? prompt.count : 0
            ghost = Self.layOutGhost(ghostText, from: cursorLine.endColumn, indent: indent, width: width, rowLimit: height,
                                     clusters: &clusters)
        }

        // Every walk below stays within a screenful of lines around the cursor, so the lines it
        // visits are looked up once per frame and kept in the memo.
        let memoBase = max(0, cursor.line - height - 1)
        let memoSize = min(state.lineCount - memoBase, 2 * height + 3)
        if memo.count < memoSize { memo.append(contentsOf: repeatElement(nil, count: memoSize - memo.count)) }
        if memoRowCounts.count < memoSize {
            memoRowCounts.append(contentsOf: repeatElement(-1, count: memoSize - memoRowCounts.count))
        }
        let context = FrameContext(state: state, width: width, firstLineStart: prompt.count,
                                   otherLinesStart: continuation.count, cursorLine: cursor.line,
                                   cursorAtMargin: cursorAtMargin, ghostExtraRows: ghost?.extraRows,
                                   memoBase: memoBase, memoSize: memoSize)

        let regionRows = presentation.chrome.regions.isEmpty ? [] : presentation.chrome.rows(limit: height - 1)
        let areaHeight = height - regionRows.count
        let cursorAddress = RowAddress(line: cursor.line, row: cursorPoint.row)
        scroll(toShow: cursorAddress, areaHeight: areaHeight, context)

        var rows: [[Cell]] = []
        var identities: [UInt64] = []
        rows.reserveCapacity(height)
        identities.reserveCapacity(height)
        var address = top
        var cursorRow = 0
        var marks: [PromptMark] = []
        while rows.count < areaHeight && address.line <= lastLine {
            let count = rowCount(address.line, context)
            let cached = lineLayout(address.line, context)
            let prefix = address.line == 0 ? prompt : continuation
            if presentation.chrome.marksPrompts && address.row == 0 {
                marks.append(PromptMark(row: rows.count, column: 0,
                                        kind: address.line == 0 ? .promptStart : .continuationPromptStart))
                marks.append(PromptMark(row: rows.count, column: prefix.count, kind: .inputStart))
            }
            let take = min(count - address.row, areaHeight - rows.count)
            if address.line == cursor.line { cursorRow = rows.count + cursorPoint.row - address.row }
            Self.appendRows(address.row..<(address.row + take), of: state.line(address.line), cached: cached,
                            spans: presentation.highlights?.spans(ofLine: address.line) ?? [], mask: mask.cells,
                            prefix: prefix, ghost: address.line == lastLine ? ghost : nil,
                            nextIdentity: &nextRowIdentity, clusters: &clusters, to: &rows, identities: &identities)
            address = RowAddress(line: address.line + 1, row: 0)
        }
        if let rightPrompt = presentation.chrome.rightPrompt, top == RowAddress(line: 0, row: 0), !rows.isEmpty,
           let placed = place(rightPrompt, margin: presentation.chrome.rightPromptMargin, on: &rows[0],
                              identity: &identities[0], width: width),
           presentation.chrome.marksPrompts {
            // After the first row's prompt marks, before the next row's.
            marks.insert(contentsOf: [PromptMark(row: 0, column: placed.lowerBound, kind: .rightPromptStart),
                                      PromptMark(row: 0, column: placed.upperBound, kind: .inputStart)],
                         at: marks.firstIndex { $0.row > 0 } ?? marks.endIndex)
        }
        for regionRow in regionRows { rows.append(cells(of: regionRow, width: width)) }
        pruneCache(lineCount: state.lineCount, state: state)
        // Emptied now, not at the next frame's start: copies of a line's wrapping kept here would
        // make the next edit's update copy its row starts.
        for slot in memoUsed {
            memo[slot] = nil
            memoRowCounts[slot] = -1
        }
        memoUsed.removeAll(keepingCapacity: true)
        var frame = Frame(rows: rows, cursor: ScreenPoint(row: cursorRow, column: cursorPoint.column), width: width,
                          rowIdentities: identities, longClusters: clusters.clusters)
        frame.cursorIsPastMargin = cursorAtMargin
        if !marks.isEmpty || !promptMarks.isEmpty { promptMarks = marks }
        return frame
    }

    /// What one frame's walks over lines need, passed along rather than captured: a closure would
    /// copy the state at every call.
    struct FrameContext {
        let state: EditorState
        let width: Int
        let firstLineStart: Int
        let otherLinesStart: Int
        let cursorLine: Int
        let cursorAtMargin: Bool
        /// Rows the ghost text adds to the last line, nil without ghost text.
        let ghostExtraRows: Int?
        let memoBase: Int
        let memoSize: Int
    }

    /// What is cached of `line`, through the frame's memo.
    private mutating func lineLayout(_ line: Int, _ context: FrameContext) -> LineCache {
        let slot = line - context.memoBase
        if slot >= 0 && slot < context.memoSize, let known = memo[slot] { return known }
        let cached = lineCache(line: line, in: context.state,
                               startColumn: line == 0 ? context.firstLineStart : context.otherLinesStart, width: context.width)
        if slot >= 0 && slot < context.memoSize {
            memo[slot] = cached
            memoUsed.append(slot)
        }
        return cached
    }

    /// The rows `line` takes on screen: its text rows, and the ghost's or the cursor's extra row.
    mutating func rowCount(_ line: Int, _ context: FrameContext) -> Int {
        let slot = line - context.memoBase
        if slot >= 0 && slot < context.memoSize && memoRowCounts[slot] >= 0 { return memoRowCounts[slot] }
        var count = lineLayout(line, context).wrapped.rowStarts.count
        if line == context.state.lineCount - 1, let extra = context.ghostExtraRows { count += extra }
        if line == context.cursorLine && context.cursorAtMargin { count += 1 }
        if slot >= 0 && slot < context.memoSize { memoRowCounts[slot] = count }
        return count
    }

    private mutating func pruneCache(lineCount: Int, state: EditorState) {
        guard cache.count > 2 * lineCount + 64 else { return }
        cache.keepOnly((0..<lineCount).map(state.identity(ofLine:)))
    }
}
