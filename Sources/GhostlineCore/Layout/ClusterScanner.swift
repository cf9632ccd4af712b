/// Steps through a line's grapheme clusters by UTF-8 offset and tells how many columns each
/// one takes on the screen.
enum ClusterScanner {
    /// What stands in for a character wider than the whole terminal.
    static let tooWide: Character = "…"

    /// The cluster starting at `offset`: where it ends and its display width (caret notation for
    /// controls; a character wider than `width` counts as the one-column stand-in).
    static func cluster(in text: String, bytes: UnsafeBufferPointer<UInt8>, at offset: Int, width: Int,
                        widths: TerminalWidths) -> (end: Int, width: Int) {
        let byte = bytes[offset]
        if byte >= 0x20 && byte < 0x7F && (offset + 1 == bytes.count || bytes[offset + 1] < 0x80) {
            return (offset + 1, 1)
        }
        let index = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        let next = text.index(after: index)
        let columns = displayColumns(of: text[index], width: width, widths: widths)
        return (text.utf8.distance(from: text.utf8.startIndex, to: next), columns)
    }

    /// Display columns of a character as the layout draws it, on a terminal that draws clusters
    /// in `widths`.
    static func displayColumns(of character: Character, width: Int, widths: TerminalWidths) -> Int {
        if let caret = character.caretNotation { return caret.count > width ? 1 : caret.count }
        if let based = withDottedBase(character) {
            return based.reduce(0) { $0 + displayColumns(of: $1, width: width, widths: widths) }
        }
        let columns = widths.columns(of: character).columns
        return columns > width ? 1 : columns
    }

    /// A cluster that starts with a character made to extend the one before it (a combining
    /// mark, a joiner, a skin-tone modifier, a variation selector) — found at a line's start or
    /// after a control character — would join whatever the terminal drew last, the prompt's
    /// space say. It is shown on a dotted circle instead, as fonts show a lone mark; nil for
    /// every other character.
    static func withDottedBase(_ character: Character) -> String? {
        guard let first = character.unicodeScalars.first, first.value >= 0x300 else { return nil }
        // Whether it extends a letter before it is asked of grapheme breaking itself, which made
        // it a cluster of its own: the rule is the same (an Extend, ZWJ or SpacingMark scalar
        // joins), and a prompt such as the default `… ` needs no table of scalar properties.
        let afterLetter = "x" + String(character)
        guard afterLetter.count == 1 else { return nil }
        return "\u{25CC}" + String(character)
    }
}

extension ClusterScanner {
    /// The one cell that stands in for a character wider than the whole terminal: ``tooWide``,
    /// or `.` on a terminal that draws `…` (of ambiguous width) in two columns.
    static func tooWideCell(style: Style, clusters: inout ClusterTable) -> Cell {
        Cell(clusters.bytes(of: clusters.columns(of: tooWide) == 1 ? tooWide : "."), style: style)
    }

    /// Appends the cells that draw `character` in `style` to `row`: caret notation for controls,
    /// a cell and continuations for a character wider than one column (as wide as the terminal
    /// draws it, see `ClusterTable.columns(of:)`), none for a zero-width one, the stand-in when
    /// it cannot fit.
    static func appendCells(of character: Character, style: Style, width: Int, clusters: inout ClusterTable,
                            to row: inout [Cell]) {
        if let based = withDottedBase(character) {
            for part in based { appendCells(of: part, style: style, width: width, clusters: &clusters, to: &row) }
            return
        }
        if let caret = character.caretNotation {
            if caret.count > width {
                row.append(tooWideCell(style: style, clusters: &clusters))
            } else {
                for symbol in caret.utf8 { row.append(Cell(ClusterBytes(ascii: symbol), style: style)) }
            }
            return
        }
        switch clusters.columns(of: character) {
        case 0:
            return
        case let columns where columns > width:
            row.append(tooWideCell(style: style, clusters: &clusters))
        case 1:
            row.append(Cell(clusters.bytes(of: character), style: style))
        case let columns:
            row.append(Cell(clusters.bytes(of: character), width: UInt8(columns), style: style))
            for _ in 1..<columns { row.append(.continuation(style: style)) }
        }
    }
}
