/// A small terminal emulator for tests: feed it the bytes a program writes to its terminal, then
/// inspect the grid of cells, the cursor and the modes as xterm would show them.
///
/// ```swift
/// var screen = VirtualScreen(columns: 10, rows: 3)
/// screen.feed("> \u{1B}[90mname\u{1B}[m\r\u{1B}[2C")
/// #expect(screen.line(0) == "> name")
/// #expect(screen[0, 2].attributes.foreground == .brightBlack)
/// #expect(screen.cursorColumn == 2)
/// ```
///
/// ``LineEditorDriver`` keeps one up to date with what a `LineEditor` draws.
///
/// It implements what a line editor relies on: printing with autowrap (including xterm's pending
/// wrap in the last column), wide characters, grapheme clusters, cursor movement, erasing,
/// inserting and deleting characters and lines, scrolling, SGR and the modes for cursor
/// visibility, bracketed paste, synchronized output and autowrap. Nothing it does not implement
/// is dropped silently: such sequences land in `unsupportedSequences` (or `ignoredSequences` when
/// they are understood but do not change the grid), and stray control bytes in
/// `rawControlBytesSeen`, so a test can assert that the program sent only what the screen models.
///
/// There are no scroll margins, no tab stops other than every eight columns, and no alternate
/// screen; LF does not imply CR, as on a terminal in raw mode.
public struct VirtualScreen: Sendable {
    /// The number of columns, at least 1.
    public private(set) var columns: Int
    /// The number of rows, at least 1.
    public private(set) var rows: Int
    /// The cells, row after row.
    var cells: [ScreenCell]

    /// The cursor's row, from 0 at the top.
    public internal(set) var cursorRow = 0
    /// The cursor's column, from 0 at the left; while a wrap is pending it is the last column.
    public internal(set) var cursorColumn = 0
    /// Whether the last column was just written, so that the next printable character goes to
    /// the start of the next row first (xterm's "last column flag").
    public internal(set) var isWrapPending = false
    /// The rendition the next character will be written with.
    public internal(set) var currentAttributes = CellAttributes.plain
    /// The cell the last character was written to (the left half of a wide one), so that a
    /// combining mark arriving next can join its cluster.
    var lastWrittenCell: (row: Int, column: Int)?
    var savedCursor: SavedCursor?

    /// Whether the cursor is shown (DECTCEM, `CSI ?25 h` / `l`).
    public internal(set) var isCursorVisible = true
    /// The cursor's shape as DECSCUSR (`ESC [ n SP q`) last set it: 0 for the terminal's own,
    /// 1–2 a block, 3–4 an underline, 5–6 a bar (odd numbers blink).
    public internal(set) var cursorShape = 0
    /// Whether writing past the last column wraps to the next row (DECAWM, `CSI ?7 h` / `l`).
    public internal(set) var isAutowrapEnabled = true
    /// Whether bracketed paste is switched on (`CSI ?2004 h` / `l`).
    public internal(set) var bracketedPasteEnabled = false
    /// How many `CSI ?2026 h` (begin synchronized update) have not been matched by a
    /// `CSI ?2026 l`; terminals do not nest the mode, so anything but 0 or 1 is a program error.
    public internal(set) var synchronizedOutputDepth = 0

    /// The text of the rows that scrolled off the top, oldest first.
    public internal(set) var scrolledOffLines: [String] = []
    /// Sequences the screen does not understand, in readable form such as `ESC[?1049h`.
    public internal(set) var unsupportedSequences: [String] = []
    /// Sequences that are understood but change nothing the screen models, such as an OSC
    /// window title or a private mode it does not implement.
    public internal(set) var ignoredSequences: [String] = []
    /// The marks of shell integration (OSC 133) received so far, in order, each where the
    /// cursor was; they are recorded in ``ignoredSequences`` too.
    public internal(set) var shellIntegrationMarks: [ShellIntegrationMark] = []
    /// Requests for a reply from the terminal, such as device status reports (`ESC[6n`).
    public internal(set) var queries: [String] = []
    /// The bytes a real terminal would send back for the queries received so far: the cursor
    /// position report `ESC[row;columnR` for each `ESC[6n`. Whoever drives the program writes
    /// them to it, taking them with ``takePendingReplies()``.
    public internal(set) var pendingReplies: [UInt8] = []
    /// Whether the screen answers as a kitty-protocol terminal does: the keyboard protocol's
    /// query (`ESC[?u`) with its flags, and the primary device attributes (`ESC[c`), the probe's
    /// sentinel; false unless set, so that a probe waits for answers that never come.
    public var answersKeyboardProtocol = false
    /// How wide the screen draws the clusters it draws unlike the Unicode tables, by cluster, as
    /// a terminal that draws an emoji ZWJ sequence scalar by scalar (`👨‍👩‍👧` in 6 columns) or
    /// `❤️` in one (tmux 3.3a) does; every other cluster is as wide as the tables say
    /// (`Character.displayWidth`). Empty unless set. Its cursor position reports follow these
    /// widths, as a real terminal's do, so an editor that measures clusters learns them.
    public var clusterWidths: [Character: Int] = [:]
    /// Whether the screen draws characters of ambiguous East Asian width (`…`, `±`, Greek and
    /// Cyrillic letters) in two columns, as a terminal set up for CJK text does; false unless set.
    public var drawsAmbiguousCharactersWide = false
    /// Whether the screen has mode 2027, grapheme clusters laid out whole: it answers DECRQM
    /// for it (`ESC[?2027$p`) with the mode's state, and while the mode is set it draws every
    /// cluster as wide as the tables say, ``clusterWidths`` aside. False unless set.
    public var supportsGraphemeClusterMode = false
    /// Whether mode 2027 is set (see ``supportsGraphemeClusterMode``).
    public internal(set) var isGraphemeClusterModeOn = false
    /// The kitty keyboard protocol's stack of flags, as pushed (`ESC[>Nu`), popped (`ESC[<Nu`)
    /// and set (`ESC[=N;Mu`): the program's last push at the end. Empty when none is pushed.
    public internal(set) var keyboardFlagsStack: [Int] = []
    /// Control bytes that reached the screen without being interpreted: C0 controls other than
    /// BS, HT, LF, VT, FF, CR and ESC (BEL included), DEL, and C1 controls. A line editor must
    /// never let one through from user text.
    public internal(set) var rawControlBytesSeen: [UInt8] = []

