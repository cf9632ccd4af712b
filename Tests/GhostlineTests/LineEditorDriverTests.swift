import Ghostline
import GhostlineTesting
import Testing

/// The test kit's driver against the real editor: each call returns with everything drawn.
@Suite struct LineEditorDriverTests {
    private func editor(_ driver: LineEditorDriver, placeholder: String? = "name") -> LineEditor {
        let editor = LineEditor(prompt: "> ", placeholder: placeholder, input: driver.input, output: driver.output)
        editor.usesColor = true
        return editor
    }

    @Test func startDrawsThePromptAndThePlaceholder() throws {
        let driver = try LineEditorDriver(columns: 20, rows: 4)
        try driver.start(editor(driver))
        #expect(driver.screen.lines == ["> name", "", "", ""])
        #expect(driver.screen[0, 2].attributes.foreground == .brightBlack)
        #expect(driver.screen.cursorColumn == 2)
        #expect(driver.modes.isBracketedPasteOn && driver.modes.areAttributesChanged)
        #expect(driver.isReadingEntry)
    }

    @Test func typingAndEnterSubmitAndRestoreTheTerminal() throws {
        let driver = try LineEditorDriver(columns: 20, rows: 4)
        try driver.start(editor(driver))
        try driver.type("hello")
        #expect(driver.screen.line(0) == "> hello")
        #expect(driver.screen.cursorColumn == 7)
        try driver.press(.key(.enter))
        #expect(driver.result == .submitted("hello"))
        #expect(!driver.isReadingEntry)
        #expect(driver.modes == .initial)
        #expect(driver.screen.cursorRow == 1 && driver.screen.cursorColumn == 0)
    }
}

extension LineEditorDriverTests {
    @Test func controlCEndsTheEntryWithInterruptedAndTheModesRestored() throws {
        let driver = try LineEditorDriver(columns: 20, rows: 4)
        try driver.start(editor(driver))
        try driver.type("abc")
        try driver.press(.control("c"))
        #expect(driver.result == .failed(.interrupted))
        #expect(driver.modes == .initial)
    }

    @Test func controlDOnAnEmptyEntryIsTheEndOfInput() throws {
        let driver = try LineEditorDriver(columns: 20, rows: 4)
        try driver.start(editor(driver))
        try driver.press(.control("d"))
        #expect(driver.result == .endOfInput)
    }

    @Test func aLoneEscapeIsHandledOnceItsTimeoutFlushedIt() throws {
        let driver = try LineEditorDriver(columns: 20, rows: 4)
        let editor = editor(driver)
        editor.keyMap.bind(.key(.escape), to: .killToLineStart)
        try driver.start(editor)
        try driver.type("abc")
        try driver.press(.key(.escape))
        #expect(driver.screen.line(0) == "> name")
    }

    @Test func keysWithModifiersReachTheEditor() throws {
        let driver = try LineEditorDriver(columns: 30, rows: 4)
        try driver.start(editor(driver))
        try driver.type("one two three")
        try driver.press(.key(.left, .control), .alt("b"), .control("k"))
        #expect(driver.screen.line(0) == "> one")
        try driver.press(.control("a"), .key(.delete))
        #expect(driver.screen.line(0) == "> ne")
    }

    @Test func aPasteIsBracketedAndInsertedWhole() throws {
        let driver = try LineEditorDriver(columns: 20, rows: 4)
        try driver.start(editor(driver))
        try driver.paste("line one\rline two")
        #expect(driver.isReadingEntry, "a pasted line break does not submit")
        try driver.press(.key(.enter))
        #expect(driver.result == .submitted("line one line two"), "one line: the break became a space")
    }

    @Test func wideCharactersWrapAtTheMargin() throws {
        let driver = try LineEditorDriver(columns: 8, rows: 4)
        try driver.start(editor(driver, placeholder: nil))
        try driver.type("中文字符")
        #expect(driver.screen.lines[0...1] == ["> 中文字", "符"])
        #expect(driver.screen[0, 2].text == "中" && driver.screen[0, 3].isWideContinuation)
        #expect((driver.screen.cursorRow, driver.screen.cursorColumn) == (1, 2))
    }

    @Test func aResizeRedrawsTheEntryForTheNewWidth() throws {
        let driver = try LineEditorDriver(columns: 20, rows: 4)
        try driver.start(editor(driver, placeholder: nil))
        try driver.type("0123456789abcdef")
        #expect(driver.screen.line(0) == "> 0123456789abcdef")
        try driver.resize(columns: 10, rows: 4)
        #expect(driver.screen.lines[0...1] == ["> 01234567", "89abcdef"])
        try driver.press(.key(.enter))
        #expect(driver.result == .submitted("0123456789abcdef"))
    }

    @Test func historySearchFindsAnEarlierEntry() throws {
        let driver = try LineEditorDriver(columns: 40, rows: 4)
        let editor = editor(driver)
        try driver.start(editor)
        try driver.type("make test\r")
        #expect(driver.result == .submitted("make test"))
        try driver.start(editor)
        try driver.type("swift build\r")
        try driver.start(editor)
        try driver.press(.control("r"))
        try driver.type("ma")
        #expect(driver.screen.text.contains("make test"))
        try driver.press(.key(.enter))
        #expect(driver.result == .submitted("make test"))
    }

