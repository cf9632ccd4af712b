/// A completion menu open below the entry (``CompletionStyle/menu``): the candidates in columns
/// filled down then across, the selected one inserted in the line in place of the text it
/// replaces. A modal state: while it is open it sees the keys first.
///
/// Its columns are as wide as the widest candidate and the widest description, measured once
/// as it opens, so that they keep their places while the selection scrolls; only a resize lays
/// it out again.
struct CompletionMenu {
    /// The candidates, in the completion function's order.
    let candidates: [CompletionCandidate]
    /// Where the word before the cursor started in ``line``, a UTF-8 offset: where a candidate
    /// without a `replacementStart` (an index in ``typedTextBeforeCursor``) replaces from.
    let wordStart: Int
    /// The logical line completed in.
    let line: Int
    /// The line's text before the cursor as the menu opened (after the common prefix).
    let textBeforeCursor: String
    /// The line's text before the cursor before Tab, which Escape puts back.
    let typedTextBeforeCursor: String
    /// Where the text the common prefix replaced starts: from there on, the line before the
    /// cursor may differ from ``typedTextBeforeCursor``.
    let typedChangeStart: Int
    /// The widest candidate as the menu shows it, in columns.
    let widestItem: Int
    /// The widest description, in columns; 0 when no candidate has one.
    let widestDescription: Int
    /// Where the inserted candidate (or, with none selected, the empty text at the cursor)
    /// is in the line now, UTF-8 offsets.
    var inserted: Range<Int>
    /// The selected candidate's index; nil before the first move.
    var selection: Int?
    /// The first row of the grid shown.
    var top = 0
    /// The text's generation and revision after the menu's last change of it: a change from
    /// elsewhere (the app setting the text) closes the menu, whose offsets no longer hold.
    var generation: UInt64
    var revision: UInt64

    /// Columns between two candidates, and between a candidate and its description.
    static let spacing = 2
    /// The most columns of candidates, as fish shows.
    static let mostColumns = 6

    /// The columns and rows of candidates on a screen `width` columns wide.
    struct Grid {
        var columns: Int
        var rows: Int
        /// The columns a candidate takes, and its description after the spacing (0 for none).
        var itemWidth: Int
        var descriptionWidth: Int
    }

    /// How the candidates are laid out on a screen `width` columns wide.
    func grid(width: Int) -> Grid {
        var itemWidth = max(1, widestItem)
        var descriptionWidth = widestDescription
        if descriptionWidth > 0 && itemWidth + Self.spacing + descriptionWidth > width {
            // Too wide for one row: the candidate keeps at least half the row, the description
            // what is left, each cut with "…".
            itemWidth = max(min(itemWidth, width / 2), min(itemWidth, width - Self.spacing - descriptionWidth))
            descriptionWidth = max(0, width - itemWidth - Self.spacing)
        }
        let cellWidth = itemWidth + (descriptionWidth > 0 ? Self.spacing + descriptionWidth : 0)
        let columns = max(1, min(Self.mostColumns, candidates.count, (width + Self.spacing) / (cellWidth + Self.spacing)))
        return Grid(columns: columns, rows: (candidates.count + columns - 1) / columns, itemWidth: itemWidth,
                    descriptionWidth: descriptionWidth)
    }

    /// How many of `grid`'s rows are shown at once: at most `limit`, and no more than `geometry`
    /// leaves below one row of text, the app's reserved rows and the scrolling row.
    static func shownRows(of grid: Grid, limit: Int, geometry: TextGeometry) -> Int {
        let room = geometry.height - 1 - geometry.reservedRows
        if grid.rows <= min(limit, room) { return grid.rows }
        return max(1, min(limit, room - 1))
    }

    // MARK: - Moving

    /// A move of the selection.
    enum Move {
        case next, previous, right, left, pageDown, pageUp
    }

