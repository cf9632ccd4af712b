import Testing
import GhostlineCore
import GhostlineTesting
import GhostlineTestSupport

private let placeholder = StyledText("Type a message…", style: .placeholder)

@Suite struct PlaceholderOnScreenTests {
    @Test func placeholderIsGrayWithTheCursorOnItsFirstCell() {
        var harness = ScreenHarness(width: 40, height: 5, firstRow: 2)
        harness.draw(text: "", placeholder: placeholder)
        #expect(harness.screen.line(2) == "> Type a message…")
        #expect(harness.screen[2, 0].attributes == .plain)
        for column in 2..<17 { #expect(harness.screen[2, column].attributes == gray) }
        #expect(harness.screen.cursorRow == 2 && harness.screen.cursorColumn == 2)
        #expect(harness.screen.line(0) == "shell output 0", "rows above the prompt are untouched")
    }

    @Test func firstKeystrokeHidesTheWholePlaceholderInOneFrame() {
        var harness = ScreenHarness(width: 40, height: 5)
        harness.draw(text: "", placeholder: placeholder)
        let bytes = harness.draw(text: "h", placeholder: placeholder)
        #expect(harness.screen.line(0) == "> h")
        #expect(harness.screen[0, 2].attributes == .plain)
        for column in 3..<40 {
            #expect(harness.screen[0, column] == ScreenCell(text: " ", attributes: .plain), "no stray gray cell at \(column)")
        }
        #expect(harness.screen.cursorColumn == 3)
        #expect(bytes.count <= 4, "only the bytes that erase the ghost: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
    }

    @Test func placeholderComesBackWhenTheTextIsEmptyAgain() {
        var harness = ScreenHarness(width: 40, height: 5)
        harness.draw(text: "", placeholder: placeholder)
        harness.draw(text: "hello", placeholder: placeholder)
        harness.draw(text: "", placeholder: placeholder)
        #expect(harness.screen.line(0) == "> Type a message…")
        #expect(harness.screen[0, 2].attributes == gray)
        #expect(harness.screen.cursorColumn == 2)
    }

    @Test func multiLinePlaceholderShowsOnSeveralRowsAlignedUnderTheText() {
        var harness = ScreenHarness(width: 30, height: 6)
        harness.draw(text: "", placeholder: StyledText("first line\nsecond line", style: .placeholder))
        #expect(harness.screen.line(0) == "> first line")
        #expect(harness.screen.line(1) == "  second line")
        #expect(harness.screen[1, 2].attributes == gray)
        #expect(harness.screen.cursorRow == 0 && harness.screen.cursorColumn == 2)
        harness.draw(text: "x", placeholder: StyledText("first line\nsecond line", style: .placeholder))
        #expect(harness.screen.line(1) == "", "the second placeholder row is erased with the first")
    }

    @Test func longPlaceholderWrapsLikeTextWithoutSplittingWideCharacters() {
        var harness = ScreenHarness(width: 9, height: 6)
        harness.draw(text: "", placeholder: StyledText("请输入内容请输入", style: .placeholder))
        // "> " + 3 wide characters = 8 columns; the fourth does not fit in the 9th column.
        #expect(harness.screen.line(0) == "> 请输入")
        #expect(harness.screen.line(1) == "内容请输")
        #expect(harness.screen.line(2) == "入")
    }

    @Test func suggestionWrapsLikeTextThroughASCIIAndWideCharacters() {
        var harness = ScreenHarness(width: 10, height: 6)
        harness.draw(text: "ab", suggestion: StyledText("cdefgh中ijklmnopq\nrs", style: .placeholder))
        // "> ab" + 6 ASCII cells fill the row; the wide character starts the next one, the ASCII
        // after it fills that row and wraps at the margin; the line break starts a row under the text.
        #expect(harness.screen.line(0) == "> abcdefgh")
        #expect(harness.screen.line(1) == "中ijklmnop")
        #expect(harness.screen.line(2) == "q")
        #expect(harness.screen.line(3) == "  rs")
        #expect(harness.screen[1, 2].attributes == gray && harness.screen[2, 0].attributes == gray)
        #expect(harness.screen.cursorRow == 0 && harness.screen.cursorColumn == 4)
        var short = ScreenHarness(width: 10, height: 2)
        short.draw(text: "ab", suggestion: StyledText("cdefgh中ijklmnopq\nrs", style: .placeholder))
        #expect(short.screen.line(1) == "中ijklmnop", "no more ghost rows than the screen has")
    }

    @Test func noColorPlaceholderIsDimWithoutColor() {
        var harness = ScreenHarness(width: 40, height: 5)
        harness.draw(text: "", placeholder: StyledText("ghost", style: Style.placeholder.withoutColor))
        #expect(harness.screen[0, 2].attributes == CellAttributes(isDim: true))
    }
}

@Suite struct RendererByteCountTests {
    @Test func appendingACharacterWritesOneByte() {
        var harness = ScreenHarness(width: 80)
        harness.draw(text: "abc")
        #expect(harness.draw(text: "abcd") == Array("d".utf8))
    }

