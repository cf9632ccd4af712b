import GhostlineCore
import GhostlineTesting
import GhostlineTestSupport
import Testing

private func screen(columns: Int = 10, rows: Int = 4, after output: String) -> VirtualScreen {
    var screen = VirtualScreen(columns: columns, rows: rows)
    screen.feed(output)
    return screen
}

private let escape = "\u{1B}"

// MARK: - Printing and wrapping

@Test func printedTextAppearsAtTheCursorWithPlainAttributes() {
    let screen = screen(after: "hello")
    #expect(screen.lines == ["hello", "", "", ""])
    #expect(screen.cursorRow == 0)
    #expect(screen.cursorColumn == 5)
    #expect(screen[0, 1] == ScreenCell(text: "e", attributes: .plain))
    #expect(screen[0, 5] == ScreenCell(text: " ", attributes: .plain))
}

@Test func lineFeedMovesDownWithoutReturningToTheFirstColumn() {
    let screen = screen(after: "ab\ncd")
    #expect(screen.lines[0...1] == ["ab", "  cd"])
    #expect(screen.cursorRow == 1)
    #expect(screen.cursorColumn == 4)
}

@Test func writingTheLastColumnLeavesAPendingWrap() {
    var screen = screen(columns: 5, after: "abcde")
    #expect(screen.cursorRow == 0)
    #expect(screen.cursorColumn == 4)
    #expect(screen.isWrapPending)
    screen.feed("f")
    #expect(screen.lines[0...1] == ["abcde", "f"])
    #expect(screen.cursorRow == 1)
    #expect(screen.cursorColumn == 1)
    #expect(!screen.isWrapPending)
}

@Test(arguments: [
    ("\r", "Xbcde", 0, 1),
    ("\u{8}", "abcXe", 0, 4),
    ("\(escape)[D", "abcXe", 0, 4),
    ("\(escape)[1G", "Xbcde", 0, 1),
])
func cursorMovementCancelsThePendingWrap(
    movement: String, expectedFirstLine: String, expectedRow: Int, expectedColumn: Int
) {
    let screen = screen(columns: 5, after: "abcde" + movement + "X")
    #expect(screen.line(0) == expectedFirstLine)
    #expect(screen.line(1) == "")
    #expect(screen.cursorRow == expectedRow)
    #expect(screen.cursorColumn == expectedColumn)
}

@Test func aFullRowFollowedByReturnAndLineFeedLeavesNoBlankRow() {
    let screen = screen(columns: 5, after: "abcde\r\nf")
    #expect(screen.text == "abcde\nf")
}

@Test func disablingAutowrapOverwritesTheLastColumn() {
    let screen = screen(columns: 5, after: "\(escape)[?7labcdefg")
    #expect(!screen.isAutowrapEnabled)
    #expect(screen.text == "abcdg")
    #expect(screen.cursorColumn == 4)
}

@Test func wideCharacterTakesTwoCells() {
    let screen = screen(after: "a中b")
    #expect(screen.line(0) == "a中b")
    #expect(screen[0, 1].text == "中")
    #expect(screen[0, 2].text == "")
    #expect(screen[0, 3].text == "b")
    #expect(screen.cursorColumn == 4)
}

@Test func wideCharacterThatDoesNotFitInTheLastColumnWrapsFirst() {
    let screen = screen(columns: 5, after: "abcd中")
    #expect(screen.lines[0...1] == ["abcd", "中"])
    #expect(screen[1, 0].text == "中")
    #expect(screen[1, 1].text == "")
    #expect(screen.cursorRow == 1)
    #expect(screen.cursorColumn == 2)
}

@Test func wideCharacterEndingInTheLastColumnLeavesAPendingWrap() {
    let screen = screen(columns: 4, after: "ab中")
    #expect(screen.cursorColumn == 3)
    #expect(screen.isWrapPending)
}

@Test func overwritingHalfOfAWideCharacterBlanksTheOtherHalf() {
    let screen = screen(after: "中文\u{8}x")
    #expect(screen[0, 2].text == " ")
    #expect(screen[0, 3].text == "x")
    #expect(screen.line(0) == "中 x")
}

