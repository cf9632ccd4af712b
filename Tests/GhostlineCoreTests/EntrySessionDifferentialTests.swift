import Testing
@testable import GhostlineCore
import GhostlineTesting
import GhostlineTestSupport

/// The core's entry session, keys in and frames out as the terminal session runs it, and beside
/// it the plain frame-by-frame pipeline (layout and renderer) drawing the presentation the
/// session drew, each into a virtual screen of its own: whether the display appended cells or
/// drew a frame, the screens must be the same.
private struct SessionBeside {
    static let appearance = EntryAppearance(prompt: "> ", promptStyle: Style(foreground: .basic(2)),
                                            continuationPrompt: "… ", placeholder: "Type a message…")

    var session: EntrySession
    var screen: VirtualScreen
    /// Layout and renderer, frame after frame.
    var reference: ScreenHarness
    /// Every byte the session wrote, in order.
    var written: [UInt8] = []
    /// What the marks of shell integration say of the cells written, when the prompts are marked.
    var zones: MarkZones?
    /// What the zones found wrong, frame after frame.
    var markProblems: [String] = []

    /// Both ways on a clean screen, with `editor`'s entry drawn, its prompts marked for shell
    /// integration when `marksPrompts`.
    init(width: Int, height: Int, editor: Editor, appearance: EntryAppearance = Self.appearance,
         marksPrompts: Bool = false) {
        session = EntrySession(editor: editor, appearance: appearance, width: width, height: height)
        session.marksShellIntegration = marksPrompts
        if marksPrompts { zones = MarkZones() }
        let text = editor.state.text
        _ = session.startEntry(text: text, drawsEntry: true, width: width, height: height)
        screen = VirtualScreen(columns: width, rows: height)
        reference = ScreenHarness(width: width, height: height)
        drawFrame()
    }

    /// Handles `event` as a key read from the terminal; the frame waits for ``drawFrame()``.
    mutating func press(_ event: KeyEvent) {
        session.receive(keys: [event])
        while session.handleNextKey() != nil {}
    }

    /// Types `text` as one key.
    mutating func type(_ text: String) {
        press(.text(text))
    }

    /// Draws the session's frame, and its presentation the plain way; returns the session's bytes.
    @discardableResult
    mutating func drawFrame() -> [UInt8] {
        let bytes = session.frame()
        written += bytes
        reference.draw(session.presentation())
        if zones != nil {
            markProblems += zones!.feed(bytes, to: &screen, marks: reference.lastMarks)
        } else {
            screen.feed(bytes)
        }
        return bytes
    }

    /// Both screens and cursors, for a failure message.
    var disagreement: String { screen.disagreement(with: reference.screen) }

    var screensAgree: Bool { screen.agrees(with: reference.screen) }
}

/// The zones that the marks of shell integration make of what a terminal is sent, as WezTerm
/// keeps them: a prompt's mark opens a prompt zone, the input's start closes it, and each cell
/// written belongs to the zone it was written in. Fed a frame's bytes a piece between marks at a
/// time, it checks that every mark stands where the frame puts it, that the cells written in a
/// prompt zone are the frame's prompts' and those written outside none of theirs, and that
/// every frame leaves the zone of the input.
private struct MarkZones {
    /// Whether the terminal is in a prompt's zone.
    private var inPrompt = false

    /// Feeds `bytes`, which draw a frame that layout placed `marks` beside, to `screen`;
    /// returns what is wrong.
    mutating func feed(_ bytes: [UInt8], to screen: inout VirtualScreen, marks: [PromptMark]) -> [String] {
        var problems: [String] = []
        let prompts = Set(Self.promptCells(of: marks))
        let scrolledBefore = screen.scrolledOffLines.count
        let marksBefore = screen.shellIntegrationMarks.count
        let introducer = Array("\u{1B}]133;".utf8)
        var start = 0
        while start < bytes.count {
            let markStart = Self.index(of: introducer, in: bytes, from: start) ?? bytes.count
            let before = Self.cells(of: screen)
            screen.feed(bytes[start..<markStart])
            let after = Self.cells(of: screen)
            let scrolled = screen.scrolledOffLines.count != scrolledBefore
            // A cell that became blank was erased, or was the other half of a wide character
            // written over: the terminal did it, nothing was written there.
            for index in before.indices where before[index] != after[index] && after[index].text != " " {
                let cell = Cell(row: index / screen.columns, column: index % screen.columns)
                if inPrompt && !prompts.contains(cell) {
                    problems.append("\(cell) written in a prompt's zone is no prompt's")
                } else if !inPrompt && !scrolled && prompts.contains(cell) {
                    problems.append("prompt cell \(cell) written outside a prompt's zone")
                }
            }
            guard markStart < bytes.count, let end = bytes[markStart...].firstIndex(of: 0x07) else { break }
            screen.feed(bytes[markStart...end])
            inPrompt = bytes[markStart + introducer.count] != UInt8(ascii: "B")
            start = end + 1
        }
        if inPrompt { problems.append("the frame ends in a prompt's zone") }
        let expected = Set(marks.map { "\($0.row),\($0.column):\(Self.command(of: $0.kind))" })
        for mark in screen.shellIntegrationMarks.dropFirst(marksBefore) where !expected.contains(mark.description) {
            problems.append("mark \(mark) is none of the frame's \(expected.sorted())")
        }
        return problems
    }

