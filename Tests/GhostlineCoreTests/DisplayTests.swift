import Testing
@testable import GhostlineCore
import GhostlineTesting
import GhostlineTestSupport

/// A display and, beside it, the plain frame-by-frame pipeline (layout and renderer), each
/// drawing into a virtual screen of its own: whether the display appended cells or drew a frame,
/// the screens must be the same.
private struct DisplayBeside {
    var display = Display()
    var screen: VirtualScreen
    /// Layout and renderer, frame after frame.
    var reference: ScreenHarness

    /// Every byte the display wrote, in order.
    var written: [UInt8] = []

    /// Both ways on a clean screen, with `first` drawn.
    init(width: Int, height: Int, first: Presentation) {
        screen = VirtualScreen(columns: width, rows: height)
        reference = ScreenHarness(width: width, height: height)
        draw(first)
    }

    /// Draws `presentation` both ways; returns the display's bytes.
    @discardableResult
    mutating func draw(_ presentation: Presentation) -> [UInt8] {
        let bytes = display.draw(presentation, width: reference.width, height: reference.height)
        screen.feed(bytes)
        written += bytes
        reference.draw(presentation)
        return bytes
    }

    /// Both screens and cursors, for a failure message.
    var disagreement: String { screen.disagreement(with: reference.screen) }

    var screensAgree: Bool { screen.agrees(with: reference.screen) }
}

@Suite struct DisplayTests {
    private static let prompt = StyledText("> ", style: Style(foreground: .basic(2)))
    private static let placeholder = StyledText("Type a message…", style: .placeholder)

    private static func presentation(_ editor: Editor, prompt: StyledText = prompt,
                                     continuationPrompt: StyledText = "… ") -> Presentation {
        editor.presentation(prompt: prompt, continuationPrompt: continuationPrompt, placeholder: placeholder)
    }

    @Test func typingAtTheEndOfALineWritesOnlyTheTypedCharacters() {
        var editor = Editor()
        var both = DisplayBeside(width: 20, height: 5, first: Self.presentation(editor))
        editor.type("h")
        both.draw(Self.presentation(editor))
        for character in "ello, w" {
            editor.type(String(character))
            #expect(both.draw(Self.presentation(editor)) == Array(String(character).utf8))
        }
        #expect(both.screen.line(0) == "> hello, w")
        #expect(both.screensAgree)
    }

    @Test func keysReadTogetherAreEchoedTogether() {
        var editor = Editor(text: "abc")
        var both = DisplayBeside(width: 20, height: 5, first: Self.presentation(editor))
        editor.type("def")
        #expect(both.draw(Self.presentation(editor)) == Array("def".utf8))
        #expect(both.screensAgree)
    }

    @Test func aCharacterReachingTheMarginIsEchoedWithTheMoveToTheNextRow() {
        // "> " and 16 characters fill 18 of 20 columns; the 20th column's character leaves the
        // cursor at the start of the next row, as a frame does.
        var editor = Editor(text: String(repeating: "a", count: 16))
        var both = DisplayBeside(width: 20, height: 5, first: Self.presentation(editor))
        editor.type("b")
        #expect(both.draw(Self.presentation(editor)) == Array("b".utf8))
        editor.type("c")
        #expect(both.draw(Self.presentation(editor)) == Array("c\r\n".utf8))
        #expect(both.screensAgree)
        #expect(both.screen.cursorRow == 1 && both.screen.cursorColumn == 0)
        editor.type("d")
        #expect(both.draw(Self.presentation(editor)) == Array("d".utf8), "the next row is echoed again")
        #expect(both.screensAgree)
    }

    private static func multilineEditor(_ text: String) -> Editor {
        var editor = Editor(text: text)
        editor.isMultiline = true
        return editor
    }

    @Test func enterAtTheEndOfTheTextStartsARowWithTheContinuationPrompt() {
        var editor = Self.multilineEditor("abc")
        var both = DisplayBeside(width: 20, height: 5, first: Self.presentation(editor))
        editor.press(.key(.enter))
        #expect(both.draw(Self.presentation(editor)) == Array("\r\n… ".utf8))
        editor.type("d")
        #expect(both.draw(Self.presentation(editor)) == Array("d".utf8))
        #expect(both.screen.lines.prefix(2) == ["> abc", "… d"])
        #expect(both.screensAgree)
    }