@Test func combiningMarkJoinsThePreviousCell() {
    let screen = screen(after: "e\u{301}x")
    #expect(screen[0, 0].text == "e\u{301}")
    #expect(screen[0, 0].text.unicodeScalars.count == 2)
    #expect(screen[0, 1].text == "x")
    #expect(screen.cursorColumn == 2)
}

@Test func combiningMarkJoinsTheLastColumnWhileAWrapIsPending() {
    let screen = screen(columns: 3, after: "abc\u{301}")
    #expect(screen[0, 2].text == "c\u{301}")
    #expect(screen.line(1) == "")
    #expect(screen.isWrapPending)
}

@Test func zeroWidthJoinerSequenceStaysInOneCluster() {
    let family = "\u{1F468}\u{200D}\u{1F469}"
    let screen = screen(after: family + "x")
    #expect(screen[0, 0].text == family)
    #expect(screen[0, 2].text == "x")
}

@Test func aFormatCharacterBetweenRegionalIndicatorsKeepsThemApart() {
    // UAX #29 breaks around U+202B (a control, for grapheme clusters): two lone indicators of
    // two cells each, not one flag; the format character has no cell of its own.
    let screen = screen(after: "\u{1F1F7}\u{202B}\u{1F1F7}x")
    #expect(screen[0, 0].text == "\u{1F1F7}")
    #expect(screen[0, 2].text == "\u{1F1F7}")
    #expect(screen[0, 4].text == "x")
}

@Test func combiningMarkAfterACursorMoveDoesNotJoin() {
    let screen = screen(after: "e\(escape)[C\u{301}")
    #expect(screen[0, 0].text == "e")
}

// MARK: - Control characters

@Test func tabMovesToTheNextMultipleOfEight() {
    var screen = screen(columns: 20, after: "ab\t")
    #expect(screen.cursorColumn == 8)
    screen.feed("\t\t")
    #expect(screen.cursorColumn == 19)
}

@Test func bellAndOtherUninterpretedControlsAreRecordedNotPrinted() {
    let screen = screen(after: "a\u{7}b\u{1}\u{7F}c")
    #expect(screen.line(0) == "abc")
    #expect(screen.rawControlBytesSeen == [0x07, 0x01, 0x7F])
}

@Test func invalidUTF8IsShownAsReplacementCharacters() {
    var screen = VirtualScreen(columns: 10, rows: 2)
    screen.feed([0x61, 0xFF, 0x62, 0xE4, 0xB8, 0x63])
    #expect(screen.line(0) == "a\u{FFFD}b\u{FFFD}c")
}

// MARK: - CSI sequences

struct ControlSequenceCase: CustomTestStringConvertible, Sendable {
    var input: String
    var lines: [String]
    var cursorRow: Int
    var cursorColumn: Int
    var testDescription: String { input.replacingEscape() }
}

extension String {
    fileprivate func replacingEscape() -> String {
        String(unicodeScalars.flatMap { $0 == "\u{1B}" ? Array("ESC".unicodeScalars) : [$0] }
            .map(Character.init))
    }
}

/// Each case starts from the same 6×4 screen: rows "abcdef", "ghijkl", "mnopqr", "stuvwx",
/// with the cursor moved by `input`'s leading CUP when it has one.
private let filled = "abcdef\r\nghijkl\r\nmnopqr\r\nstuvwx"

