import GhostlineCore
import GhostlineTesting
import GhostlineTestSupport

/// Drives layout and renderer into a virtual screen, the way the terminal session does.
struct ScreenHarness {
    var layout = Layout()
    var renderer = Renderer()
    var screen: VirtualScreen
    let width: Int
    let height: Int
    /// Rows the shell had printed before the prompt, which the editor must never touch.
    let firstRow: Int
    var lastBytes: [UInt8] = []
    var lastFrame: Frame?
    /// The marks of shell integration layout placed beside the last frame.
    var lastMarks: [PromptMark] = []

    init(width: Int, height: Int = 24, firstRow: Int = 0) {
        self.width = width
        self.height = height
        self.firstRow = firstRow
        screen = VirtualScreen(columns: width, rows: height)
        for row in 0..<firstRow {
            screen.feed("shell output \(row)\r\n")
        }
    }

    @discardableResult
    mutating func draw(_ presentation: Presentation) -> [UInt8] {
        let frame = layout.frame(for: presentation, width: width, height: height)
        lastFrame = frame
        lastMarks = layout.promptMarks
        lastBytes = renderer.render(frame, marks: lastMarks, screenRows: height)
        screen.feed(lastBytes)
        return lastBytes
    }

    @discardableResult
    mutating func draw(text: String, cursor: TextPosition? = nil, prompt: StyledText = "> ",
                       placeholder: StyledText? = nil, suggestion: StyledText? = nil) -> [UInt8] {
        var state = EditorState(text: text)
        if let cursor { state.cursor = cursor }
        return draw(Presentation(state: state, prompt: prompt, continuationPrompt: "… ", placeholder: placeholder,
                                 suggestion: suggestion))
    }

    /// What a fresh renderer draws for the same presentation on a clean screen: the reference
    /// that incremental drawing must reach.
    static func fresh(_ presentation: Presentation, width: Int, height: Int) -> VirtualScreen {
        var harness = ScreenHarness(width: width, height: height)
        harness.draw(presentation)
        return harness.screen
    }

    /// What a fresh renderer draws for the last frame on a clean screen.
    func freshDrawOfLastFrame() -> VirtualScreen {
        var renderer = Renderer()
        var screen = VirtualScreen(columns: width, rows: height)
        if let lastFrame { screen.feed(renderer.render(lastFrame, marks: lastMarks, screenRows: height)) }
        return screen
    }
}

extension VirtualScreen {
    /// Every cell's text and attributes, row by row, for comparing two screens.
    var grid: [[ScreenCell]] {
        (0..<rows).map { row in (0..<columns).map { self[row, $0] } }
    }

    /// Whether this screen shows what `other` shows, cells and cursor.
    func agrees(with other: VirtualScreen) -> Bool {
        grid == other.grid && cursorRow == other.cursorRow && cursorColumn == other.cursorColumn
    }

    /// Both screens and cursors, for a failure message.
    func disagreement(with other: VirtualScreen) -> String {
        "\(lines) vs \(other.lines), cursor \(cursorRow),\(cursorColumn) vs \(other.cursorRow),\(other.cursorColumn)"
    }
}

let gray = CellAttributes(foreground: .basic(8))