    @Test func enterAtTheMarginStartsTheLineOnTheCursorsRow() {
        // The cursor already waits on the row below a full one: the new line starts there.
        var editor = Self.multilineEditor(String(repeating: "a", count: 18))
        var both = DisplayBeside(width: 20, height: 5, first: Self.presentation(editor))
        #expect(both.screen.cursorRow == 1)
        editor.press(.key(.enter))
        #expect(both.draw(Self.presentation(editor)) == Array("… ".utf8))
        #expect(both.screen.lines.prefix(2) == ["> " + String(repeating: "a", count: 18), "…"])
        #expect(both.screensAgree)
    }

    @Test func linesTypedOnAFullScreenScrollItAsFramesWould() {
        var editor = Self.multilineEditor((1...6).map { "line \($0)" }.joined(separator: "\n"))
        var both = DisplayBeside(width: 12, height: 4, first: Self.presentation(editor))
        for line in ["seven", "eight and more text", "nine"] {
            editor.press(.key(.enter))
            #expect(both.draw(Self.presentation(editor)) == Array("\r\n… ".utf8), "the terminal's line feed scrolls")
            #expect(both.screensAgree)
            for character in line {
                editor.type(String(character))
                both.draw(Self.presentation(editor))
            }
            #expect(both.screensAgree)
        }
        // A frame after the echoes scrolls from where the screen is.
        editor.press(.key(.up), .key(.up))
        both.draw(Self.presentation(editor))
        #expect(both.screensAgree)
        editor.press(.key(.up), .key(.up), .key(.up))
        both.draw(Self.presentation(editor))
        #expect(both.screensAgree)
    }

    @Test func enterInsideTheTextIsDrawnAsAFrame() {
        var editor = Self.multilineEditor("abc\ndef")
        editor.press(.key(.up))
        var both = DisplayBeside(width: 20, height: 5, first: Self.presentation(editor))
        editor.press(.key(.end), .key(.enter))
        #expect(both.draw(Self.presentation(editor)) != Array("\r\n… ".utf8))
        #expect(both.screen.lines.prefix(3) == ["> abc", "…", "… def"])
        #expect(both.screensAgree)
    }

    @Test func aPasteOfManyLinesIsDrawnAsAFrame() {
        var editor = Self.multilineEditor("abc")
        var both = DisplayBeside(width: 20, height: 5, first: Self.presentation(editor))
        _ = editor.handle(.paste((1...30).map { "pasted \($0)" }.joined(separator: "\n")))
        let bytes = both.draw(Self.presentation(editor))
        #expect(bytes.count < 200, "the last rows drawn, not every pasted line echoed")
        #expect(both.screensAgree)
    }

    @Test func aCharacterThatCouldJoinThePreviousOneIsDrawnAsAFrame() {
        // U+0600 is a prepended concatenation mark: the letter after it joins its cluster.
        var editor = Editor(text: "ab\u{600}")
        var both = DisplayBeside(width: 20, height: 5, first: Self.presentation(editor))
        editor.type("x")
        both.draw(Self.presentation(editor))
        #expect(both.screensAgree)
    }

