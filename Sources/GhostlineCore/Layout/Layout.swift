/// Turns a ``Presentation`` into a ``Frame`` for a terminal size: wraps lines, makes the text's
/// cells in the styles of its spans or as its mask, places the placeholder and suggestion, and
/// picks the rows around the cursor when the text is taller than the terminal.
///
/// Layout is a value that keeps a cache of wrapped lines by line identity, so a keystroke re-lays
/// only the edited line from the row before the edit, and only the visible rows become cells.
package struct Layout: Sendable {
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

    /// What layout keeps of a line: its wrapping and the state version it reflects, and its drawn
    /// rows with the prompt its first row was drawn with. Unchanged rows are then the same arrays
    /// frame after frame. A class, so that a frame updates entries where they are, with one
    /// look-up per line, instead of copying them out and back.
    private final class LineCache: @unchecked Sendable {
        var wrapped: WrappedLine
        /// The wrapping's width and start column, which never change for an entry, kept as
        /// constants too: a read of `wrapped`, a class's variable, is checked for exclusivity at
        /// run time, and every frame asks them of each line in view.
        let width: Int
        let startColumn: Int
        let generation: UInt64
        /// The cells each cluster was drawn as, when the text was masked.
        let mask: [Cell]?
        /// The style spans the drawn rows were made with.
        var spans: [StyleSpan] = []
        var revision: UInt64
        var drawn: [DrawnRow?] = []
        var firstRowPrefix: [Cell] = []
        /// The rows last shown of this line, ghost-free, for the range and prompt they were for:
        /// an unchanged line in view costs one check and one append per frame.
        var shown: ShownRows?

        init(wrapped: WrappedLine, generation: UInt64, revision: UInt64, mask: [Cell]?) {
            self.wrapped = wrapped
            width = wrapped.width
            startColumn = wrapped.startColumn
            self.generation = generation
            self.revision = revision
            self.mask = mask
        }

        /// Drops drawn rows from `firstRow` on that show bytes at or after `changed`.
        func forgetRows(from firstRow: Int, reachingPast changed: Int) {
            shown = nil
            // The rows go by as one argument, a single access to the variable: each read and
            // write of a class's variable is checked for exclusivity at run time.
            Self.forget(&drawn, from: firstRow, reachingPast: changed)
        }

        private static func forget(_ drawn: inout [DrawnRow?], from firstRow: Int, reachingPast changed: Int) {
            for index in min(firstRow, drawn.count)..<drawn.count where (drawn[index]?.end ?? 0) > changed {
                drawn[index] = nil
            }
        }
    }

    /// Rows of a line as a frame showed them.
    private struct ShownRows {
        var range: Range<Int>
        var prefix: [Cell]
        var rows: [[Cell]]
        var identities: [UInt64]
    }

    /// A row's cells and the bytes of the line they show; the bytes are unchanged since the
    /// cells were made (rows reaching past an edit are dropped).
    private struct DrawnRow {
        var start: Int
        var end: Int
        var cells: [Cell]
        /// Kept while cells are only appended; a row made afresh gets a new one.
        var identity: UInt64
    }

    private var cache = LineIdentityTable<LineCache>()
    /// Clusters too long for a cell, numbered; kept for the layout's life (see `ClusterTable`).
    private var clusters = ClusterTable()
    /// The last frame's mask and width, and the cells one masked cluster is drawn as there; nil
    /// cells when the text is not masked.
    private var mask: (mask: TextMask?, width: Int, cells: [Cell]?) = (nil, 0, nil)
    /// The prompts' cells for the last width, rebuilt only when a prompt or the width changes.
    private var prefixes: [PrefixCells] = []

    /// A prompt's cells for one width.
    private struct PrefixCells {
        let prompt: StyledText
        let width: Int
        let cells: [Cell]
    }
    private var top = RowAddress(line: 0, row: 0)
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
    private var appendedRuns: [[Cell]] = []
    /// The cells of the last ghost text laid out on one row, kept to reuse their storage as the
    /// runs are.
    private var ghostRow: [Cell] = []

    /// Creates a layout with an empty cache.
    package init() {}

    /// Forgets cached wrapping and the scroll position, as after a change of width.
    package mutating func reset() {
        cache.removeAll()
        top = RowAddress(line: 0, row: 0)
    }

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
        var cursorPoint = cursorLine.location(of: cursor.offset, in: state.line(cursor.line))
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

        let footer = presentation.footer.prefix(height - 1)
        let areaHeight = height - footer.count
        let cursorAddress = RowAddress(line: cursor.line, row: cursorPoint.row)
        scroll(toShow: cursorAddress, areaHeight: areaHeight, context)

        var rows: [[Cell]] = []
        var identities: [UInt64] = []
        rows.reserveCapacity(height)
        identities.reserveCapacity(height)
        var address = top
        var cursorRow = 0
        while rows.count < areaHeight && address.line <= lastLine {
            let count = rowCount(address.line, context)
            let cached = lineLayout(address.line, context)
            let prefix = address.line == 0 ? prompt : continuation
            let take = min(count - address.row, areaHeight - rows.count)
            if address.line == cursor.line { cursorRow = rows.count + cursorPoint.row - address.row }
            Self.appendRows(address.row..<(address.row + take), of: state.line(address.line), cached: cached,
                            spans: presentation.highlights?.spans(ofLine: address.line) ?? [], mask: mask.cells,
                            prefix: prefix, ghost: address.line == lastLine ? ghost : nil,
                            nextIdentity: &nextRowIdentity, clusters: &clusters, to: &rows, identities: &identities)
            address = RowAddress(line: address.line + 1, row: 0)
        }
        for item in footer {
            var row: [Cell] = []
            Self.append(item, to: &row, width: width, clusters: &clusters)
            rows.append(row)
        }
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
        return frame
    }

    /// What one frame's walks over lines need, passed along rather than captured: a closure would
    /// copy the state at every call.
    private struct FrameContext {
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
    private mutating func rowCount(_ line: Int, _ context: FrameContext) -> Int {
        let slot = line - context.memoBase
        if slot >= 0 && slot < context.memoSize && memoRowCounts[slot] >= 0 { return memoRowCounts[slot] }
        var count = lineLayout(line, context).wrapped.rowStarts.count
        if line == context.state.lineCount - 1, let extra = context.ghostExtraRows { count += extra }
        if line == context.cursorLine && context.cursorAtMargin { count += 1 }
        if slot >= 0 && slot < context.memoSize { memoRowCounts[slot] = count }
        return count
    }

    // MARK: - Viewport

    /// Moves the first visible row so that the cursor's row is on screen, scrolling as little as
    /// possible, and so that no rows are left empty below the text while rows above are hidden.
    private mutating func scroll(toShow cursor: RowAddress, areaHeight: Int, _ context: FrameContext) {
        let lineCount = context.state.lineCount
        if top.line >= lineCount { top = RowAddress(line: lineCount - 1, row: 0) }
        top.row = min(top.row, rowCount(top.line, context) - 1)
        if cursor < top {
            top = cursor
        } else if rows(from: top, to: cursor, limit: areaHeight, context) >= areaHeight {
            top = address(rowsBefore: cursor, count: areaHeight - 1, context)
        }
        let last = RowAddress(line: lineCount - 1, row: rowCount(lineCount - 1, context) - 1)
        if rows(from: top, to: last, limit: areaHeight, context) < areaHeight - 1 {
            top = address(rowsBefore: last, count: areaHeight - 1, context)
        }
    }

    /// How many rows lie from `start` to `end` (0 when equal), counting no further than `limit`.
    private mutating func rows(from start: RowAddress, to end: RowAddress, limit: Int, _ context: FrameContext) -> Int {
        if start.line == end.line { return end.row - start.row }
        var total = rowCount(start.line, context) - start.row
        var line = start.line + 1
        while line < end.line && total < limit {
            total += rowCount(line, context)
            line += 1
        }
        return total + end.row
    }

    /// The address `count` rows above `address`, or the very first row.
    private mutating func address(rowsBefore address: RowAddress, count: Int, _ context: FrameContext) -> RowAddress {
        var remaining = count
        var result = address
        while remaining > 0 {
            if result.row >= remaining { return RowAddress(line: result.line, row: result.row - remaining) }
            remaining -= result.row + 1
            guard result.line > 0 else { return RowAddress(line: 0, row: 0) }
            result = RowAddress(line: result.line - 1, row: rowCount(result.line - 1, context) - 1)
        }
        return result
    }

    // MARK: - Cells

    /// What is cached of `line`, its wrapping brought up to date with the state: re-laid from
    /// the first byte that changed since it was cached, computed afresh when there is no usable entry.
    private mutating func lineCache(line: Int, in state: EditorState, startColumn: Int, width: Int) -> LineCache {
        let identity = state.identity(ofLine: line)
        if let cached = cache[identity], cached.generation == state.generation,
           cached.width == width, cached.startColumn == startColumn, cached.mask == mask.cells {
            // Most lines in view are untouched since the last frame: known from the line itself,
            // without reading the edit log.
            if state.isUnchanged(line: line, since: cached.revision) {
                cached.revision = state.revision
                return cached
            }
            if let changed = state.firstChangedOffset(ofLine: identity, since: cached.revision) {
                cached.revision = state.revision
                if let changed {
                    let firstRow = cached.wrapped.update(to: state.line(line), changedFrom: changed)
                    cached.forgetRows(from: firstRow, reachingPast: changed)
                }
                return cached
            }
        }
        let fresh = LineCache(wrapped: WrappedLine(text: state.line(line), startColumn: startColumn, width: width,
                                                   maskColumns: mask.cells?.count),
                              generation: state.generation, revision: state.revision, mask: mask.cells)
        cache[identity] = fresh
        return fresh
    }

    /// Appends the rows of a line in `range` as shown: the drawn text rows (the prompt before
    /// the first), reused until an edit or a change of style reaches them, then any ghost rows.
    private static func appendRows(_ range: Range<Int>, of text: String, cached: LineCache, spans: [StyleSpan],
                                   mask: [Cell]?, prefix: [Cell], ghost: GhostRows?, nextIdentity: inout UInt64,
                                   clusters: inout ClusterTable, to rows: inout [[Cell]], identities: inout [UInt64]) {
        if cached.spans != spans {
            // A row's cells depend on the spans too, which any edit anywhere may change (a
            // closing quote recolours what came before it): rows that show a changed style go.
            cached.forgetRows(from: 0, reachingPast: TextHighlights.firstDifference(between: cached.spans, and: spans))
            cached.spans = spans
        }
        if ghost == nil, let shown = cached.shown, shown.range == range, shown.prefix == prefix {
            rows.append(contentsOf: shown.rows)
            identities.append(contentsOf: shown.identities)
            return
        }
        let firstShown = rows.count
        defer {
            cached.shown = ghost == nil
                ? ShownRows(range: range, prefix: prefix, rows: Array(rows[firstShown...]),
                            identities: Array(identities[firstShown...]))
                : nil
        }
        // Worked on as local values, moved out of the object and back: each access to a class's
        // property is checked for exclusivity at run time, which per row adds up.
        let wrapped = cached.wrapped
        var drawn = cached.drawn
        cached.drawn = []
        defer { cached.drawn = drawn }
        let textRows = wrapped.rowStarts.count
        if drawn.count < textRows {
            drawn.append(contentsOf: repeatElement(nil, count: textRows - drawn.count))
        } else if drawn.count > textRows {
            drawn.removeSubrange(textRows...)
        }
        if cached.firstRowPrefix != prefix {
            drawn[0] = nil
            cached.firstRowPrefix = prefix
        }
        for row in range {
            guard row < textRows else {
                let index = row - textRows + (ghost?.startsNewRow == true ? 0 : 1)
                rows.append(ghost.map { index < $0.rows.count ? $0.rows[index] : [] } ?? [])
                identities.append(0)
                continue
            }
            let drawnRow = drawnRow(row, in: text, wrapped: wrapped, spans: spans, mask: mask, prefix: prefix,
                                    drawn: &drawn, nextIdentity: &nextIdentity, clusters: &clusters)
            if row == textRows - 1, let ghost, !ghost.startsNewRow, let first = ghost.rows.first {
                rows.append(drawnRow.cells + first)
                identities.append(0)
            } else {
                rows.append(drawnRow.cells)
                identities.append(drawnRow.identity)
            }
        }
    }

    /// A text row as drawn: the drawn one when the row shows the same bytes, extended when text
    /// was only added at its end (typing), made afresh otherwise.
    private static func drawnRow(_ row: Int, in text: String, wrapped: WrappedLine, spans: [StyleSpan], mask: [Cell]?,
                                 prefix: [Cell], drawn: inout [DrawnRow?], nextIdentity: inout UInt64,
                                 clusters: inout ClusterTable) -> DrawnRow {
        let start = wrapped.rowStarts[row], end = wrapped.end(ofRow: row)
        if var drawnRow = drawn[row], drawnRow.start == start {
            if drawnRow.end == end { return drawnRow }
            if drawnRow.end < end && WrappedLine.isCharacterBoundary(drawnRow.end, in: text) {
                drawn[row] = nil
                wrapped.appendCells(from: drawnRow.end, to: end, in: text, spans: spans, mask: mask, clusters: &clusters,
                                    to: &drawnRow.cells)
                drawnRow.end = end
                drawn[row] = drawnRow
                return drawnRow
            }
        }
        var cells = row == 0 ? prefix : []
        wrapped.appendCells(from: start, to: end, in: text, spans: spans, mask: mask, clusters: &clusters, to: &cells)
        let made = DrawnRow(start: start, end: end, cells: cells, identity: nextIdentity)
        nextIdentity &+= 1
        drawn[row] = made
        return made
    }

    private mutating func pruneCache(lineCount: Int, state: EditorState) {
        guard cache.count > 2 * lineCount + 64 else { return }
        cache.keepOnly((0..<lineCount).map(state.identity(ofLine:)))
    }

    /// The cells that text appended at `start`, the end of a line when the screen was last drawn,
    /// adds on the screen through the end of line `lastLine`: made as a frame makes a row's cells
    /// (a new line's first row starts with the continuation prompt; each cluster in the style of
    /// the presentation's spans, or as its mask), with the lines' wrapping brought up to date.
    /// Nil when the new text joins the character before `start`, which a frame redraws, or takes
    /// more rows than the screen's `height`, of which a frame draws only the last.
    mutating func cellsAppended(at start: TextPosition, through lastLine: Int, of presentation: Presentation,
                                width: Int, height: Int) -> AppendedCells? {
        let width = max(1, width)
        let state = presentation.state
        useMask(presentation.mask, width: width)
        guard WrappedLine.isCharacterBoundary(start.offset, in: state.line(start.line)) else { return nil }
        // Taken out while they are filled, so that they are not shared then.
        var runs = appendedRuns
        appendedRuns = []
        defer { appendedRuns = runs }
        var runCount = 0
        var endColumn = 0
        for line in start.line...lastLine {
            let prefix = prefixCells(line == 0 ? presentation.prompt : presentation.continuationPrompt, width: width)
            let text = state.line(line)
            let spans = presentation.highlights?.spans(ofLine: line) ?? []
            let wrapped = lineCache(line: line, in: state, startColumn: prefix.count, width: width).wrapped
            let rowStarts = wrapped.rowStarts
            let from = line == start.line ? start.offset : 0
            // On the first line, from the row the old end was on: the last that starts before it
            // (a row that starts at it holds only new text).
            let firstRow = line == start.line ? max(0, rowStarts.partitionedIndex { $0 >= from } - 1) : 0
            guard runCount + rowStarts.count - firstRow <= height else { return nil }
            for row in firstRow..<rowStarts.count {
                if runCount == runs.count { runs.append([]) }
                runs[runCount].removeAll(keepingCapacity: true)
                if line != start.line && row == 0 { runs[runCount].append(contentsOf: prefix) }
                wrapped.appendCells(from: max(from, rowStarts[row]), to: wrapped.end(ofRow: row), in: text, spans: spans,
                                    mask: mask.cells, clusters: &clusters, to: &runs[runCount])
                runCount += 1
            }
            endColumn = wrapped.endColumn
        }
        // Only when there are runs to drop: the call alone has the runtime build a type by name
        // at a session's first key (`make budget` counts the first key).
        if runCount < runs.count { runs.removeSubrange(runCount...) }
        return AppendedCells(runs: runs, endColumn: endColumn, endsAtMargin: endColumn >= width,
                             longClusters: clusters.clusters)
    }

    /// The cells of `ghost`, the ghost text after the text's end at `column`, made as a frame
    /// makes them, and the long clusters they may refer to; nil when a frame would not draw it
    /// all on that row, before the margin.
    mutating func ghostCellsOnOneRow(_ ghost: StyledText, from column: Int, width: Int) -> (cells: [Cell], longClusters: [String])? {
        let width = max(1, width)
        guard column < width else { return nil }
        // Laid into one row kept from key to key, not into a frame's rows: an array of rows made
        // and freed at each key, and a row freed after the renderer copied it, brought the
        // allocator's freeing code in at a session's first suggestion.
        if !ghostRow.isEmpty { ghostRow.removeAll(keepingCapacity: true) }
        var end = column
        let rowEnd = ghost.text.withUTF8Bytes { bytes in
            var position = 0
            return Self.appendGhostRow(ghost, bytes: bytes, from: &position, column: &end, width: width,
                                       clusters: &clusters, to: &ghostRow)
        }
        guard rowEnd == .text, end < width else { return nil }
        return (ghostRow, clusters.clusters)
    }

    /// Moves the first visible row `count` rows down, as the next frame must find it after the
    /// terminal scrolled that many rows away while cells were appended to the cursor's line
    /// without a frame.
    mutating func scrollDown(_ count: Int, in presentation: Presentation, width: Int) {
        let width = max(1, width)
        let state = presentation.state
        var remaining = count
        while remaining > 0 {
            // The rows added are the cursor line's: once there, every row left is one of them.
            guard top.line < state.cursor.line else {
                top.row += remaining
                return
            }
            let prompt = top.line == 0 ? presentation.prompt : presentation.continuationPrompt
            let start = prefixCells(prompt, width: width).count
            let rows = lineCache(line: top.line, in: state, startColumn: start, width: width).wrapped.rowStarts.count
            if top.row + remaining < rows {
                top.row += remaining
                return
            }
            remaining -= rows - top.row
            top = RowAddress(line: top.line + 1, row: 0)
        }
    }

    /// A prompt's cells, cut to leave at least one column for text; cached.
    private mutating func prefixCells(_ prompt: StyledText, width: Int) -> [Cell] {
        // Two entries (prompt and continuation prompt), compared rather than hashed: an equal
        // string that shares storage compares at once.
        for index in prefixes.indices where prefixes[index].width == width && prefixes[index].prompt == prompt {
            return prefixes[index].cells
        }
        if prefixes.count >= 2 { prefixes.removeFirst() }
        let cells = Self.makePrefixCells(prompt, width: width, clusters: &clusters)
        prefixes.append(PrefixCells(prompt: prompt, width: width, cells: cells))
        return cells
    }

    /// The columns a prompt takes when laid out for `width` columns: what layout draws, cut to
    /// leave a column for text. Up and down movement counts columns from here.
    package static func columns(ofPrompt prompt: String, width: Int) -> Int {
        var clusters = ClusterTable()
        return makePrefixCells(StyledText(prompt), width: max(1, width), clusters: &clusters).count
    }

    private static func makePrefixCells(_ prompt: StyledText, width: Int, clusters: inout ClusterTable) -> [Cell] {
        var cells: [Cell] = []
        Self.append(prompt, to: &cells, width: width, clusters: &clusters)
        guard cells.count >= width else { return cells }
        cells.removeSubrange(max(0, width - 1)...)
        if cells.last?.width == 2 { cells.removeLast() }
        return cells
    }

    /// Appends the cells of styled text on one row, as far as they fit in `width`; a newline is
    /// shown in caret notation since a prompt or footer is one row.
    private static func append(_ styled: StyledText, to row: inout [Cell], width: Int, clusters: inout ClusterTable) {
        for character in styled.text {
            var cells: [Cell] = []
            ClusterScanner.appendCells(of: character, style: styled.style, width: width, clusters: &clusters, to: &cells)
            guard row.count + cells.count <= width else { return }
            row.append(contentsOf: cells)
        }
    }

    /// Makes `mask` at `width` the one lines are wrapped and drawn with, keeping its cells when
    /// neither changed.
    private mutating func useMask(_ mask: TextMask?, width: Int) {
        if mask != self.mask.mask || width != self.mask.width {
            self.mask = (mask, width, mask.map { Self.cells(of: $0, width: width, clusters: &clusters) })
        }
    }

    /// The cells that draw one grapheme cluster of a text masked with `mask`: none when it shows
    /// nothing.
    private static func cells(of mask: TextMask, width: Int, clusters: inout ClusterTable) -> [Cell] {
        var cells: [Cell] = []
        if let character = mask.character {
            ClusterScanner.appendCells(of: character, style: .plain, width: width, clusters: &clusters, to: &cells)
        }
        return cells
    }

    /// Lays ghost text out from `column` of the text's last row, wrapping as text does and
    /// starting a row at `indent` for each newline in it, for at most `rowLimit` rows: the rows
    /// after the cursor's that can show.
    private static func layOutGhost(_ ghost: StyledText, from column: Int, indent: Int, width: Int, rowLimit: Int,
                                    clusters: inout ClusterTable) -> GhostRows {
        // Made as the frame's rows are, not from a literal, whose array type the runtime would
        // build by name at a session's first suggestion.
        var rows: [[Cell]] = []
        rows.reserveCapacity(min(rowLimit, 4))
        rows.append([])
        var column = column
        let startsNewRow = column >= width
        if startsNewRow { column = 0 }
        let text = ghost.text
        // Room for the first row at once: grown a cell at a time, it was copied six times.
        rows[0].reserveCapacity(min(width - column, text.utf8.count))
        text.withUTF8Bytes { bytes in
            var position = 0
            while true {
                let rowEnd = appendGhostRow(ghost, bytes: bytes, from: &position, column: &column, width: width,
                                            clusters: &clusters, to: &rows[rows.count - 1])
                guard rowEnd != .text, rows.count < rowLimit else { return }
                rows.append(rowEnd == .newline ? Array(repeating: Cell(ClusterBytes(ascii: 0x20)), count: min(indent, width - 1)) : [])
                column = rows[rows.count - 1].count
            }
        }
        return GhostRows(rows: rows, startsNewRow: startsNewRow)
    }

    /// Where a row of ghost text ended.
    private enum GhostRowEnd {
        /// At the end of the ghost text.
        case text
        /// At the margin: the next character goes on the next row.
        case margin
        /// At a newline, which was passed over.
        case newline
    }

    /// Appends to `row`, which ends at `column`, the cells of `ghost` (whose UTF-8 bytes are
    /// `bytes`) from offset `position` on, as far as they fit on the row and up to a newline,
    /// moving `position` and `column` on; says where the row ended. The one row maker of ghost
    /// text, for a frame's rows and for a suggestion drawn after typed cells alike.
    private static func appendGhostRow(_ ghost: StyledText, bytes: UnsafeBufferPointer<UInt8>, from position: inout Int,
                                       column: inout Int, width: Int, clusters: inout ClusterTable,
                                       to row: inout [Cell]) -> GhostRowEnd {
        let text = ghost.text
        while position < bytes.count {
            if column >= width, WrappedLine.endOfASCIIRun(in: bytes, from: position, before: position + 1) > position {
                return .margin
            }
            // Printable ASCII is a character a byte, one cell wide: its cells are known
            // without making `Character`s, as for the text's own rows, and go into the row as
            // one run as far as the margin.
            let runEnd = WrappedLine.endOfASCIIRun(in: bytes, from: position, before: min(bytes.count, position + max(0, width - column)))
            if runEnd > position {
                row.append(contentsOf: ASCIICells(bytes: UnsafeBufferPointer(rebasing: bytes[position..<runEnd]), style: ghost.style))
                column += runEnd - position
                position = runEnd
                continue
            }
            let index = text.utf8.index(text.utf8.startIndex, offsetBy: position)
            let character = text[index]
            let next = text.utf8.distance(from: text.utf8.startIndex, to: text.index(after: index))
            if character == "\n" || character == "\r\n" {
                position = next
                return .newline
            }
            // Made where they go, and taken back when they do not fit: the character then starts
            // the next row.
            let start = row.count
            ClusterScanner.appendCells(of: character, style: ghost.style, width: width, clusters: &clusters, to: &row)
            let count = row.count - start
            if column + count > width && column > 0 {
                row.removeSubrange(start...)
                return .margin
            }
            column += count
            position = next
        }
        return .text
    }
}

/// Cells added at the end of a line, row by row, as ``Layout`` makes them for a frame.
struct AppendedCells {
    /// The first run continues the row the line ended on; each later run is a row of its own.
    var runs: [[Cell]]
    /// The column the text now ends at on its last row.
    var endColumn: Int
    /// True when the text now fills its last row to the margin: the cursor waits at the start of
    /// the next row, as a frame puts it (see ``Frame/cursorIsPastMargin``).
    var endsAtMargin: Bool
    /// The layout's long clusters, which the cells may refer to by number.
    var longClusters: [String]
}
