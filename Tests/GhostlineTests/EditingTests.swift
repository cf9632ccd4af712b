import Ghostline
import GhostlineTesting
import Testing

/// Editing features as a user meets them in a terminal, through the test kit.
@Suite struct EditingTests {
    @Test func bracketedPasteInsertsWithoutSubmitting() throws {
        let driver = try LineEditorDriver(columns: 40, rows: 4)
        try driver.start(makeEditor(on: driver))
        #expect(driver.screen.bracketedPasteEnabled)
        try driver.paste("pasted\rtext")
        #expect(driver.screen.line(0) == "> pasted text")
        #expect(driver.isReadingEntry)
        try driver.press(.key(.enter))
        #expect(driver.result == .submitted("pasted text"))
    }

    @Test func pastedControlCharactersAreShownInCaretNotationAndSubmittedExactly() throws {
        let driver = try LineEditorDriver(columns: 40, rows: 4)
        try driver.start(makeEditor(on: driver))
        try driver.paste("a\u{1B}[2Jb")
        #expect(driver.screen.line(0) == "> a^[[2Jb")
        try driver.press(.key(.enter))
        #expect(driver.result == .submitted("a\u{1B}[2Jb"))
        #expect(driver.screen.rawControlBytesSeen.isEmpty)
    }

    @Test func garbageInputIsDroppedAndNothingRawReachesTheScreen() throws {
        let driver = try LineEditorDriver(columns: 40, rows: 4)
        try driver.start(makeEditor(on: driver))
        try driver.send([0x1B, 0x5B, 0x3C, 0x30, 0x3B, 0x31, 0x32, 0x4D, 0xFF, 0xC3, 0x1B, 0x5B, 0x39, 0x39, 0x39, 0x7A,
                         0x1B, 0x5D, 0x30, 0x3B, 0x74, 0x07, 0x1B, 0x4F, 0x78, 0xE2, 0x82, 0x41])
        try driver.type("ok")
        #expect(driver.cursorLine.hasSuffix("ok"))
        try driver.press(.key(.enter))
        guard case .submitted(let entry)? = driver.result else {
            Issue.record("the entry did not end with a submission: \(String(describing: driver.result))")
            return
        }
        #expect(entry.hasSuffix("ok"))
        #expect(driver.screen.rawControlBytesSeen.isEmpty)
    }

    @Test func typedAheadTextArrivesWhole() throws {
        let driver = try LineEditorDriver(columns: 80, rows: 24)
        try driver.start(makeEditor(on: driver))
        let text = String(repeating: "abcdefghij", count: 300)
        try driver.type(text + "\r")
        #expect(driver.result == .submitted(text))
    }

    @Test func multiLineEnterInsertsAndAltEnterSubmits() throws {
        let driver = try LineEditorDriver(columns: 40, rows: 4)
        let editor = makeEditor(on: driver)
        editor.isMultiline = true
        try driver.start(editor)
        try driver.type("first\rsecond")
        #expect(driver.screen.lines[0...1] == ["> first", "… second"])
        try driver.press(.key(.up), .control("e"))
        try driver.type("!")
        try driver.press(.key(.enter, .alt))
        #expect(driver.result == .submitted("first!\nsecond"))
    }

    /// Out of multi-line mode the continuation prompt is made only once the text has a second
    /// line, from the initial text or from a key bound to insert a line break; it shows then as
    /// in multi-line mode, and the cursor moves between the lines by it.
    @Test func aSingleLineEntryWithASecondLineShowsTheContinuationPrompt() throws {
        let driver = try LineEditorDriver(columns: 40, rows: 6)
        let editor = makeEditor(on: driver)
        editor.keyMap.bind(.control("o"), to: .insertNewline)
        try driver.start(editor, initialText: "first\nsecond")
        #expect(driver.screen.lines[0...1] == ["> first", "… second"])
        try driver.type("\u{0F}third")
        #expect(driver.screen.lines[0...2] == ["> first", "… second", "… third"])
        try driver.press(.key(.up))
        try driver.type("!")
        #expect(driver.screen.line(1) == "… secon!d")
        try driver.press(.key(.enter))
        #expect(driver.result == .submitted("first\nsecon!d\nthird"))
    }