    /// A suggestion that appears, changes or goes after a typed key rewrites the cursor's row
    /// from the cursor on, when it fits there: the typed character first, where the cursor was.
    @Test func aSuggestionThatAppearsChangesOrGoesRewritesTheRowAfterTheCursor() {
        var editor = Editor(history: History(entries: ["gxb", "git status"]))
        editor.suggestion = { context in context.text == "gx" ? "gxabc" : context.history.suggestion(for: context.text) }
        var both = DisplayBeside(width: 30, height: 6, first: Self.presentation(editor))
        editor.type("g")
        let appeared = both.draw(Self.presentation(editor))
        // The placeholder was longer than the suggestion: the rest of the row is erased.
        #expect(appeared == Array("g\u{1B}[90mit status\u{1B}[0m\u{1B}[K\u{1B}[9D".utf8),
                "\(String(decoding: appeared, as: UTF8.self).debugDescription)")
        #expect(both.screensAgree, "\(both.disagreement)")
        #expect(both.screen.line(0) == "> git status")
        editor.type("x")
        let changed = both.draw(Self.presentation(editor))
        #expect(changed.starts(with: Array("x".utf8)), "\(String(decoding: changed, as: UTF8.self).debugDescription)")
        #expect(both.screensAgree, "\(both.disagreement)")
        #expect(both.screen.line(0) == "> gxabc")
        editor.type("y")
        #expect(both.draw(Self.presentation(editor)) == Array("y\u{1B}[K".utf8), "the rest of the row erased")
        #expect(both.screensAgree, "\(both.disagreement)")
        #expect(both.screen.line(0) == "> gxy")
    }

    /// A suggestion too long for the rest of the row, and one that wraps, are drawn in a frame.
    @Test(arguments: [12, 13, 14, 15])
    func aSuggestionThatDoesNotFitTheRowLeavesTheScreenAFrameLeaves(width: Int) {
        var editor = Editor(history: History(entries: ["git status --short"]))
        var both = DisplayBeside(width: width, height: 6, first: Self.presentation(editor))
        for character in "gi" {
            editor.type(String(character))
            both.draw(Self.presentation(editor))
            #expect(both.screensAgree, "\(character): \(both.disagreement)")
        }
    }

    @Test func anAppearingSuggestionOrFooterIsDrawn() {
        var editor = Editor(history: History(entries: ["git status"]))
        var both = DisplayBeside(width: 30, height: 6, first: Self.presentation(editor))
        editor.type("g")
        both.draw(Self.presentation(editor))
        #expect(both.screen.line(0) == "> git status", "the suggestion shows")
        editor.type("x")
        both.draw(Self.presentation(editor))
        #expect(both.screen.line(0) == "> gx", "the suggestion is gone")
        editor.completion = { _ in ["gxa", "gxb"] }
        editor.press(.key(.tab), .key(.tab))
        both.draw(Self.presentation(editor))
        editor.type("y")
        both.draw(Self.presentation(editor))
        #expect(both.screensAgree)
        #expect(both.screen.line(1) == "", "the completion listing is erased")
    }

    @Test func aChangedPromptIsDrawnAsAFrame() {
        var editor = Editor(text: "abc")
        var both = DisplayBeside(width: 30, height: 6, first: Self.presentation(editor))
        editor.type("d")
        both.draw(Self.presentation(editor, prompt: "$ "))
        #expect(both.screen.line(0) == "$ abcd")
        #expect(both.screensAgree)
    }

    @Test func aChangedContinuationPromptIsDrawnAsAFrame() {
        var editor = Self.multilineEditor("abc\nde")
        var both = DisplayBeside(width: 30, height: 6, first: Self.presentation(editor))
        editor.type("f")
        both.draw(Self.presentation(editor, continuationPrompt: "| "))
        #expect(both.screen.lines.prefix(2) == ["> abc", "| def"])
        #expect(both.screensAgree)
        editor.type("g")
        #expect(both.draw(Self.presentation(editor, continuationPrompt: "| ")) == Array("g".utf8),
                "the new continuation prompt is the one kept")
        #expect(both.screensAgree)
    }

    @Test func appendsOfSeveralRowsAndOfOneRowFollowEachOther() {
        // "> " and 8 columns a row: a key read with 20 others takes three rows, the next key one,
        // then a second read of many rows again, each appended as a frame would draw it.
        var editor = Editor(text: "ab")
        var both = DisplayBeside(width: 10, height: 8, first: Self.presentation(editor))
        for (index, read) in ["cdefghijklmnopqrstuvw", "x", "ABCDEFGHIJKLMNOPQRS", "y", "z"].enumerated() {
            _ = editor.handle(.text(read))
            let bytes = both.draw(Self.presentation(editor))
            #expect(bytes.filter { $0 == 0x1B }.isEmpty, "read \(index) appended without a move or style")
            #expect(both.screensAgree, "read \(index): \(both.disagreement)")
        }
        #expect(both.screen.line(0) == "> abcdefgh")
        #expect(editor.state.text == "abcdefghijklmnopqrstuvwxABCDEFGHIJKLMNOPQRSyz")
    }

    @Test func typingTheSuggestionsNextCharactersWritesOnlyThem() {
        var editor = Editor(history: History(entries: ["make test --verbose"]))
        var both = DisplayBeside(width: 30, height: 5, first: Self.presentation(editor))
        editor.type("m")
        both.draw(Self.presentation(editor))
        #expect(both.screen.line(0) == "> make test --verbose")
        for character in "ake test" {
            editor.type(String(character))
            #expect(both.draw(Self.presentation(editor)) == Array(String(character).utf8), "\(character)")
            #expect(both.screensAgree, "\(character): \(both.disagreement)")
        }
        editor.type("!")
        both.draw(Self.presentation(editor))
        #expect(both.screensAgree, "a key off the suggestion redraws the rest of the row")
        #expect(both.screen.line(0) == "> make test!")
    }

    @Test func typingTheWholeSuggestionThenAppendsAgain() {
        var editor = Editor(history: History(entries: ["go"]))
        var both = DisplayBeside(width: 20, height: 5, first: Self.presentation(editor))
        editor.type("g")
        both.draw(Self.presentation(editor))
        editor.type("o")
        #expect(both.draw(Self.presentation(editor)) == Array("o".utf8))
        #expect(both.screensAgree)
        editor.type("!")
        #expect(both.draw(Self.presentation(editor)) == Array("!".utf8), "with the suggestion used up, appended")
        #expect(both.screensAgree)
    }

    @Test func aSuggestionThatChangesIsDrawnAnew() {
        // A suggestion function of the app's own may suggest anything after any key.
        var editor = Editor()
        editor.suggestion = { context in context.text == "a" ? "abc" : context.text == "ab" ? "abxyz" : nil }
        var both = DisplayBeside(width: 30, height: 5, first: Self.presentation(editor))
        editor.type("a")
        both.draw(Self.presentation(editor))
        editor.type("b")
        let bytes = both.draw(Self.presentation(editor))
        #expect(bytes != Array("b".utf8))
        #expect(both.screensAgree, "\(both.disagreement)")
        #expect(both.screen.line(0) == "> abxyz")
    }

    /// The rest of a suggestion stays on screen only when it is the same bytes: a rest as long
    /// but of other characters draws a frame, and so does one of the same characters with their
    /// marks in another order, which Swift's `==` calls equal.
    @Test(arguments: ["abxyzwv", "abx\u{316}\u{301}"])
    func aRestThatIsNotTheSameBytesIsDrawnAsAFrame(next: String) {
        #expect("x\u{301}\u{316}" == "x\u{316}\u{301}", "canonically equal")
        var editor = Editor()
        editor.suggestion = { context in context.text == "a" ? "abx\u{301}\u{316}" : context.text == "ab" ? next : nil }
        var both = DisplayBeside(width: 30, height: 5, first: Self.presentation(editor))
        editor.type("a")
        both.draw(Self.presentation(editor))
        editor.type("b")
        let bytes = both.draw(Self.presentation(editor))
        #expect(bytes != Array("b".utf8), "the rest is drawn anew")
        #expect(both.screensAgree, "\(both.disagreement)")
    }

    @Test func typingWideCharactersAlongASuggestionWritesOnlyThem() {
        var editor = Editor(history: History(entries: ["中文 text 👍 done"]))
        var both = DisplayBeside(width: 30, height: 5, first: Self.presentation(editor))
        editor.type("中")
        both.draw(Self.presentation(editor))
        #expect(both.screen.line(0) == "> 中文 text 👍 done")
        for character in "文 text 👍" {
            editor.type(String(character))
            #expect(both.draw(Self.presentation(editor)) == Array(String(character).utf8), "\(character)")
            #expect(both.screensAgree, "\(character): \(both.disagreement)")
        }
    }

    @Test func typingOffASuggestionOverCellsOfTheSameWidthDrawsAFrame() {
        var editor = Editor(history: History(entries: ["make test"]))
        var both = DisplayBeside(width: 30, height: 5, first: Self.presentation(editor))
        editor.type("m")
        both.draw(Self.presentation(editor))
        editor.type("x")
        let bytes = both.draw(Self.presentation(editor))
        #expect(bytes != Array("x".utf8), "the rest of the suggestion is erased")
        #expect(both.screensAgree, "\(both.disagreement)")
        #expect(both.screen.line(0) == "> mx")
    }

    @Test func aSuggestionThatWrapsDifferentlyOnceTypedDrawsAFrame() {
        // "> " and 7 characters leave one column, where the suggestion's "文" does not fit: the
        // suggestion starts it on the next row, the text as typed ends the row with the margin.
        var editor = Editor(history: History(entries: ["abcdefga文b"]))
        var both = DisplayBeside(width: 10, height: 5, first: Self.presentation(editor))
        for character in "abcdefga文b" {
            editor.type(String(character))
            both.draw(Self.presentation(editor))
            #expect(both.screensAgree, "\(character): \(both.disagreement)")
        }
    }

    @Test func aWideCharacterThatDoesNotFitStartsTheNextRow() {
        // "> " and 17 characters leave one column: "中" needs two, so it starts the next row.
        var editor = Editor(text: String(repeating: "a", count: 17))
        var both = DisplayBeside(width: 20, height: 5, first: Self.presentation(editor))
        editor.type("中")
        both.draw(Self.presentation(editor))
        #expect(both.screensAgree, "\(both.disagreement)")
        #expect(both.screen.line(1) == "中")
        editor.type("文")
        #expect(both.draw(Self.presentation(editor)) == Array("文".utf8))
        #expect(both.screensAgree, "\(both.disagreement)")
    }

    @Test func aCharacterWiderThanTheTerminalIsAppendedAsTheFrameDrawsIt() {
        var editor = Editor(text: "a")
        var both = DisplayBeside(width: 3, height: 4, first: Self.presentation(editor))
        for text in ["中", "\u{1B}", "b", "👍"] {
            editor.type(text)
            both.draw(Self.presentation(editor))
            #expect(both.screensAgree, "\(text.debugDescription): \(both.disagreement)")
        }
    }

    @Test func anEditTheScreenDoesNotShowIsDrawnAsAFrame() {
        var editor = Editor(text: "abc")
        var both = DisplayBeside(width: 20, height: 5, first: Self.presentation(editor))
        editor.press(.key(.backspace))
        editor.type("x")
        // Not "x" alone: the screen still shows "c" where "x" goes.
        #expect(both.draw(Self.presentation(editor)) != Array("x".utf8))
        #expect(both.screen.line(0) == "> abx")
        #expect(both.screensAgree)
    }

    @Test func nothingChangedWritesNothing() {
        let editor = Editor(text: "abc")
        var both = DisplayBeside(width: 20, height: 5, first: Self.presentation(editor))
        #expect(both.draw(Self.presentation(editor)).isEmpty)
    }

    /// What follows cells appended without a frame knows of them: a resize's row count, the way
    /// out and the next frame are those of a display that drew every key as a frame.
    @Test func appendedCellsAreKnownToWhatFollows() {
        var appending = Display()
        var framing = ScreenHarness(width: 30, height: 5)
        var editor = Editor(text: String(repeating: "a", count: 20))
        _ = appending.draw(Self.presentation(editor), width: 30, height: 5)
        framing.draw(Self.presentation(editor))
        for _ in 0..<12 {
            editor.type("b")
            #expect(appending.draw(Self.presentation(editor), width: 30, height: 5) == Array("b".utf8)
                || editor.state.text.utf8.count == 28)
            framing.draw(Self.presentation(editor))
        }
        #expect(appending.rowsAbove(afterResizeTo: 5) == framing.renderer.rowsAbove(afterResizeTo: 5))
        var finishedAppending = appending, finishedFraming = framing.renderer
        #expect(finishedAppending.finish() == finishedFraming.finish())
        editor.press(.key(.backspace))
        #expect(appending.draw(Self.presentation(editor), width: 30, height: 5) == framing.draw(Self.presentation(editor)))
    }

    @Test func typingInASecretEntryAppendsOnlyItsMask() {
        var editor = Editor(text: "p")
        editor.isSecret = true
        var both = DisplayBeside(width: 20, height: 5, first: Self.presentation(editor))
        for character in "ass" {
            editor.type(String(character))
            #expect(both.draw(Self.presentation(editor)) == Array("•".utf8))
        }
        #expect(both.screen.line(0) == "> ••••")
        #expect(both.screensAgree)
    }

    @Test func aChangedMaskIsDrawnAsAFrame() {
        var editor = Editor(text: "abc")
        editor.isSecret = true
        var both = DisplayBeside(width: 20, height: 5, first: Self.presentation(editor))
        editor.mask = .asterisk
        editor.type("d")
        both.draw(Self.presentation(editor))
        #expect(both.screen.line(0) == "> ****")
        #expect(both.screensAgree)
    }

    @Test func typingAfterHighlightedTextAppendsOnlyTheTypedCharacters() {
        var editor = Editor(text: "let ")
        editor.highlighter = LetHighlighter()
        var both = DisplayBeside(width: 20, height: 5, first: Self.presentation(editor))
        editor.type("x")
        #expect(both.draw(Self.presentation(editor)) == Array("x".utf8))
        #expect(both.screen[0, 2].attributes.isBold)
        #expect(both.screensAgree)
    }

    @Test func aKeyThatRestylesTextDrawnBeforeIsDrawnAsAFrame() {
        // The closing quote turns the open string's red into the closed one's green.
        var editor = Editor(text: "say \"hi")
        editor.highlighter = QuoteHighlighter()
        var both = DisplayBeside(width: 20, height: 5, first: Self.presentation(editor))
        editor.type("\"")
        both.draw(Self.presentation(editor))
        #expect(both.screensAgree)
    }

    @Test func aKeyThatRestylesALineBelowIsDrawnAsAFrame() {
        // A quote opened at the end of the first line colours the second one, which the
        // appended cells do not reach.
        var editor = Self.multilineEditor("say\nhi")
        editor.highlighter = QuoteHighlighter()
        editor.setCursor(TextPosition(line: 0, offset: 3))
        var both = DisplayBeside(width: 20, height: 5, first: Self.presentation(editor))
        editor.type("\"")
        both.draw(Self.presentation(editor))
        #expect(both.screensAgree)
    }

    @Test func anotherStateIsDrawnAsAFrame() {
        var both = DisplayBeside(width: 30, height: 6, first: Self.presentation(Editor(text: "abc")))
        both.draw(Self.presentation(Editor(text: "abcd")))
        #expect(both.screensAgree)
    }
}

