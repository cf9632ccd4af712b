import Testing
@testable import GhostlineCore
import GhostlineTesting
import GhostlineTestSupport

/// Style spans and masks applied where layout makes the text's cells, checked cell by cell on a
/// virtual screen, attributes and all.
@Suite struct LayoutStylingTests {
    private static let keyword = CellAttributes(foreground: .basic(4), isBold: true)
    private static let closedQuote = CellAttributes(foreground: .basic(2))
    private static let openQuote = CellAttributes(foreground: .basic(1))

    private static func presentation(_ text: String, cursor: TextPosition? = nil) -> Presentation {
        var state = EditorState(text: text)
        if let cursor { state.cursor = cursor }
        return presentation(of: state)
    }

    /// `state` highlighted: a state edited from frame to frame, as layout caches its rows for it.
    private static func presentation(of state: EditorState) -> Presentation {
        let text = state.text
        return Presentation(state: state, prompt: "> ", continuationPrompt: "… ",
                            highlights: TextHighlights(QuoteAndLetHighlighter().spans(for: text), in: text))
    }

    private static func type(_ text: String, into state: inout EditorState) {
        state.replace(state.cursor..<state.cursor, with: text)
    }

    private static func attributes(of screen: VirtualScreen, row: Int, columns: Range<Int>) -> [CellAttributes] {
        columns.map { screen[row, $0].attributes }
    }

    @Test func spansStyleTheCellsOfTheirText() {
        var harness = ScreenHarness(width: 20, height: 5)
        harness.draw(Self.presentation("let x = var"))
        #expect(harness.screen.line(0) == "> let x = var")
        #expect(Self.attributes(of: harness.screen, row: 0, columns: 0..<13)
            == [.plain, .plain] + Array(repeating: Self.keyword, count: 3) + Array(repeating: .plain, count: 5)
            + Array(repeating: Self.keyword, count: 3))
        #expect(harness.screen[0, 13].attributes == .plain, "the rest of the row")
    }

    @Test func bothHalvesOfAWideCharacterTakeItsSpan() {
        var harness = ScreenHarness(width: 20, height: 5)
        // "中" at columns 2–3 inside a string, then "let" plain-bold after it.
        harness.draw(Self.presentation("\"中\" let"))
        #expect(harness.screen.line(0) == "> \"中\" let")
        #expect(Self.attributes(of: harness.screen, row: 0, columns: 2..<10)
            == Array(repeating: Self.closedQuote, count: 4) + [.plain] + Array(repeating: Self.keyword, count: 3))
    }

    @Test func aSpanWrapsWithItsText() {
        var harness = ScreenHarness(width: 8, height: 5)
        // "> ab" then a string of 8 that wraps after 4 of its characters.
        harness.draw(Self.presentation("ab\"cdefg\""))
        #expect(harness.screen.lines.prefix(2) == ["> ab\"cde", "fg\""])
        #expect(Self.attributes(of: harness.screen, row: 0, columns: 4..<8) == Array(repeating: Self.closedQuote, count: 4))
        #expect(Self.attributes(of: harness.screen, row: 1, columns: 0..<4)
            == Array(repeating: Self.closedQuote, count: 3) + [.plain])
    }

    @Test func aSpanAcrossALineBreakStylesBothLines() {
        var harness = ScreenHarness(width: 20, height: 5)
        harness.draw(Self.presentation("say \"one\ntwo\" let"))
        #expect(harness.screen.lines.prefix(2) == ["> say \"one", "… two\" let"])
        #expect(Self.attributes(of: harness.screen, row: 0, columns: 6..<10) == Array(repeating: Self.closedQuote, count: 4))
        #expect(Self.attributes(of: harness.screen, row: 1, columns: 0..<11)
            == [.plain, .plain] + Array(repeating: Self.closedQuote, count: 4) + [.plain]
            + Array(repeating: Self.keyword, count: 3) + [.plain])
    }

    @Test func closingAQuoteRecoloursWhatCameBeforeIt() {
        var harness = ScreenHarness(width: 20, height: 5)
        var state = EditorState(text: "say \"hi")
        harness.draw(Self.presentation(of: state))
        #expect(Self.attributes(of: harness.screen, row: 0, columns: 6..<9) == Array(repeating: Self.openQuote, count: 3))
        Self.type("\"", into: &state)
        harness.draw(Self.presentation(of: state))
        #expect(Self.attributes(of: harness.screen, row: 0, columns: 6..<10) == Array(repeating: Self.closedQuote, count: 4))
        #expect(harness.screen.grid == ScreenHarness.fresh(Self.presentation("say \"hi\""), width: 20, height: 5).grid)
    }

    @Test func deletingALetterUnhighlightsTheKeyword() {
        var harness = ScreenHarness(width: 20, height: 5)
        var state = EditorState(text: "let x")
        harness.draw(Self.presentation(of: state))
        #expect(harness.screen[0, 2].attributes == Self.keyword)
        state.replace(TextPosition(line: 0, offset: 1)..<TextPosition(line: 0, offset: 2), with: "")
        harness.draw(Self.presentation(of: state))
        #expect(harness.screen.line(0) == "> lt x")
        #expect(Self.attributes(of: harness.screen, row: 0, columns: 0..<8) == Array(repeating: .plain, count: 8))
    }

    @Test func typingAKeywordAtTheEndOfALongWrappedLineRedrawsOnlyThatWord() {
        var harness = ScreenHarness(width: 30, height: 10)
        let start = String(repeating: "word ", count: 20)
        var state = EditorState(text: start + "le")
        harness.draw(Self.presentation(of: state))
        Self.type("t", into: &state)
        harness.draw(Self.presentation(of: state))
        #expect(harness.lastBytes.count < 30, "the word's cells again and the new one: \(harness.lastBytes.count) bytes")
        #expect(harness.screen.grid == ScreenHarness.fresh(Self.presentation(start + "let"), width: 30, height: 10).grid)
    }

    @Test func spansFollowTheTextWhenTheWidthChanges() {
        var layout = Layout()
        let presentation = Self.presentation("ab \"quoted text\" let")
        _ = layout.frame(for: presentation, width: 30, height: 5)
        let narrow = layout.frame(for: presentation, width: 9, height: 5)
        var fresh = Layout()
        #expect(narrow == fresh.frame(for: presentation, width: 9, height: 5))
        var renderer = Renderer()
        var screen = VirtualScreen(columns: 9, rows: 5)
        screen.feed(renderer.render(narrow))
        #expect(screen.lines.prefix(3) == ["> ab \"quo", "ted text\"", " let"])
        #expect(screen[1, 8].attributes == Self.closedQuote)
        #expect(screen[2, 1].attributes == Self.keyword)
    }

    // MARK: - Masks

    private static func masked(_ text: String, mask: TextMask = .bullet, cursor: TextPosition? = nil) -> Presentation {
        var state = EditorState(text: text)
        if let cursor { state.cursor = cursor }
        return Presentation(state: state, prompt: "> ", mask: mask)
    }

    @Test func everyGraphemeClusterIsOneMaskCell() {
        var harness = ScreenHarness(width: 20, height: 5)
        // Seven clusters: four letters, a wide character, an emoji, and e with a combining accent.
        harness.draw(Self.masked("pass中👍e\u{301}"))
        #expect(harness.screen.line(0) == "> •••••••")
        #expect(harness.screen.cursorColumn == 9)
        for piece in ["p", "a", "s", "中", "👍", "e"] {
            #expect(!String(decoding: harness.lastBytes, as: UTF8.self).contains(piece), "\(piece) reached the terminal")
        }
    }

    @Test func theCursorSitsAfterTheMasksOfTheClustersBeforeIt() {
        var harness = ScreenHarness(width: 20, height: 5)
        harness.draw(Self.masked("ab中cd", cursor: TextPosition(line: 0, offset: 5)))
        #expect(harness.screen.line(0) == "> •••••")
        #expect(harness.screen.cursorColumn == 5)
    }

    @Test func masksWrapOneColumnEach() {
        var harness = ScreenHarness(width: 6, height: 5)
        harness.draw(Self.masked("中中中中中中"))
        #expect(harness.screen.lines.prefix(2) == ["> ••••", "••"])
        #expect(harness.screen.cursorRow == 1 && harness.screen.cursorColumn == 2)
    }

    @Test func anotherMaskCharacterOrNoneAtAll() {
        var stars = ScreenHarness(width: 20, height: 5)
        stars.draw(Self.masked("secret", mask: .asterisk))
        #expect(stars.screen.line(0) == "> ******")
        var nothing = ScreenHarness(width: 20, height: 5)
        nothing.draw(Self.masked("secret", mask: .nothing))
        #expect(nothing.screen.line(0) == ">")
        #expect(nothing.screen.cursorColumn == 2)
        #expect(!String(decoding: nothing.lastBytes, as: UTF8.self).contains("s"))
    }

    @Test func controlCharactersAreMaskedLikeAnyOther() {
        var harness = ScreenHarness(width: 20, height: 5)
        harness.draw(Self.masked("a\u{1B}\tb"))
        #expect(harness.screen.line(0) == "> ••••")
        #expect(!harness.lastBytes.contains(0x09) && !harness.lastBytes.contains(UInt8(ascii: "^")))
    }

    @Test func changingTheMaskRedrawsTheText() {
        var harness = ScreenHarness(width: 20, height: 5)
        let state = EditorState(text: "abc")
        harness.draw(Presentation(state: state, prompt: "> ", mask: .bullet))
        harness.draw(Presentation(state: state, prompt: "> ", mask: .asterisk))
        #expect(harness.screen.line(0) == "> ***")
        harness.draw(Presentation(state: state, prompt: "> "))
        #expect(harness.screen.line(0) == "> abc", "unmasked again")
    }
}

