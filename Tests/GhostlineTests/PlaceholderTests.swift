import Ghostline
import GhostlineTesting
import Testing

/// The placeholder as the editor draws it in a terminal, through the test kit.
@Suite struct PlaceholderTests {
    @Test func placeholderIsHiddenByTheFirstKeyAndBackWhenTheEntryIsEmpty() throws {
        let driver = try LineEditorDriver(columns: 40, rows: 4)
        try driver.start(makeEditor(on: driver, placeholder: "Type a message…"))
        #expect(driver.screen.line(0) == "> Type a message…")
        #expect(driver.screen[0, 2].attributes.foreground == .brightBlack)
        #expect((driver.screen.cursorRow, driver.screen.cursorColumn) == (0, 2))
        #expect(driver.screen.isCursorVisible)

        try driver.type("h")
        #expect(driver.screen.line(0) == "> h")
        #expect(driver.screen[0, 3] == ScreenCell(text: " ", attributes: .plain))
        try driver.press(.key(.backspace))
        #expect(driver.screen.line(0) == "> Type a message…")
        #expect(driver.screen.cursorColumn == 2)
        try driver.type("hi")
        try driver.press(.control("u"))
        #expect(driver.screen.line(0) == "> Type a message…", "Ctrl-U empties: placeholder back")
        try driver.type("one two")
        try driver.press(.control("w"), .control("w"))
        #expect(driver.screen.line(0) == "> Type a message…", "Ctrl-W twice")

        try driver.type("done\r")
        #expect(driver.result == .submitted("done"))
        #expect(driver.screen.line(0) == "> done", "the submitted entry stays visible, without ghost text")
        #expect((driver.screen.cursorRow, driver.screen.cursorColumn) == (1, 0))
        #expect(driver.modes == .initial)
    }

    @Test func withoutColorThePlaceholderIsDim() throws {
        let driver = try LineEditorDriver(columns: 40, rows: 4)
        let editor = makeEditor(on: driver, placeholder: "ghost")
        editor.usesColor = false
        try driver.start(editor)
        #expect(driver.screen[0, 2].attributes == CellAttributes(isDim: true))
    }

    @Test func aPlaceholderWithALineBreakShowsOnTwoRows() throws {
        let driver = try LineEditorDriver(columns: 40, rows: 4)
        try driver.start(makeEditor(on: driver, placeholder: "first\nsecond"))
        #expect(driver.screen.lines[0...1] == ["> first", "  second"])
        try driver.type("x")
        #expect(driver.screen.lines[0...1] == ["> x", ""])
    }

    @Test func theEndOfInputErasesThePlaceholder() throws {
        let driver = try LineEditorDriver(columns: 40, rows: 4)
        try driver.start(makeEditor(on: driver, placeholder: "x"))
        try driver.press(.control("d"))
        #expect(driver.result == .endOfInput)
        #expect(driver.screen.line(0) == ">", "the placeholder is erased on the way out")
        #expect(driver.modes == .initial)
    }

    @Test func aDefaultIsSubmittedOnEnterButAPlaceholderNeverIs() throws {
        let driver = try LineEditorDriver(columns: 40, rows: 4)
        let withDefault = makeEditor(on: driver)
        withDefault.defaultText = "yes"
        try driver.start(withDefault)
        #expect(driver.screen.line(0) == "> yes")
        #expect(driver.screen[0, 2].attributes.isUnderlined)
        try driver.press(.key(.enter))
        #expect(driver.result == .submitted("yes"))

        try driver.start(makeEditor(on: driver, placeholder: "yes"))
        try driver.press(.key(.enter))
        #expect(driver.result == .submitted(""))
    }
}