    @Test func aSingleLineEntryStartsWithoutAContinuationPromptAndGetsOneWithItsSecondLine() throws {
        let driver = try LineEditorDriver(columns: 40, rows: 6)
        let editor = makeEditor(on: driver)
        editor.keyMap.bind(.control("o"), to: .insertNewline)
        try driver.start(editor)
        try driver.type("one")
        try driver.press(.control("o"))
        try driver.type("two")
        #expect(driver.screen.lines[0...1] == ["> one", "… two"])
        try driver.press(.key(.up))
        try driver.type("!")
        #expect(driver.screen.lines[0...1] == ["> one!", "… two"])
        try driver.press(.key(.enter))
        #expect(driver.result == .submitted("one!\ntwo"))
    }

    /// The session tells the engine where its rows wrap: Up on the second row of a wrapped line
    /// moves to the first, above the cursor, and only Up from the first row recalls history.
    @Test func upMovesByTheRowsOfAWrappedLineBeforeItRecallsHistory() throws {
        let driver = try LineEditorDriver(columns: 20, rows: 4)
        let editor = makeEditor(on: driver)
        _ = editor.history.add("older")
        try driver.start(editor)
        try driver.type("abcdefghijklmnopqrstuvwxyz")
        #expect(driver.screen.lines[0...1] == ["> abcdefghijklmnopqr", "stuvwxyz"])
        try driver.press(.key(.up))
        try driver.type("!")
        #expect(driver.screen.lines[0...1] == ["> abcdef!ghijklmnopq", "rstuvwxyz"])
        try driver.press(.key(.up))
        #expect(driver.screen.line(0) == "> older")
        try driver.press(.key(.down), .key(.enter))
        #expect(driver.result == .submitted("abcdef!ghijklmnopqrstuvwxyz"))
    }

    @Test func anInlineSuggestionFromHistoryIsGrayAndAcceptedWithRight() throws {
        let driver = try LineEditorDriver(columns: 40, rows: 4)
        let editor = makeEditor(on: driver)
        _ = editor.history.add("git status")
        try driver.start(editor)
        try driver.type("git s")
        #expect(driver.screen.line(0) == "> git status")
        #expect(driver.screen[0, 6].attributes == .plain)
        #expect(driver.screen[0, 7].attributes.foreground == .brightBlack)
        #expect(driver.screen.cursorColumn == 7)
        try driver.press(.key(.right))
        #expect(driver.screen.cursorColumn == 12 && driver.screen[0, 7].attributes == .plain)
        try driver.press(.key(.enter))
        #expect(driver.result == .submitted("git status"))
    }

    @Test func completionsAreListedOnTheSecondTabAndClearedByTheNextKey() throws {
        let driver = try LineEditorDriver(columns: 40, rows: 4)
        let editor = makeEditor(on: driver)
        editor.completion = { context in ["apple", "apricot", "banana"].filter { $0.hasPrefix(context.word) } }
        try driver.start(editor)
        try driver.type("a")
        try driver.press(.key(.tab))
        #expect(driver.screen.line(0) == "> ap")
        try driver.press(.key(.tab))
        #expect(driver.screen.line(1).contains("apple") && driver.screen.line(1).contains("apricot"))
        #expect(driver.screen.cursorRow == 0)
        try driver.type("r")
        #expect(driver.screen.lines[0...1] == ["> apr", ""])
        try driver.press(.key(.tab), .key(.enter))
        #expect(driver.result == .submitted("apricot "))
    }

    @Test func reverseSearchFindsAnEarlierEntryAndControlGLeavesIt() throws {
        let driver = try LineEditorDriver(columns: 60, rows: 4)
        let editor = makeEditor(on: driver)
        _ = editor.history.add("make test")
        _ = editor.history.add("ls -la")
        try driver.start(editor)
        try driver.press(.control("r"))
        try driver.type("make")
        #expect(driver.screen.line(0) == "(reverse-i-search)`make': make test")
        try driver.press(.control("g"))
        #expect(driver.screen.line(0) == ">")
        try driver.press(.control("r"))
        try driver.type("ls\r")
        #expect(driver.result == .submitted("ls -la"))
    }
}