@Test(arguments: [
    ControlSequenceCase(input: "\(escape)[2;3H\(escape)[A", lines: [], cursorRow: 0, cursorColumn: 2),
    ControlSequenceCase(input: "\(escape)[2;3H\(escape)[9A", lines: [], cursorRow: 0, cursorColumn: 2),
    ControlSequenceCase(input: "\(escape)[2;3H\(escape)[2B", lines: [], cursorRow: 3, cursorColumn: 2),
    ControlSequenceCase(input: "\(escape)[2;3H\(escape)[9B", lines: [], cursorRow: 3, cursorColumn: 2),
    ControlSequenceCase(input: "\(escape)[2;3H\(escape)[C", lines: [], cursorRow: 1, cursorColumn: 3),
    ControlSequenceCase(input: "\(escape)[2;3H\(escape)[9C", lines: [], cursorRow: 1, cursorColumn: 5),
    ControlSequenceCase(input: "\(escape)[2;3H\(escape)[2D", lines: [], cursorRow: 1, cursorColumn: 0),
    ControlSequenceCase(input: "\(escape)[2;3H\(escape)[0D", lines: [], cursorRow: 1, cursorColumn: 1),
    ControlSequenceCase(input: "\(escape)[2;3H\(escape)[E", lines: [], cursorRow: 2, cursorColumn: 0),
    ControlSequenceCase(input: "\(escape)[2;3H\(escape)[F", lines: [], cursorRow: 0, cursorColumn: 0),
    ControlSequenceCase(input: "\(escape)[2;3H\(escape)[5G", lines: [], cursorRow: 1, cursorColumn: 4),
    ControlSequenceCase(input: "\(escape)[H", lines: [], cursorRow: 0, cursorColumn: 0),
    ControlSequenceCase(input: "\(escape)[3;4f", lines: [], cursorRow: 2, cursorColumn: 3),
    ControlSequenceCase(input: "\(escape)[99;99H", lines: [], cursorRow: 3, cursorColumn: 5),
    ControlSequenceCase(input: "\(escape)[2;3H\(escape)[4d", lines: [], cursorRow: 3, cursorColumn: 2),
    ControlSequenceCase(
        input: "\(escape)[2;3H\(escape)[J", lines: ["abcdef", "gh", "", ""], cursorRow: 1, cursorColumn: 2),
    ControlSequenceCase(
        input: "\(escape)[2;3H\(escape)[1J", lines: ["", "   jkl", "mnopqr", "stuvwx"],
        cursorRow: 1, cursorColumn: 2),
    ControlSequenceCase(input: "\(escape)[2;3H\(escape)[2J", lines: ["", "", "", ""], cursorRow: 1, cursorColumn: 2),
    ControlSequenceCase(
        input: "\(escape)[2;3H\(escape)[K", lines: ["abcdef", "gh", "mnopqr", "stuvwx"],
        cursorRow: 1, cursorColumn: 2),
    ControlSequenceCase(
        input: "\(escape)[2;3H\(escape)[1K", lines: ["abcdef", "   jkl", "mnopqr", "stuvwx"],
        cursorRow: 1, cursorColumn: 2),
    ControlSequenceCase(
        input: "\(escape)[2;3H\(escape)[2K", lines: ["abcdef", "", "mnopqr", "stuvwx"],
        cursorRow: 1, cursorColumn: 2),
    ControlSequenceCase(
        input: "\(escape)[2;3H\(escape)[2@", lines: ["abcdef", "gh  ij", "mnopqr", "stuvwx"],
        cursorRow: 1, cursorColumn: 2),
    ControlSequenceCase(
        input: "\(escape)[2;3H\(escape)[2P", lines: ["abcdef", "ghkl", "mnopqr", "stuvwx"],
        cursorRow: 1, cursorColumn: 2),
    ControlSequenceCase(
        input: "\(escape)[2;3H\(escape)[2X", lines: ["abcdef", "gh  kl", "mnopqr", "stuvwx"],
        cursorRow: 1, cursorColumn: 2),
    ControlSequenceCase(
        input: "\(escape)[2;3H\(escape)[L", lines: ["abcdef", "", "ghijkl", "mnopqr"],
        cursorRow: 1, cursorColumn: 0),
    ControlSequenceCase(
        input: "\(escape)[2;3H\(escape)[M", lines: ["abcdef", "mnopqr", "stuvwx", ""],
        cursorRow: 1, cursorColumn: 0),
    ControlSequenceCase(
        input: "\(escape)[2;3H\(escape)[S", lines: ["ghijkl", "mnopqr", "stuvwx", ""],
        cursorRow: 1, cursorColumn: 2),
    ControlSequenceCase(
        input: "\(escape)[2;3H\(escape)[2T", lines: ["", "", "abcdef", "ghijkl"],
        cursorRow: 1, cursorColumn: 2),
])
func controlSequence(_ example: ControlSequenceCase) {
    let screen = screen(columns: 6, rows: 4, after: filled + example.input)
    if !example.lines.isEmpty {
        #expect(screen.lines == example.lines)
    }
    #expect(screen.cursorRow == example.cursorRow)
    #expect(screen.cursorColumn == example.cursorColumn)
    #expect(screen.unsupportedSequences.isEmpty)
}

