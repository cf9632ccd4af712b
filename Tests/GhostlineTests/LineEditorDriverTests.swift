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