    @Test(arguments: [50, 5_000])
    func appendingToALongLineWritesAtMostTwoBytes(length: Int) {
        var harness = ScreenHarness(width: 80)
        let text = String(repeating: "x", count: length)
        harness.draw(text: text)
        for character in "abcdefghij" {
            let bytes = harness.draw(text: text + String(character))
            #expect(bytes.count <= 2)
            _ = harness.draw(text: text)
        }
        let grown = text + "abcdefghijklmnopqrstuvwxyz"
        var typed = text
        for character in "abcdefghijklmnopqrstuvwxyz" {
            typed.append(character)
            #expect(harness.draw(text: typed).count <= 3)
        }
        #expect(typed == grown)
    }

    @Test func insertingInTheMiddleOfALongWrappedLineShiftsRowsInsteadOfRewritingThem() {
        let line = String((0..<2_000).map { Character(Unicode.Scalar(UInt8(0x61 + $0 % 26))) })
        var harness = ScreenHarness(width: 80, height: 40)
        let middle = TextPosition(line: 0, offset: 1_000)
        harness.draw(text: line, cursor: middle)
        var text = line
        var total = 0
        for (index, character) in "inserted".enumerated() {
            let offset = 1_000 + index
            text.insert(character, at: text.index(text.startIndex, offsetBy: offset))
            total += harness.draw(text: text, cursor: TextPosition(line: 0, offset: offset + 1)).count
        }
        #expect(total / 8 <= 100, "bytes per key: \(total / 8)")
        let reference = ScreenHarness.fresh(Presentation(state: {
            var state = EditorState(text: text); state.cursor = TextPosition(line: 0, offset: 1_008); return state
        }()), width: 80, height: 40)
        #expect(harness.screen.grid == reference.grid)
        #expect(harness.screen.cursorRow == reference.cursorRow && harness.screen.cursorColumn == reference.cursorColumn)
    }
}

@Suite struct WrappingOnScreenTests {
    @Test func textFillingTheRowPutsTheCursorAtTheNextRowStart() {
        var harness = ScreenHarness(width: 10, height: 5)
        harness.draw(text: "abcdefgh")
        #expect(harness.screen.line(0) == "> abcdefgh")
        #expect(harness.screen.cursorRow == 1 && harness.screen.cursorColumn == 0)
        harness.draw(text: "abcdefghi")
        #expect(harness.screen.line(1) == "i")
        #expect(harness.screen.cursorRow == 1 && harness.screen.cursorColumn == 1)
    }

    @Test func wideCharacterThatDoesNotFitMovesToTheNextRowWhole() {
        var harness = ScreenHarness(width: 10, height: 5)
        harness.draw(text: "abcdefg中")
        #expect(harness.screen.line(0) == "> abcdefg")
        #expect(harness.screen.line(1) == "中")
        #expect(harness.screen.cursorRow == 1 && harness.screen.cursorColumn == 2)
    }

    @Test func controlCharactersAreShownInCaretNotationAndNeverSentRaw() {
        var harness = ScreenHarness(width: 40, height: 5)
        let bytes = harness.draw(text: "a\u{1B}[2Jb\u{7F}c\u{07}")
        #expect(harness.screen.line(0) == "> a^[[2Jb^?c^G")
        #expect(!bytes.contains(0x07))
        #expect(harness.screen.unsupportedSequences.isEmpty)
        #expect(harness.screen.rawControlBytesSeen.isEmpty)
    }

