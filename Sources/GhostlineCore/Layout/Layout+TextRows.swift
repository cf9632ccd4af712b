// The text's rows: what layout keeps of each line (its wrapping and its drawn rows), brought up
// to date with the state, and the cells of the rows a frame shows, as text or as its mask.

extension Layout {
    /// What layout keeps of a line: its wrapping and the state version it reflects, and its drawn
    /// rows with the prompt its first row was drawn with. Unchanged rows are then the same arrays
    /// frame after frame. A class, so that a frame updates entries where they are, with one
    /// look-up per line, instead of copying them out and back.
    final class LineCache: @unchecked Sendable {
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
    struct ShownRows {
        var range: Range<Int>
        var prefix: [Cell]
        var rows: [[Cell]]
        var identities: [UInt64]
    }

    /// A row's cells and the bytes of the line they show; the bytes are unchanged since the
    /// cells were made (rows reaching past an edit are dropped).
    struct DrawnRow {
        var start: Int
        var end: Int
        var cells: [Cell]
        /// Kept while cells are only appended; a row made afresh gets a new one.
        var identity: UInt64
    }

    /// What is cached of `line`, its wrapping brought up to date with the state: re-laid from
    /// the first byte that changed since it was cached, computed afresh when there is no usable entry.
    mutating func lineCache(line: Int, in state: EditorState, startColumn: Int, width: Int) -> LineCache {
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
                    let firstRow = cached.wrapped.update(to: state.line(line), changedFrom: changed, widths: clusters.widths)
                    cached.forgetRows(from: firstRow, reachingPast: changed)
                }
                return cached
            }
        }
        let fresh = LineCache(wrapped: WrappedLine(text: state.line(line), startColumn: startColumn, width: width,
                                                   maskColumns: mask.cells?.count, widths: clusters.widths),
                              generation: state.generation, revision: state.revision, mask: mask.cells)
        cache[identity] = fresh
        return fresh
    }

    /// Appends the rows of a line in `range` as shown: the drawn text rows (the prompt before
    /// the first), reused until an edit or a change of style reaches them, then any ghost rows.
    static func appendRows(_ range: Range<Int>, of text: String, cached: LineCache, spans: [StyleSpan],
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

    /// Makes `mask` at `width` the one lines are wrapped and drawn with, keeping its cells when
    /// neither changed.
    mutating func useMask(_ mask: TextMask?, width: Int) {
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
}