@Test func cursorDownStopsAtTheBottomWithoutScrolling() {
    let screen = screen(columns: 6, rows: 4, after: filled + "\(escape)[9B")
    #expect(screen.line(0) == "abcdef")
    #expect(screen.scrolledOffLines.isEmpty)
}

@Test func insertingCharactersPushesCellsPastTheMarginOff() {
    let screen = screen(columns: 6, rows: 1, after: "abcdef\r\(escape)[3@")
    #expect(screen.line(0) == "   abc")
}

@Test func insertingCharactersBlanksAWideCharacterCutAtTheMargin() {
    let screen = screen(columns: 6, rows: 1, after: "abcd中\r\(escape)[@")
    #expect(screen.line(0) == " abcd")
    #expect(screen[0, 5].text == " ")
}

@Test func deletingCharactersPullsTheRestLeft() {
    let screen = screen(columns: 6, rows: 1, after: "abc中d\r\(escape)[3P")
    #expect(screen.line(0) == "中d")
    #expect(screen[0, 1].text == "")
}

@Test func deletingHalfOfAWideCharacterBlanksTheOtherHalf() {
    let screen = screen(columns: 6, rows: 1, after: "a中bc\r\(escape)[2C\(escape)[P")
    #expect(screen.line(0) == "a bc")
}

@Test func erasingUsesTheCurrentBackgroundOnly() {
    let screen = screen(columns: 4, rows: 1, after: "\(escape)[1;41mab\(escape)[K")
    #expect(screen[0, 0].attributes == CellAttributes(background: .basic(1), isBold: true))
    #expect(screen[0, 3] == ScreenCell(text: " ", attributes: CellAttributes(background: .basic(1))))
}

// MARK: - SGR

@Test(arguments: [
    ("90", CellAttributes(foreground: .basic(8))),
    ("31", CellAttributes(foreground: .basic(1))),
    ("97", CellAttributes(foreground: .basic(15))),
    ("44", CellAttributes(background: .basic(4))),
    ("101", CellAttributes(background: .basic(9))),
    ("38;5;8", CellAttributes(foreground: .palette(8))),
    ("38;5;240", CellAttributes(foreground: .palette(240))),
    ("48;5;17", CellAttributes(background: .palette(17))),
    ("38;2;10;20;30", CellAttributes(foreground: .rgb(red: 10, green: 20, blue: 30))),
    ("48;2;1;2;3", CellAttributes(background: .rgb(red: 1, green: 2, blue: 3))),
    ("38:5:240", CellAttributes(foreground: .palette(240))),
    ("38:2::10:20:30", CellAttributes(foreground: .rgb(red: 10, green: 20, blue: 30))),
    ("1", CellAttributes(isBold: true)),
    ("2", CellAttributes(isDim: true)),
    ("3", CellAttributes(isItalic: true)),
    ("4", CellAttributes(isUnderlined: true)),
    ("4:3", CellAttributes(isUnderlined: true)),
    ("7", CellAttributes(isInverse: true)),
    ("1;2;3;4;7;31;42", CellAttributes(
        foreground: .basic(1), background: .basic(2), isBold: true, isDim: true,
        isItalic: true, isUnderlined: true, isInverse: true)),
    ("1;2;22", CellAttributes.plain),
    ("3;23", CellAttributes.plain),
    ("4;24", CellAttributes.plain),
    ("4;4:0", CellAttributes.plain),
    ("7;27", CellAttributes.plain),
    ("31;39", CellAttributes.plain),
    ("41;49", CellAttributes.plain),
    ("1;31;0", CellAttributes.plain),
    ("1;31;", CellAttributes.plain),
    ("38;5;1;1", CellAttributes(foreground: .palette(1), isBold: true)),
])
func selectGraphicRendition(parameters: String, expected: CellAttributes) {
    let screen = screen(after: "\(escape)[\(parameters)mX\(escape)[mY")
    #expect(screen[0, 0].attributes == expected)
    #expect(screen[0, 1].attributes == .plain)
    #expect(screen.unsupportedSequences.isEmpty)
}

