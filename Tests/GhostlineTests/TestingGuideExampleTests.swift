import Ghostline
import GhostlineTesting
import Testing

@Test func theFruitPromptCompletesAndSubmits() throws {
    let driver = try LineEditorDriver(columns: 30, rows: 4)
    let editor = makeFruitEditor(input: driver.input, output: driver.output)
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

@Test func theSeasonIsPrintedAboveTheEntry() throws {
    let driver = try LineEditorDriver(columns: 30, rows: 4)
    let editor = makeFruitEditor(input: driver.input, output: driver.output)
    let printer = try editor.makePrinter()

    try driver.start(editor)
    try driver.type("ap")
    announceSeason(of: "apple", through: printer)
    try driver.type("r")
    #expect(driver.screen.lines == ["apple is in season", "fruit> apr", "", ""])
    #expect(driver.screen[0, 0].attributes.foreground == .basic(2), "the app's green")
    #expect(driver.screen[0, 6].attributes == .plain, "and nothing after it")
    #expect(driver.screen.cursorRow == 1 && driver.screen.cursorColumn == 10)

    try driver.press(.key(.enter))
    #expect(driver.result == .submitted("apr"))
}