    /// Prompts and the placeholder follow `AppText`'s rule for text laid out in cells: their look
    /// is their `Style`, so every sequence in them, SGR included, and every C0 and C1 control
    /// is shown in caret notation, the same notation a printed message's refused sequences
    /// get; nothing above the entry moves and nothing is asked of the terminal.
    @Test func promptsAndThePlaceholderShowEverySequenceAsText() {
        var harness = ScreenHarness(width: 120, height: 6, firstRow: 2)
        harness.screen.feed("\u{1B}[?2004h")
        let hostile = "\u{1B}[2J\u{1B}[H\u{1B}[?2004l\u{1B}[6n\u{1B}]52;c;eA==\u{07}\u{9B}1m\u{1B}[31m"
        let shown = "^[[2J^[[H^[[?2004l^[[6n^[]52;c;eA==^G~[1m^[[31m"
        var state = EditorState(text: "")
        let bytes = harness.draw(Presentation(state: state, prompt: StyledText(hostile + "> "),
                                              placeholder: StyledText(hostile, style: .placeholder)))
        #expect(harness.screen.line(2) == shown + "> " + shown)
        state = EditorState(text: "a\nb")
        harness.draw(Presentation(state: state, prompt: "> ", continuationPrompt: StyledText(hostile)))
        #expect(harness.screen.line(3) == shown + "b")
        #expect(harness.screen.line(0) == "shell output 0" && harness.screen.line(1) == "shell output 1")
        #expect(!bytes.contains(0x07) && !harness.lastBytes.contains(0x07))
        #expect(harness.screen.bracketedPasteEnabled)
        #expect(harness.screen.queries.isEmpty)
        #expect(harness.screen.unsupportedSequences.isEmpty && harness.screen.ignoredSequences.isEmpty)
        #expect(harness.screen.rawControlBytesSeen.isEmpty)
    }

    @Test(arguments: 1...4)
    func tinyWidthsShowSomethingAndKeepTheCursorOnScreen(width: Int) {
        var harness = ScreenHarness(width: width, height: 8)
        for text in ["", "a", "中文", "ab中c\u{1B}", "👨‍👩‍👧‍👦x"] {
            harness.draw(text: text, placeholder: StyledText("请输入", style: .placeholder))
            #expect(harness.screen.cursorColumn < width)
            #expect(harness.screen.cursorRow < 8)
        }
    }
}

@Suite struct IncrementalDrawingTests {
    /// Cursor moves over thousands of columns, and rows of a wide screen, are written with all
    /// their digits: the renderer writes the numbers of its sequences itself.
    @Test(arguments: [1, 9, 10, 99, 100, 999, 1_000, 2_345, 9_999])
    func movesOverManyColumnsLandWhereTheFrameSays(offset: Int) {
        let text = String(repeating: "x", count: 10_000)
        var harness = ScreenHarness(width: 12_000, height: 3)
        harness.draw(text: text)
        #expect(harness.screen.cursorColumn == 10_002)
        harness.draw(text: text, cursor: TextPosition(line: 0, offset: offset))
        #expect(harness.screen.cursorRow == 0 && harness.screen.cursorColumn == offset + 2)
        harness.draw(text: text)
        #expect(harness.screen.cursorColumn == 10_002)
        #expect(harness.screen.line(0) == "> " + text)
    }

    /// Random edits drawn incrementally must leave exactly the screen a fresh draw of the same
    /// frame produces (the viewport may differ from a fresh layout's, which starts at the top).
    @Test(arguments: [(80, 24), (20, 6), (7, 5), (3, 4), (12, 3), (9, 9), (2, 6), (41, 4)])
    func incrementalFramesMatchAFreshDraw(width: Int, height: Int) {
        var edits = RandomEdits(seed: UInt64(width * 1_000 + height))
        var harness = ScreenHarness(width: width, height: height)
        var state = EditorState()
        for step in 0..<800 {
            edits.apply(to: &state)
            let presentation = Presentation(state: state, prompt: "> ", continuationPrompt: "… ",
                                            placeholder: StyledText("Type…", style: .placeholder))
            harness.draw(presentation)
            let reference = harness.freshDrawOfLastFrame()
            if let frame = harness.lastFrame {
                // What the terminal shows is what layout meant, cluster for cluster.
                for row in 0..<frame.rows.count where reference.line(row) != frame.text(ofRow: row).trimmingTrailingSpaces {
                    Issue.record("step \(step), row \(row): screen \(reference.line(row).debugDescription), frame \(frame.text(ofRow: row).debugDescription)")
                    return
                }
            }
            guard harness.screen.grid == reference.grid,
                  harness.screen.cursorRow == reference.cursorRow,
                  harness.screen.cursorColumn == reference.cursorColumn else {
                Issue.record("step \(step): \(harness.screen.lines) vs \(reference.lines), cursor \(harness.screen.cursorRow),\(harness.screen.cursorColumn) vs \(reference.cursorRow),\(reference.cursorColumn)")
                return
            }
        }
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = Substring(self)
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