@Test func attributesBelongToEachCellWrittenWhileTheyHeld() {
    let screen = screen(after: "a\(escape)[2;90mgh\(escape)[0mz")
    #expect(screen[0, 0].attributes == .plain)
    #expect(screen[0, 1].attributes == CellAttributes(foreground: .basic(8), isDim: true))
    #expect(screen[0, 2].attributes == CellAttributes(foreground: .basic(8), isDim: true))
    #expect(screen[0, 3].attributes == .plain)
}

@Test func unknownGraphicRenditionIsRecorded() {
    let screen = screen(after: "\(escape)[5;1mX\(escape)[38;5;300mY")
    #expect(screen[0, 0].attributes.isBold)
    #expect(screen.unsupportedSequences == ["ESC[5;1m", "ESC[38;5;300m"])
}

// MARK: - Split input

@Test func outputSplitAtEveryByteGivesTheSameScreen() {
    let output = "ab\(escape)[1;31mc中\(escape)[2;3He\u{301}\(escape)]0;title\u{7}\(escape)[?25l\(escape)[6n"
    let whole = screen(after: output)
    var split = VirtualScreen(columns: 10, rows: 4)
    for byte in output.utf8 {
        split.feed([byte])
    }
    #expect(split.lines == whole.lines)
    #expect(split.lines[0...1] == ["abc中", "  é"])
    #expect(split[0, 2].attributes == CellAttributes(foreground: .basic(1), isBold: true))
    #expect(split.cursorRow == whole.cursorRow)
    #expect(split.cursorColumn == whole.cursorColumn)
    #expect(!split.isCursorVisible)
    #expect(split.pendingReplies == whole.pendingReplies)
    #expect(split.ignoredSequences == ["ESC]0;title"])
    #expect(split.unsupportedSequences.isEmpty)
}

// MARK: - Scrolling

@Test func lineFeedAtTheBottomScrollsIntoTheScrollback() {
    let screen = screen(columns: 5, rows: 3, after: "a\r\nb\r\nc\r\nd\r\ne")
    #expect(screen.lines == ["c", "d", "e"])
    #expect(screen.scrolledOffLines == ["a", "b"])
    #expect(screen.cursorRow == 2)
}

@Test func wrappingAtTheBottomScrolls() {
    let screen = screen(columns: 3, rows: 2, after: "abcdefg")
    #expect(screen.lines == ["def", "g"])
    #expect(screen.scrolledOffLines == ["abc"])
}

@Test func reverseIndexAtTheTopScrollsDown() {
    let screen = screen(columns: 3, rows: 2, after: "ab\(escape)M")
    #expect(screen.lines == ["", "ab"])
    #expect(screen.cursorRow == 0)
}

// MARK: - Modes, queries and what is not supported

@Test func privateModesSwitchTheirFlags() {
    var screen = screen(after: "\(escape)[?25l\(escape)[?2004h\(escape)[?2026h")
    #expect(!screen.isCursorVisible)
    #expect(screen.bracketedPasteEnabled)
    #expect(screen.isSynchronizedOutputActive)
    #expect(screen.synchronizedOutputDepth == 1)
    screen.feed("\(escape)[?2026l\(escape)[?2004l\(escape)[?25h")
    #expect(screen.isCursorVisible)
    #expect(!screen.bracketedPasteEnabled)
    #expect(!screen.isSynchronizedOutputActive)
    #expect(screen.ignoredSequences.isEmpty)
}

@Test func cursorPositionRequestIsAnswered() {
    let screen = screen(after: "\r\nab\(escape)[6n\(escape)[5n")
    #expect(screen.pendingReplies == Array("\u{1B}[2;3R".utf8))
    #expect(screen.queries == ["ESC[6n", "ESC[5n"])
}

@Test func savedCursorIsRestoredWithItsAttributes() {
    let screen = screen(after: "ab\(escape)[1m\(escape)7\(escape)[0m\r\n\(escape)8c")
    #expect(screen.line(0) == "abc")
    #expect(screen[0, 2].attributes.isBold)
}

@Test func sequencesItDoesNotModelAreRecorded() {
    let screen = screen(after: "\(escape)[?1049h\(escape)[2;3r\(escape)]8;;x\(escape)\\\(escape)(B\(escape)#8ok")
    #expect(screen.ignoredSequences == ["ESC[?1049h", "ESC]8;;x", "ESC(B"])
    #expect(screen.unsupportedSequences == ["ESC[2;3r", "ESC#8"])
    #expect(screen.text == "ok")
}