@Suite struct EditLogTests {
    @Test func damageSinceAMarkTellsAppendsFromEverythingElse() {
        var state = EditorState(text: "ab\ncd")
        let mark = state.end(ofLine: 1)
        #expect(state.damage(since: mark) == .nothing)
        state.replace(state.endPosition..<state.endPosition, with: "ef")
        #expect(state.damage(since: mark) == .appended(line: 1, from: 2))
        state.replace(TextPosition(line: 1, offset: 3)..<state.endPosition, with: "")
        #expect(state.damage(since: mark) == .appended(line: 1, from: 2), "an edit after the mark")

        var before = state
        before.replace(TextPosition(line: 1, offset: 1)..<TextPosition(line: 1, offset: 2), with: "")
        #expect(before.damage(since: mark) == .other, "an edit before the mark")
        var above = state
        above.replace(TextPosition.start..<TextPosition.start, with: "x")
        #expect(above.damage(since: mark) == .other, "an edit on another line")
        var broken = state
        broken.replace(broken.endPosition..<broken.endPosition, with: "\nxy\n")
        #expect(broken.damage(since: mark) == .appended(line: 1, from: 2), "lines added after the last")
        broken.replace(TextPosition(line: 2, offset: 0)..<TextPosition(line: 2, offset: 1), with: "")
        #expect(broken.damage(since: mark) == .appended(line: 1, from: 2), "an edit on a line added since")
        var inside = EditorState(text: "ab\ncd")
        let markInside = inside.end(ofLine: 0)
        inside.replace(TextPosition(line: 0, offset: 2)..<TextPosition(line: 0, offset: 2), with: "x")
        #expect(inside.damage(since: markInside) == .appended(line: 0, from: 2))
        inside.replace(TextPosition(line: 0, offset: 3)..<TextPosition(line: 0, offset: 3), with: "\n")
        #expect(inside.damage(since: markInside) == .other, "a line break in a line that is not the last")
        #expect(EditorState(text: "ab\ncd").damage(since: mark) == .other, "another state")
    }