    private struct Cell: Hashable, CustomStringConvertible {
        var row: Int
        var column: Int
        var description: String { "\(row),\(column)" }
    }

    /// The cells between each prompt's mark and the input's start after it.
    private static func promptCells(of marks: [PromptMark]) -> [Cell] {
        var cells: [Cell] = []
        var open: PromptMark?
        for mark in marks {
            if mark.kind != .inputStart {
                open = mark
            } else if let start = open, start.row == mark.row {
                cells += (start.column..<mark.column).map { Cell(row: mark.row, column: $0) }
                open = nil
            }
        }
        return cells
    }

    private static func command(of kind: PromptMark.Kind) -> String {
        switch kind {
        case .promptStart: "A;redraw=0"
        case .continuationPromptStart: "A;k=s;redraw=0"
        case .rightPromptStart: "P;k=r"
        case .inputStart: "B"
        }
    }

    private static func cells(of screen: VirtualScreen) -> [ScreenCell] {
        (0..<screen.rows).flatMap { row in (0..<screen.columns).map { screen[row, $0] } }
    }

    private static func index(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard start + needle.count <= bytes.count else { return nil }
        return (start...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}

/// Random editing through the entry session against the frame pipeline: wide characters,
/// combining marks, wrapping, multi-line, scrolling, suggestions, listings, highlighted and
/// secret text, compared after every read.
@Suite struct EntrySessionDifferentialTests {

    /// Two lone regional indicators with a zero-width format character between them, which
    /// takes no cell: written side by side they would pair into one flag on the terminal, and
    /// the right prompt drawn after them in a fresh frame would land two columns early.
    @Test(arguments: [["\u{1F1F7}", "\u{202B}", "\u{1F1F7}"], ["\u{1F1F7}\u{202B}\u{1F1F7}"], ["\u{1F1F7}\u{200B}\u{1F1F8}"]])
    func loneRegionalIndicatorsApartByAFormatCharacterStayApart(keys: [String]) {
        var appearance = SessionBeside.appearance
        appearance.chrome.rightPrompt = "[main]"
        var both = SessionBeside(width: 32, height: 8, editor: Editor(), appearance: appearance)
        for key in keys {
            both.press(.text(key))
            both.drawFrame()
        }
        var fresh = ScreenHarness(width: 32, height: 8)
        fresh.draw(both.session.presentation())
        let agrees = both.screen.agrees(with: fresh.screen)
        #expect(agrees, "\(both.screen.disagreement(with: fresh.screen))")
        #expect(both.screensAgree, "\(both.disagreement)")
        #expect(fresh.screen[0, 25].text == "[", "the right prompt one column short of the edge")
        #expect(fresh.screen[0, 4].text.unicodeScalars.first == keys.joined().unicodeScalars.last)
    }

    /// Typing that mostly follows the suggestion, with other keys now and then, at sizes where
    /// the suggestion wraps: the screen must be the frame pipeline's at every step.
    @Test(arguments: [(80, 24), (20, 6), (9, 4)])
    func typingAlongSuggestionsLeavesTheScreenAFramePipelineLeaves(width: Int, height: Int) {
        var random = SplitMix64(seed: UInt64(width * 31 + height))
        let entries = ["make test --filter DisplayTests", "git commit -m 'the room'", "swift build -c release"]
        let editor = Editor(history: History(entries: entries))
        var both = SessionBeside(width: width, height: height, editor: editor)
        var echoed = 0
        for step in 0..<1_500 {
            let roll = random.next() % 20
            if roll == 0 {
                both.press(.control("u"))
            } else if roll == 1 {
                both.press(.key(.backspace))
            } else if roll < 4 {
                both.type(String(Character(UnicodeScalar(UInt8(0x61 + random.next() % 26)))))
            } else if let next = both.session.editor.suggestionSuffix?.first {
                both.type(String(next))
            } else if both.session.editor.state.isEmpty {
                both.type(String(entries[Int(random.next() % 3)].first!))
            } else {
                both.type(" ")
            }
            let bytes = both.drawFrame()
            if bytes.count == 1 { echoed += 1 }
            guard both.screensAgree else {
                Issue.record("step \(step): \(both.disagreement)")
                return
            }
        }
        #expect(echoed > 300, "keys echoed alone \(echoed) times")
    }


    /// Typing that follows suggestions with wide characters, emoji and combining marks at sizes
    /// where they wrap and reach the margin, with keys off them now and then: the screen, cell
    /// by cell with its attributes, must be the frame pipeline's at every step. With
    /// `isChanging` an app's suggestion function suggests another rest after each key, which
    /// may begin with the very character typed.
    @Test(arguments: [(80, 24, false), (10, 5, false), (9, 4, false), (7, 3, false), (4, 3, false), (80, 24, true),
                      (9, 4, true)])
    func typingAlongWideSuggestionsLeavesTheScreenAFramePipelineLeaves(width: Int, height: Int, isChanging: Bool) {
        var random = SplitMix64(seed: UInt64(width * 131 + height))
        let entries = ["中文 text 中文字", "ab中cd👍ef", "café\u{301} au lait", "x 👍👍 y 中", "say \"中文\" ok"]
        var editor = Editor(history: History(entries: entries))
        if isChanging {
            editor.suggestion = { context in context.text.isEmpty ? nil : context.text + (context.text.utf8.count % 2 == 0 ? "中文 ab" : "中x ab") }
        }
        editor.highlighter = QuoteHighlighter()
        var both = SessionBeside(width: width, height: height, editor: editor)
        var echoedAlong = 0
        for step in 0..<2_000 {
            let suggested = both.session.editor.suggestionSuffix
            let roll = random.next() % 25
            var typed: String?
            if roll == 0 {
                both.press(.control("u"))
            } else if roll == 1 {
                both.press(.key(.backspace))
            } else if roll < 4 {
                typed = ["中", "a", " ", "👍", "\u{301}", "x"][Int(random.next() % 6)]
            } else if let next = suggested?.first {
                typed = String(next)
            } else if both.session.editor.state.isEmpty {
                typed = String(entries[Int(random.next() % UInt64(entries.count))].first!)
            } else {
                typed = " "
            }
            if let typed { both.type(typed) }
            let bytes = both.drawFrame()
            if let typed, suggested?.hasPrefix(typed) == true, bytes == Array(typed.utf8) { echoedAlong += 1 }
            guard both.screensAgree else {
                Issue.record("step \(step): \(both.disagreement)")
                return
            }
        }
        // A suggestion that changes after each key leaves few keys to echo alone.
        if !isChanging { #expect(echoedAlong > 200, "keys along a suggestion echoed alone \(echoedAlong) times") }
    }


    /// A multi-line editor with history (so suggestions come and go) and completions (so listings do).
    private static func randomlyEditedEditor() -> Editor {
        var editor = Editor(history: History(entries: ["hello world", "make test", "中文 text"]))
        editor.isMultiline = true
        editor.completion = { _ in ["alpha", "alps", "beta"] }
        return editor
    }

    /// Keys that move, delete, break lines, search, complete, or add what is not plain ASCII.
    private static let keysOtherThanTyping: [KeyEvent] = [
        .key(.backspace), .key(.left), .key(.end), .key(.enter), .key(.up), .key(.down), .key(.tab), .control("r"),
        .control("g"), .control("w"), .text("中"), .text("\u{301}"), .text("👍"), .text("\u{600}"), .paste("pasted\ntext"),
        .key(.right),
    ]

    /// Editing keys at random, typing most of the time as a user does, drawn after each read of
    /// one to three keys: the display's screen must be the frame-by-frame pipeline's at every step.
    @Test(arguments: [(80, 24), (20, 6), (9, 4), (3, 4), (41, 3)])
    func randomEditingLeavesTheScreenAFramePipelineLeaves(width: Int, height: Int) {
        var random = SplitMix64(seed: UInt64(width * 7_919 + height))
        var both = SessionBeside(width: width, height: height, editor: Self.randomlyEditedEditor())
        guard let echoed = Self.editRandomly(&both, pressing: Self.keysOtherThanTyping, using: &random) else { return }
        if width > 3 { #expect(echoed > 100, "the short cut was taken \(echoed) times") }
    }

    /// Random editing with chrome around the entry: a right prompt, a toolbar of two rows, and
    /// a validator that refuses every entry with a message whose rows change with the text. The
    /// screen must be the frame pipeline's at every step, and typing with regions below and a
    /// right prompt beside still costs only its own cells most of the time.
    @Test(arguments: [(80, 24), (20, 6), (9, 4), (3, 4), (41, 3)])
    func randomEditingWithChromeLeavesTheScreenAFramePipelineLeaves(width: Int, height: Int) {
        var random = SplitMix64(seed: UInt64(width * 613 + height))
        var editor = Editor(history: History(entries: ["hello world", "make test", "中文 text"]))
        editor.completion = { _ in ["alpha", "alps", "beta"] }
        editor.validator = { text in .refused(message: "refused:\n" + String(repeating: "x", count: text.utf8.count % 7)) }
        var appearance = SessionBeside.appearance
        appearance.chrome.toolbar = "F1 help · 中文 toolbar\nsecond row"
        if width != 41 { appearance.chrome.rightPrompt = "[main]" }
        var both = SessionBeside(width: width, height: height, editor: editor, appearance: appearance)
        let keys = Self.keysOtherThanTyping + [.key(.enter), .key(.enter)]
        guard let echoed = Self.editRandomly(&both, pressing: keys, using: &random) else { return }
        if width > 3 { #expect(echoed > 100, "the short cut was taken \(echoed) times") }
    }

    /// Random editing of a multi-line entry with a right prompt, its prompts marked for shell
    /// integration: the screen must be the frame pipeline's, every mark where the frame puts it,
    /// the prompts' cells written inside their marks and nothing else there, and each frame must
    /// leave the terminal in the input's zone.
    @Test(arguments: [(40, 8), (20, 6), (9, 4)])
    func randomEditingWithMarkedPromptsKeepsEveryMarkOnItsCells(width: Int, height: Int) {
        var random = SplitMix64(seed: UInt64(width * 977 + height))
        var appearance = SessionBeside.appearance
        appearance.chrome.rightPrompt = "[main]"
        var both = SessionBeside(width: width, height: height, editor: Self.randomlyEditedEditor(),
                                 appearance: appearance, marksPrompts: true)
        guard Self.editRandomly(&both, pressing: Self.keysOtherThanTyping, using: &random, steps: 600) != nil else { return }
        #expect(both.markProblems.isEmpty, "\(both.markProblems.prefix(5))")
        let marks = both.screen.shellIntegrationMarks.map(\.command)
        #expect(marks.contains("A;k=s;redraw=0") && marks.contains("B") && marks.first == "A;redraw=0")
        if width > 9 { #expect(marks.contains("P;k=r")) }
    }

    /// `steps` (1,500) reads of one to three keys, printable ASCII seven times in ten and one of `others`
    /// else, each drawn both ways: how many of the draws wrote just the typed bytes, or nil
    /// (with the issue recorded) at the first step where the screens disagree.
    private static func editRandomly(_ both: inout SessionBeside, pressing others: [KeyEvent],
                                     using random: inout SplitMix64, steps: Int = 1_500) -> Int? {
        var echoed = 0
        for step in 0..<steps {
            let before = both.session.editor.state.text
            for _ in 0...(random.next() % 3) {
                if random.next() % 10 < 7 {
                    both.press(.text(String(UnicodeScalar(UInt8(0x20 + random.next() % 95)))))
                } else {
                    both.press(others[Int(random.next() % UInt64(others.count))])
                }
            }
            let bytes = both.drawFrame()
            let after = both.session.editor.state.text
            if !bytes.isEmpty, after.utf8.count > before.utf8.count, after.hasPrefix(before),
               bytes == Array(after.utf8.dropFirst(before.utf8.count)) {
                echoed += 1
            }
            guard both.screensAgree else {
                Issue.record("step \(step): \(both.disagreement)")
                return nil
            }
        }
        return echoed
    }

    /// Lines typed at the end of a multi-line entry, as most multi-line typing is, with a key now
    /// and then that moves up, deletes or pastes: line breaks are appended and the screen scrolls,
    /// and the frames after them must scroll from where the screen is.
    @Test(arguments: [(80, 24), (20, 6), (9, 4), (5, 3)])
    func typingLinesAtTheEndLeavesTheScreenAFramePipelineLeaves(width: Int, height: Int) {
        var random = SplitMix64(seed: UInt64(width * 31 + height))
        var editor = Editor()
        editor.isMultiline = true
        // Plain prompts, so that a line break appended is known by its bytes.
        var plain = SessionBeside.appearance
        plain.promptStyle = .plain
        var both = SessionBeside(width: width, height: height, editor: editor, appearance: plain)
        let occasional: [KeyEvent] = [.key(.up), .key(.backspace), .key(.down), .paste("a\nb"), .key(.end), .control("e")]
        var lineBreaksAppended = 0
        for step in 0..<1_200 {
            let roll = random.next() % 100
            if roll < 12 {
                both.press(.key(.enter))
            } else if roll < 16 {
                both.press(occasional[Int(random.next() % UInt64(occasional.count))])
            } else {
                both.press(.text(String(UnicodeScalar(UInt8(0x20 + random.next() % 95)))))
            }
            if both.drawFrame().starts(with: Array("\r\n… ".utf8)) { lineBreaksAppended += 1 }
            guard both.screensAgree else {
                Issue.record("step \(step): \(both.disagreement)")
                return
            }
        }
        #expect(lineBreaksAppended > 50, "line breaks appended \(lineBreaksAppended) times")
    }

    /// Random editing of a highlighted entry or a secret one, one to three keys per draw: the
    /// screen must be the frame pipeline's, styles and all, and, while the entry fits, what a
    /// fresh layout draws on a clean screen; a secret's characters never reach the terminal.
    /// Typing at the end must still cost only its own cells, most of the time: the mask's, or
    /// the characters in their spans' styles.
    @Test(arguments: [(80, 24, false), (20, 6, false), (9, 4, false), (3, 4, false), (41, 3, true), (9, 4, true),
                      (20, 6, true)])
    func randomEditingOfHighlightedOrSecretTextLeavesTheScreenAFramePipelineLeaves(width: Int, height: Int,
                                                                                   isSecret: Bool) {
        var random = SplitMix64(seed: UInt64(width * 613 + height))
        var editor = Self.randomlyEditedEditor()
        editor.highlighter = QuoteAndLetHighlighter()
        editor.isSecret = isSecret
        var both = SessionBeside(width: width, height: height, editor: editor)
        let others = Self.keysOtherThanTyping + [.text("\""), .text("let "), .control("t"), .control("y"), .control("_")]
        // Letters that no escape sequence the renderer writes contains, nor the prompts and
        // the placeholder.
        let telltales = Array("qwxzj".utf8)
        var sawStyledCell = false
        var appendedAlone = 0
        for step in 0..<800 {
            let before = both.session.editor.state.text
            var typed = ""
            var onlyTyped = true
            for _ in 0...(random.next() % 3) {
                if random.next() % 10 < 7 {
                    let key = String(UnicodeScalar(UInt8(0x20 + random.next() % 95)))
                    typed += key
                    both.press(.text(key))
                } else {
                    onlyTyped = false
                    both.press(others[Int(random.next() % UInt64(others.count))])
                }
            }
            let checked = both.written.count
            let bytes = both.drawFrame()
            if onlyTyped && both.session.editor.state.text == before + typed
                && bytes == Array((isSecret ? String(repeating: "•", count: typed.count) : typed).utf8) {
                appendedAlone += 1
            }
            if both.session.editor.state.text.utf8.count > 60 {
                both.session.editor.setText("")
                both.drawFrame()
            }
            guard both.screensAgree else {
                Issue.record("step \(step): \(both.disagreement)")
                return
            }
            if isSecret, let leak = both.written[checked...].first(where: telltales.contains) {
                Issue.record("step \(step): \(Character(UnicodeScalar(leak))) reached the terminal")
                return
            }
            let fresh = ScreenHarness.fresh(both.session.presentation(), width: width, height: height)
            if fresh.cursorRow < height - 1, fresh.line(height - 1).isEmpty, fresh.scrolledOffLines.isEmpty {
                guard both.screen.grid == fresh.grid else {
                    Issue.record("step \(step): \(both.screen.lines) vs fresh \(fresh.lines)")
                    return
                }
            }
            if !isSecret && both.screen.grid.joined().contains(where: \.attributes.isBold) { sawStyledCell = true }
        }
        if !isSecret { #expect(sawStyledCell, "keywords were highlighted") }
        if width > 3 { #expect(appendedAlone > 50, "typing cost only its own cells \(appendedAlone) times") }
    }}