    /// The candidate `move` selects from the selection, in `grid` showing `shownRows` rows.
    func selection(after move: Move, in grid: Grid, shownRows: Int) -> Int {
        let count = candidates.count
        guard let current = selection else {
            return move == .previous ? count - 1 : 0
        }
        let rows = grid.rows
        switch move {
        case .next: return (current + 1) % count
        case .previous: return (current - 1 + count) % count
        case .right: return current + rows < count ? current + rows : current % rows
        case .left:
            if current >= rows { return current - rows }
            // From the first column to the last one that has this row.
            let row = current % rows
            return (count - 1 - row) / rows * rows + row
        case .pageDown: return min(count - 1, current + shownRows)
        case .pageUp: return max(0, current - shownRows)
        }
    }

    /// The first row shown when `top` was, so that the selection's row is shown. The rows turn
    /// a page at a time, as a pager's do: a selection that leaves the page at its bottom
    /// starts the next one, and one that leaves it at its top ends the one before, so that
    /// the moves within a page redraw two candidates, not every row.
    static func top(from top: Int, showing selection: Int?, in grid: Grid, shownRows: Int) -> Int {
        let last = max(0, grid.rows - shownRows)
        var top = min(top, last)
        guard let selection else { return top }
        let row = selection % grid.rows
        if row < top { top = max(0, row - shownRows + 1) }
        if row >= top + shownRows { top = min(row, last) }
        return top
    }

    // MARK: - Drawing

    /// The menu's rows on a screen of `geometry`, at most `limit` rows of candidates, then the
    /// row that says which rows are shown when it scrolls.
    func regionRows(limit: Int, geometry: TextGeometry, style: Style) -> [RegionRow] {
        let grid = grid(width: geometry.width)
        let shown = Self.shownRows(of: grid, limit: limit, geometry: geometry)
        let first = Self.top(from: top, showing: selection, in: grid, shownRows: shown)
        var rows: [RegionRow] = []
        rows.reserveCapacity(shown + 1)
        var descriptionStyle = style
        descriptionStyle.isDim = true
        let hasDescriptions = grid.descriptionWidth > 0
        for row in first..<min(grid.rows, first + shown) {
            var pieces: [StyledText] = []
            for column in 0..<grid.columns {
                let index = column * grid.rows + row
                guard index < candidates.count else { break }
                if column > 0 { pieces.append(StyledText(String(repeating: " ", count: Self.spacing), style: style)) }
                let candidate = candidates[index]
                var itemStyle = style
                if index == selection { itemStyle.isInverse.toggle() }
                // The last candidate of a row is not padded: the row ends where its text does.
                let isLast = column == grid.columns - 1 || index + grid.rows >= candidates.count
                pieces.append(StyledText(Self.fitted(candidate.shownText, width: grid.itemWidth,
                                                     padded: !isLast || hasDescriptions),
                                         style: itemStyle))
                guard hasDescriptions else { continue }
                pieces.append(StyledText(String(repeating: " ", count: Self.spacing), style: itemStyle))
                var shownDescriptionStyle = descriptionStyle
                if index == selection { shownDescriptionStyle.isInverse.toggle() }
                pieces.append(StyledText(Self.fitted(candidate.description ?? "", width: grid.descriptionWidth,
                                                     padded: !isLast),
                                         style: shownDescriptionStyle))
            }
            rows.append(RegionRow(pieces))
        }
        if shown < grid.rows {
            rows.append(RegionRow([StyledText("rows \(first + 1) to \(first + shown) of \(grid.rows)",
                                              style: descriptionStyle)]))
        }
        return rows
    }

    /// `text` in `width` columns: cut with "…" when wider, and padded with spaces to the width
    /// when `padded`.
    static func fitted(_ text: String, width: Int, padded: Bool) -> String {
        let textWidth = text.displayWidth
        if textWidth <= width {
            return padded && textWidth < width ? text + String(repeating: " ", count: width - textWidth) : text
        }
        var cut = ""
        var used = 0
        for character in text {
            let characterWidth = character.displayWidth
            if used + characterWidth > width - 1 { break }
            cut.append(character)
            used += characterWidth
        }
        cut.append("…")
        used += 1
        return padded && used < width ? cut + String(repeating: " ", count: width - used) : cut
    }
}