    /// A whole line replaced, as a recalled history entry replaces the text: the line takes the
    /// new text, the cursor after it moves with the text, and the damage is no append.
    @Test(arguments: [("ab\ncd", 1), ("ab\ncd", 0), ("", 0)])
    func aWholeLineReplacedIsDamageOfThatLine(text: String, line: Int) {
        var state = EditorState(text: text)
        let mark = state.end(ofLine: state.lineCount - 1)
        let whole = TextPosition(line: line, offset: 0)..<TextPosition(line: line, offset: state.byteCount(ofLine: line))
        let replaced = state.replace(whole, with: "xyz")
        #expect(replaced == TextPosition(line: line, offset: 0)..<TextPosition(line: line, offset: 3))
        #expect(state.line(line) == "xyz")
        #expect(state.text == (text.isEmpty ? "xyz" : line == 1 ? "ab\nxyz" : "xyz\ncd"))
        #expect(state.damage(since: mark) == (text.isEmpty ? .appended(line: 0, from: 0) : .other))
        state.replace(replaced.upperBound..<replaced.upperBound, with: "!")
        #expect(state.line(line) == "xyz!")
    }

    @Test func editsOlderThanTheLogAreNotVouchedFor() {
        var state = EditorState(text: "")
        let mark = state.end(ofLine: 0)
        for _ in 0..<(3 * EditorState.editMemory) {
            state.replace(state.endPosition..<state.endPosition, with: "a")
        }
        #expect(state.damage(since: mark) == .other)
    }
}
