import Testing
@testable import GhostlineCore

private func searchingEditor() -> Editor {
    var editor = Editor(marked: "dra|ft", history: History(entries: ["make test", "git commit", "make all", "ls"]))
    editor.press(.control("r"))
    return editor
}

@Test func typingAQueryShowsTheNewestMatch() {
    var editor = searchingEditor()
    #expect(editor.isSearching)
    #expect(editor.searchPrompt == "(reverse-i-search)`': ")
    editor.press(.text("m"), .text("a"))
    #expect(editor.searchPrompt == "(reverse-i-search)`ma': ")
    #expect(editor.marked == "|make all")
    editor.press(.text("k"), .text("e"), .text(" "), .text("t"))
    #expect(editor.marked == "|make test")
}

@Test func theCursorSitsAtTheMatchInTheEntry() {
    var editor = searchingEditor()
    editor.press(.text("com"))
    #expect(editor.marked == "git |commit")
}

@Test func theCursorSitsAtTheFirstMatchBetweenWholeCharacters() {
    // The first "e" is the base of "é" (e and a combining acute accent): not a match of "e".
    var editor = Editor(history: History(entries: ["cafe\u{301} exit"]))
    editor.press(.control("r"), .text("e"))
    #expect(editor.marked == "cafe\u{301} |exit")
}

@Test func theCursorSitsAtTheMatchOnALaterLineOfAnEntry() {
    var editor = Editor(history: History(entries: ["make all\nmake test"]))
    editor.isMultiline = true
    editor.press(.control("r"), .text("test"))
    #expect(editor.state.cursor == TextPosition(line: 1, offset: 5))
}

@Test func controlRAgainFindsAnOlderMatch() {
    var editor = searchingEditor()
    editor.press(.text("make"))
    #expect(editor.state.text == "make all")
    editor.press(.control("r"))
    #expect(editor.state.text == "make test")
    #expect(editor.searchPrompt == "(reverse-i-search)`make': ")
    editor.press(.control("r"))
    #expect(editor.state.text == "make test")
    #expect(editor.searchPrompt == "(failed reverse-i-search)`make': ")
}

@Test func backspaceShortensTheQuery() {
    var editor = searchingEditor()
    editor.press(.text("git"), .text(" x"))
    #expect(editor.searchPrompt == "(failed reverse-i-search)`git x': ")
    #expect(editor.state.text == "git commit")
    editor.press(.key(.backspace), .key(.backspace))
    #expect(editor.searchPrompt == "(reverse-i-search)`git': ")
    #expect(editor.state.text == "git commit")
}

@Test func aQueryWithNoMatchSaysItFailed() {
    var editor = searchingEditor()
    editor.press(.text("zz"))
    #expect(editor.searchPrompt == "(failed reverse-i-search)`zz': ")
    #expect(editor.marked == "dra|ft")
}

@Test(arguments: [KeyEvent.control("g"), .key(.escape)])
func cancellingRestoresTheOriginalTextAndCursor(key: KeyEvent) {
    var editor = searchingEditor()
    editor.press(.text("git"))
    let request = editor.press(key)
    #expect(request == nil)
    #expect(!editor.isSearching)
    #expect(editor.searchPrompt == nil)
    #expect(editor.marked == "dra|ft")
}

@Test func controlCInSearchRestoresTheTextAndInterrupts() {
    var editor = searchingEditor()
    editor.press(.text("git"))
    let request = editor.press(.control("c"))
    #expect(request == .interrupt)
    #expect(editor.marked == "dra|ft")
}

@Test func enterSubmitsTheMatch() {
    var editor = searchingEditor()
    editor.press(.text("git"))
    let request = editor.press(.key(.enter))
    #expect(request == .submit("git commit"))
    #expect(!editor.isSearching)
}

@Test func anotherKeyEndsTheSearchKeepingTheMatchAndThenActs() {
    var editor = searchingEditor()
    editor.press(.text("commit"))
    #expect(editor.marked == "git |commit")
    let request = editor.press(.control("e"))
    #expect(request == nil)
    #expect(!editor.isSearching)
    #expect(editor.marked == "git commit|")
    editor.press(.control("r"), .text("it"))
    #expect(editor.marked == "g|it commit")
    editor.press(.control("b"))
    #expect(editor.marked == "|git commit")
}

@Test func noSuggestionIsShownWhileSearching() {
    var editor = Editor(marked: "make|", history: History(entries: ["make test"]))
    #expect(editor.suggestionSuffix == " test")
    editor.press(.control("r"))
    #expect(editor.suggestionSuffix == nil)
}

@Test func enterInAMultiLineSearchEndsTheSearchAtTheEndOfTheMatch() {
    var editor = Editor(history: History(entries: ["make test", "ls"]))
    editor.isMultiline = true
    editor.press(.control("r"))
    editor.press(.text("make"))
    #expect(editor.state.text == "make test")
    let request = editor.press(.key(.enter))
    #expect(request == nil, "multi-line Enter does not submit an incomplete entry")
    #expect(!editor.isSearching)
    #expect(editor.state.text == "make test\n")
}
