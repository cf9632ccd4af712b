// The cells of a prompt, the continuation prompt and a region's pieces: styled text on one row.

extension Layout {
    /// A prompt's cells for one width.
    struct PrefixCells {
        let prompt: StyledText
        let width: Int
        let cells: [Cell]
    }

    /// A prompt's cells, cut to leave at least one column for text; cached.
    mutating func prefixCells(_ prompt: StyledText, width: Int) -> [Cell] {
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

    /// The columns a prompt takes when laid out for `width` columns on a terminal that draws
    /// clusters in `widths`: what layout draws, cut to leave a column for text. Up and down
    /// movement counts columns from here.
    package static func columns(ofPrompt prompt: String, width: Int, widths: TerminalWidths = TerminalWidths()) -> Int {
        var clusters = ClusterTable()
        clusters.use(widths)
        return makePrefixCells(StyledText(prompt), width: max(1, width), clusters: &clusters).count
    }

    private static func makePrefixCells(_ prompt: StyledText, width: Int, clusters: inout ClusterTable) -> [Cell] {
        var cells: [Cell] = []
        Self.append(prompt, to: &cells, width: width, clusters: &clusters)
        guard cells.count >= width else { return cells }
        cells.removeSubrange(max(0, width - 1)...)
        // A cluster the cut goes through goes with it.
        if let last = cells.lastIndex(where: { !$0.isContinuation }), last + Int(cells[last].width) > cells.count {
            cells.removeSubrange(last...)
        }
        return cells
    }

    /// Appends the cells of styled text on one row, as far as they fit in `width`; a newline is
    /// shown in caret notation since a prompt or a region's row is one row.
    /// Returns whether all of it fit.
    @discardableResult
    static func append(_ styled: StyledText, to row: inout [Cell], width: Int, clusters: inout ClusterTable) -> Bool {
        var text = styled.text
        let style = styled.style
        // Printable ASCII, most of a prompt or a menu, is a cell a byte, drawn without forming
        // characters: a menu's rows hold hundreds of them at every move.
        let asciiFit: Bool? = text.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 &- 0x20 < 0x5F }) else { return nil }
            let room = max(0, width - row.count)
            for byte in bytes.prefix(room) { row.append(Cell(ClusterBytes(ascii: byte), style: style)) }
            return bytes.count <= room
        }
        if let asciiFit { return asciiFit }
        var cells: [Cell] = []
        for character in text {
            cells.removeAll(keepingCapacity: true)
            ClusterScanner.appendCells(of: character, style: style, width: width, clusters: &clusters, to: &cells)
            guard row.count + cells.count <= width else { return false }
            row.append(contentsOf: cells)
        }
        return true
    }
}