@Test func sequenceInterruptedByEscapeIsRecorded() {
    let screen = screen(after: "\(escape)[1\(escape)[2Cx")
    #expect(screen.unsupportedSequences == ["ESC[1"])
    #expect(screen.line(0) == "  x")
}

// MARK: - Resizing

@Test func narrowingCutsRowsAndClampsTheCursor() {
    var screen = screen(columns: 6, rows: 2, after: "abc中")
    screen.resize(columns: 4, rows: 2)
    #expect(screen.line(0) == "abc")
    #expect(screen.cursorColumn == 3)
    screen.resize(columns: 8, rows: 2)
    #expect(screen.line(0) == "abc")
    #expect(screen.columns == 8)
}

@Test func shorteningKeepsTheCursorRowVisible() {
    var screen = screen(columns: 4, rows: 4, after: "a\r\nb\r\nc")
    screen.resize(columns: 4, rows: 2)
    #expect(screen.lines == ["b", "c"])
    #expect(screen.scrolledOffLines == ["a"])
    #expect(screen.cursorRow == 1)
    screen.resize(columns: 4, rows: 3)
    #expect(screen.lines == ["b", "c", ""])
}

// MARK: - Arbitrary output

/// Bytes that look like terminal output often enough to reach every parser state.
private func arbitraryOutput(seed: UInt64, count: Int) -> [UInt8] {
    var generator = SplitMix64(seed: seed)
    let fragments: [[UInt8]] = [
        [0x1B], Array("[".utf8), Array(";".utf8), Array("?".utf8), Array(":".utf8), Array("]".utf8),
        Array("0123456789".utf8), Array("ABCDEFGHJKLMPSTXdfm@`hlnrsu".utf8), Array("\r\n\t\u{8}\u{7}".utf8),
        Array("中".utf8), Array("e\u{301}".utf8), Array("🇺🇸".utf8), [0x80, 0xC3, 0xFF], Array("abc".utf8),
    ]
    var bytes: [UInt8] = []
    while bytes.count < count {
        let fragment = fragments.randomElement(using: &generator) ?? []
        bytes.append(fragment.randomElement(using: &generator) ?? 0)
        if Bool.random(using: &generator) {
            bytes += fragment
        }
    }
    return bytes
}

/// What must hold after any output: the cursor is on the screen, every cell holds one grapheme
/// cluster or is the right half of a wide one, and a right half always follows a wide cluster.
private func inconsistencies(of screen: VirtualScreen) -> [String] {
    var problems: [String] = []
    if !(0..<screen.rows).contains(screen.cursorRow) || !(0..<screen.columns).contains(screen.cursorColumn) {
        problems.append("cursor at \(screen.cursorRow), \(screen.cursorColumn)")
    }
    for row in 0..<screen.rows {
        for column in 0..<screen.columns {
            let text = screen[row, column].text
            if text.isEmpty {
                if column == 0 || screen[row, column - 1].text.first?.displayWidth != 2 {
                    problems.append("right half without a wide character at \(row), \(column)")
                }
            } else if text.count != 1 {
                problems.append("\(text.count) characters at \(row), \(column)")
            }
        }
    }
    return problems
}

@Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
func arbitraryOutputKeepsTheScreenConsistent(seed: UInt64) {
    let bytes = arbitraryOutput(seed: seed, count: 20_000)
    var whole = VirtualScreen(columns: 7, rows: 5)
    whole.feed(bytes)
    var chunked = VirtualScreen(columns: 7, rows: 5)
    var generator = SplitMix64(seed: seed)
    var start = 0
    while start < bytes.count {
        let end = min(start + Int.random(in: 1...9, using: &generator), bytes.count)
        chunked.feed(bytes[start..<end])
        let problems = inconsistencies(of: chunked)
        #expect(problems.isEmpty, "after byte \(end)")
        if !problems.isEmpty { return }
        start = end
    }
    #expect(chunked.lines == whole.lines)
    #expect(chunked.cursorRow == whole.cursorRow)
    #expect(chunked.cursorColumn == whole.cursorColumn)
}
