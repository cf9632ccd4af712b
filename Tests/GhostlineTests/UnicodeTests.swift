import Ghostline
import GhostlineTesting
import Testing

/// Wide characters, clusters and resizes as a terminal shows them, through the test kit.
@Suite struct UnicodeTests {
    @Test func chinesePlaceholderAndTypingAtTwentyColumns() throws {
        let driver = try LineEditorDriver(columns: 20, rows: 4)
        try driver.start(makeEditor(on: driver, placeholder: "请输入内容…"))
        #expect(driver.screen.line(0) == "> 请输入内容…")
        #expect(driver.screen[0, 2].attributes.foreground == .brightBlack)
        #expect(driver.screen.cursorColumn == 2)
        try driver.type("中文输入测试中文输入测试")
        // "> " + 9 wide characters = 20 columns, the rest wraps to the next row.
        #expect(driver.screen.lines[0...1] == ["> 中文输入测试中文输", "入测试"])
        #expect((driver.screen.cursorRow, driver.screen.cursorColumn) == (1, 6))
        try driver.press(.key(.backspace), .key(.backspace), .control("b"), .control("b"))
        try driver.type("x\r")
        #expect(driver.result == .submitted("中文输入测试中文x输入"))
    }

    @Test func emojiAndCombiningCharactersAreOneStepEach() throws {
        let driver = try LineEditorDriver(columns: 30, rows: 4)
        try driver.start(makeEditor(on: driver))
        try driver.type("a👨‍👩‍👧‍👦🇫🇷e\u{301}b")
        #expect(driver.cursorLine.hasSuffix("b"))
        // Left over b, é and the flag, then delete the family with Backspace.
        try driver.press(.key(.left), .key(.left), .key(.left), .key(.backspace), .key(.enter))
        #expect(driver.result == .submitted("a🇫🇷e\u{301}b"))
    }

    @Test func aResizeWhileThePlaceholderShowsRedrawsItForTheNewWidth() throws {
        let driver = try LineEditorDriver(columns: 40, rows: 6)
        try driver.start(makeEditor(on: driver, placeholder: "请输入内容请输入内容"))
        #expect(driver.screen.line(0) == "> 请输入内容请输入内容")
        try driver.resize(columns: 12, rows: 6)
        // "> " and five wide characters fill the 12 columns; the other five wrap.
        #expect(driver.screen.lines[0...2] == ["> 请输入内容", "请输入内容", ""])
        #expect((driver.screen.cursorRow, driver.screen.cursorColumn) == (0, 2))
        try driver.resize(columns: 60, rows: 6)
        #expect(driver.screen.lines[0...1] == ["> 请输入内容请输入内容", ""])
        try driver.type("ok\r")
        #expect(driver.result == .submitted("ok"))
    }
}