/// The exact `ESC[…m` the renderer writes for each kind of style, one after another.
@Suite struct RendererStyleSequenceTests {
    private struct Spans: Highlighter {
        func spans(for text: String) -> [StyleSpan] {
            [StyleSpan(0..<1, style: Style(foreground: .basic(1), isBold: true)),
             StyleSpan(1..<2, style: Style(foreground: .basic(12), isDim: true, isItalic: true)),
             StyleSpan(2..<3, style: Style(foreground: .palette(208), isUnderlined: true, isInverse: true)),
             StyleSpan(3..<4, style: Style(foreground: .rgb(red: 7, green: 42, blue: 255)))]
        }
    }

    @Test func everyAttributeAndEveryKindOfColourIsWrittenAsItsParameters() {
        let text = "abcde"
        let presentation = Presentation(state: EditorState(text: text), prompt: "> ",
                                        highlights: TextHighlights(Spans().spans(for: text), in: text))
        var layout = Layout()
        var renderer = Renderer()
        let bytes = String(decoding: renderer.render(layout.frame(for: presentation, width: 20, height: 3)), as: UTF8.self)
        #expect(bytes.contains("> \u{1B}[1;31ma\u{1B}[0;2;3;94mb\u{1B}[0;4;7;38;5;208mc\u{1B}[0;38;2;7;42;255md\u{1B}[0me"),
                "\(bytes.debugDescription)")
    }
}