    @Test func keysTypedAfterEnterBelongToTheNextEntry() throws {
        let driver = try LineEditorDriver(columns: 20, rows: 4)
        let editor = editor(driver)
        try driver.start(editor)
        try driver.type("first\rsec")
        #expect(driver.result == .submitted("first"))
        try driver.start(editor)
        #expect(driver.screen.line(1) == "> sec")
        try driver.type("ond\r")
        #expect(driver.result == .submitted("second"))
    }

    @Test func everyKeyIsOnTheScreenWhenItsCallReturns() throws {
        let driver = try LineEditorDriver(columns: 80, rows: 4)
        try driver.start(editor(driver, placeholder: nil))
        var typed = ""
        for index in 0..<200 {
            let character = Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(index % 26)))
            try driver.type(String(character))
            typed.append(character)
            // Full rows wrap with nothing trimmed, so the rows joined are the prompt and the text.
            guard driver.screen.lines.joined() == "> " + typed else {
                Issue.record("after key \(index) the screen shows \(driver.screen.lines)")
                return
            }
        }
    }

    @Test func startingWhileAnEntryIsReadFails() throws {
        let driver = try LineEditorDriver(columns: 20, rows: 4)
        let editor = editor(driver)
        try driver.start(editor)
        #expect(throws: LineEditorDriverError.entryInProgress) { try driver.start(editor) }
    }

    @Test func anEditorOnAnotherTerminalIsRefused() throws {
        let driver = try LineEditorDriver(columns: 20, rows: 4)
        #expect(throws: LineEditorDriverError.editorNotOnThisTerminal) { try driver.start(LineEditor(prompt: "> ")) }
        let drawingElsewhere = LineEditor(prompt: "> ", input: driver.input)
        #expect(throws: LineEditorDriverError.editorNotOnThisTerminal) { try driver.start(drawingElsewhere) }
        #expect(!driver.isReadingEntry)
    }

    @Test func keysWithoutAnEntryAreRefused() throws {
        let driver = try LineEditorDriver(columns: 20, rows: 4)
        #expect(throws: LineEditorDriverError.noEntryInProgress) { try driver.type("x") }
    }
}

extension LineEditorDriverTests {
    /// Stopping would stop the whole test process, so under the driver Ctrl-Z does what it does
    /// when `SIGTSTP` is ignored: nothing.
    @Test func controlZLeavesTheEntryAsItIs() throws {
        let driver = try LineEditorDriver(columns: 20, rows: 4)
        try driver.start(editor(driver, placeholder: nil))
        try driver.type("keep")
        let before = driver.outputBytes.count
        try driver.press(.control("z"))
        #expect(driver.outputBytes.count == before, "nothing was drawn: \(driver.screen.lines)")
        try driver.type(" me\r")
        #expect(driver.result == .submitted("keep me"))
        #expect(driver.screen.lines.filter { $0.contains("keep") } == ["> keep me"])
    }
}

extension LineEditorDriverTests {
    @Test func releasingTheDriverDuringAnEntryEndsItAsAClosedWindowWould() throws {
        let editor: LineEditor
        do {
            let driver = try LineEditorDriver(columns: 20, rows: 4)
            editor = self.editor(driver)
            try driver.start(editor)
            try driver.type("unfinished")
        }
        // Released, the driver hung up and waited for the entry to end.
        #expect(editor.text == "unfinished", "the entry ended and the editor is the test's again")
    }
}

extension LineEditorDriverTests {
    @Test func aResizeBetweenEntriesIsTheNextEntrysSize() throws {
        let driver = try LineEditorDriver(columns: 30, rows: 4)
        let editor = editor(driver, placeholder: nil)
        try driver.start(editor)
        try driver.type("one\r")
        try driver.resize(columns: 8, rows: 4)
        try driver.start(editor)
        try driver.type("abcdefgh")
        #expect(driver.screen.lines[1...2] == ["> abcdef", "gh"])
    }
}

extension LineEditorDriverTests {
    /// An app's printer works under the test kit: a message printed while the entry is read is
    /// above the prompt once the driver's next call returns, and the entry is drawn below it.
    @Test func aPrinterPrintsAboveThePromptUnderTheTestKit() throws {
        let driver = try LineEditorDriver(columns: 20, rows: 4)
        let editor = editor(driver, placeholder: nil)
        let printer = try editor.makePrinter()
        try driver.start(editor)
        try driver.type("ab")
        printer.print("news")
        try driver.type("c")
        #expect(driver.screen.lines == ["news", "> abc", "", ""])
        #expect(driver.screen.cursorRow == 1 && driver.screen.cursorColumn == 5)
        try driver.press(.key(.enter))
        #expect(driver.result == .submitted("abc"))
        #expect(driver.modes == .initial)
    }
}