    private var parser = TerminalOutputParser()

    /// Creates a blank screen with the cursor at the top left; sizes below 1 count as 1.
    public init(columns: Int, rows: Int) {
        self.columns = max(columns, 1)
        self.rows = max(rows, 1)
        cells = Array(repeating: .blank(), count: self.columns * self.rows)
    }

    /// Whether a synchronized update (`CSI ?2026 h`) is in progress.
    public var isSynchronizedOutputActive: Bool { synchronizedOutputDepth > 0 }

    // MARK: - Feeding

    /// Interprets `bytes` as output written to the terminal. A sequence may be split across calls.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        var parser = self.parser
        self.parser = TerminalOutputParser()
        for byte in bytes {
            parser.consume(byte) { perform($0) }
        }
        self.parser = parser
    }

    /// Interprets the UTF-8 encoding of `string` as output written to the terminal.
    public mutating func feed(_ string: String) {
        feed(string.utf8)
    }

    /// Returns the replies owed to the program for its queries (``pendingReplies``) and forgets
    /// them, so that each is sent once.
    public mutating func takePendingReplies() -> [UInt8] {
        defer { pendingReplies.removeAll() }
        return pendingReplies
    }

    private mutating func perform(_ action: TerminalAction) {
        switch action {
        case .print(let scalar):
            print(scalar)
        case .execute(let byte):
            execute(byte)
        case .escape(let sequence):
            perform(sequence)
        case .controlSequence(let sequence):
            perform(sequence)
        case .operatingSystemCommand(let description):
            ignoredSequences.append(description)
            if description.hasPrefix("ESC]133;") {
                shellIntegrationMarks.append(ShellIntegrationMark(row: cursorRow, column: cursorColumn,
                                                                  command: String(description.dropFirst(8))))
            }
        case .controlString(let description), .interruptedSequence(let description):
            unsupportedSequences.append(description)
        }
    }

    // MARK: - Reading the screen

    /// The cell at `row`, `column` (both from 0); a blank cell outside the screen.
    public subscript(row: Int, column: Int) -> ScreenCell {
        guard (0..<rows).contains(row), (0..<columns).contains(column) else { return .blank() }
        return cells[row * columns + column]
    }

    /// The text of `row` with trailing blanks trimmed; a wide character appears once.
    /// An empty string outside the screen.
    public func line(_ row: Int) -> String {
        guard (0..<rows).contains(row) else { return "" }
        return Self.text(of: cells[row * columns..<(row + 1) * columns])
    }

    /// The text of every row, top to bottom, as `line(_:)` gives it.
    public var lines: [String] {
        (0..<rows).map(line)
    }

    /// The rows joined by newlines, without the empty rows at the bottom.
    public var text: String {
        var lines = self.lines
        while lines.last?.isEmpty == true {
            lines.removeLast()
        }
        return lines.joined(separator: "\n")
    }

    static func text(of row: ArraySlice<ScreenCell>) -> String {
        var text = row.map(\.text).joined()
        while text.last == " " {
            text.removeLast()
        }
        return text
    }

    // MARK: - Resizing

    /// Changes the size the way a terminal window does, without reflowing text: rows keep
    /// their content, cut or padded with blanks at the right edge (a wide character cut in half
    /// becomes blank). When rows are removed and the cursor would fall off, the top rows scroll
    /// into `scrolledOffLines` so the cursor's row stays visible, as in xterm; otherwise rows are
    /// removed from the bottom. The cursor is clamped to the new size and a pending wrap is
    /// cancelled.
    public mutating func resize(columns newColumns: Int, rows newRows: Int) {
        let newColumns = max(newColumns, 1)
        let newRows = max(newRows, 1)
        if newRows < rows, cursorRow >= newRows {
            scrollUp(cursorRow - newRows + 1)
            cursorRow = newRows - 1
        }
        var resized: [ScreenCell] = []
        resized.reserveCapacity(newColumns * newRows)
        for row in 0..<newRows {
            guard row < rows else {
                resized.append(contentsOf: repeatElement(.blank(), count: newColumns))
                continue
            }
            if newColumns < columns {
                splitWideCharacter(row: row, atBoundary: newColumns)
            }
            let start = row * columns
            resized.append(contentsOf: cells[start..<start + min(columns, newColumns)])
            if newColumns > columns {
                resized.append(contentsOf: repeatElement(.blank(), count: newColumns - columns))
            }
        }
        cells = resized
        columns = newColumns
        rows = newRows
        cursorRow = min(cursorRow, rows - 1)
        cursorColumn = min(cursorColumn, columns - 1)
        isWrapPending = false
        lastWrittenCell = nil
    }
}

/// What DECSC (`ESC 7`) saves and DECRC (`ESC 8`) restores.
struct SavedCursor {
    var row: Int
    var column: Int
    var attributes: CellAttributes
    var isWrapPending: Bool
}
