import Ghostline
import GhostlineTesting
import Testing

/// The app's prompt, as the app's own code sets it up.
func configureFruitPrompt(_ editor: LineEditor) {
    editor.placeholder = "a fruit"
    editor.completion = { context in
        ["apple", "apricot", "banana"].filter { $0.hasPrefix(context.word) }
    }
}

@Test func theFruitPromptCompletesAndSubmits() throws {
    let driver = try LineEditorDriver(columns: 30, rows: 4)
    let editor = LineEditor(prompt: "fruit> ", input: driver.input, output: driver.output)
    configureFruitPrompt(editor)
    // NO_COLOR in the test's environment would draw the placeholder dim instead of gray.
    editor.usesColor = true

    try driver.start(editor)
    #expect(driver.screen.line(0) == "fruit> a fruit")
    #expect(driver.screen[0, 7].attributes.foreground == .brightBlack)
    #expect(driver.screen.cursorColumn == 7)

    try driver.type("ban")
    try driver.press(.key(.tab))
    #expect(driver.screen.line(0) == "fruit> banana")

    try driver.press(.control("a"), .control("k"))
    #expect(driver.screen.line(0) == "fruit> a fruit", "the placeholder is back")

    try driver.type("apple")
    try driver.press(.key(.enter))
    #expect(driver.result == .submitted("apple"))
    #expect(driver.screen.line(0) == "fruit> apple")
    #expect(driver.modes == .initial, "the terminal is left as it was found")
}
