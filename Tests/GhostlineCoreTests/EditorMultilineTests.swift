import Testing
@testable import GhostlineCore

@Test func enterInsertsALineBreakInMultilineMode() {
    var editor = Editor(marked: "one|", isMultiline: true)
    let request = editor.press(.key(.enter))
    #expect(request == nil)
    editor.type("two")
    #expect(editor.marked == "one\ntwo|")
    #expect(editor.state.lineCount == 2)
    let secondRequest = editor.press(.key(.enter, .alt))
    #expect(secondRequest == .submit("one\ntwo"))
}

@Test func enterSubmitsInMultilineModeWhenTheTextIsComplete() {
    var editor = Editor(marked: "(a|", isMultiline: true)
    editor.isComplete = { text in text.filter { $0 == "(" }.count == text.filter { $0 == ")" }.count }
    let request = editor.press(.key(.enter))
    #expect(request == nil)
    #expect(editor.marked == "(a\n|")
    editor.press(.text(")"))
    let secondRequest = editor.press(.key(.enter))
    #expect(secondRequest == .submit("(a\n)"))
}

@Test func enterSubmitsInSingleLineMode() {
    var editor = Editor(marked: "one|")
    let request = editor.press(.key(.enter))
    #expect(request == .submit("one"))
    #expect(editor.state.lineCount == 1)
}

@Test func pastedLineBreaksBecomeSpacesInSingleLineMode() {
    var editor = Editor(marked: "a|b")
    let request = editor.press(.paste("1\n2\n"))
    #expect(request == nil)
    #expect(editor.marked == "a1 2 |b")
}

@Test func pastedLineBreaksStayInMultilineMode() {
    var editor = Editor(marked: "a|b", isMultiline: true)
    editor.press(.paste("1\n2"))
    #expect(editor.marked == "a1\n2|b")
    editor.press(.control("_"))
    #expect(editor.marked == "a|b")
}

@Test func backspaceAndDeleteJoinLines() {
    var editor = Editor(marked: "one\n|two", isMultiline: true)
    editor.press(.key(.backspace))
    #expect(editor.marked == "one|two")
    editor.press(.key(.enter), .key(.left), .key(.delete))
    #expect(editor.marked == "one|two")
}

// Width 10 with a 2-column prompt: the first row holds 8 columns of text, later rows 10.
private let narrow = TextGeometry(width: 10, firstLineStart: 2, otherLinesStart: 2)

@Test func upAndDownMoveAcrossWrappedRowsKeepingTheColumn() {
    // Row 0: "abcdefgh" (columns 2-9); row 1: "ijklmnopqr"; row 2: "st".
    var editor = Editor(marked: "abcdefghijklmnopqrst|")
    editor.geometry = narrow
    editor.press(.key(.up))
    #expect(editor.marked == "abcdefghij|klmnopqrst")
    editor.press(.key(.up))
    #expect(editor.marked == "|abcdefghijklmnopqrst")
    editor.press(.key(.down))
    #expect(editor.marked == "abcdefghij|klmnopqrst")
    editor.press(.key(.down))
    #expect(editor.marked == "abcdefghijklmnopqrst|")
}

@Test func theGoalColumnSurvivesAShortRow() {
    // Line 0 wraps after "abcdefgh"; the cursor is at column 6 of its second row.
    var editor = Editor(marked: "abcdefghijklmn|opqr\nxy\nabcdefghijklmnopqrstu", isMultiline: true)
    editor.geometry = narrow
    editor.press(.key(.down))
    #expect(editor.marked == "abcdefghijklmnopqr\nxy|\nabcdefghijklmnopqrstu")
    editor.press(.key(.down))
    #expect(editor.marked == "abcdefghijklmnopqr\nxy\nabcd|efghijklmnopqrstu")
    editor.press(.key(.up), .key(.up))
    #expect(editor.marked == "abcdefghijklmn|opqr\nxy\nabcdefghijklmnopqrstu")
}

@Test func upOnTheFirstRowWalksHistoryAndTheDraftComesBack() {
    var editor = Editor(marked: "dr|aft", history: History(entries: ["first", "second"]))
    editor.geometry = narrow
    editor.press(.key(.up))
    #expect(editor.state.text == "second")
    editor.press(.key(.up))
    #expect(editor.state.text == "first")
    editor.press(.key(.up))
    #expect(editor.state.text == "first")
    editor.press(.key(.down))
    #expect(editor.state.text == "second")
    editor.press(.key(.down))
    #expect(editor.marked == "draft|")
    editor.press(.key(.down))
    #expect(editor.marked == "draft|")
}

@Test func upInTheMiddleOfMultilineTextMovesInsteadOfWalkingHistory() {
    var editor = Editor(marked: "one\ntw|o", history: History(entries: ["old"]), isMultiline: true)
    editor.press(.key(.up))
    #expect(editor.marked == "on|e\ntwo")
    editor.press(.key(.up))
    #expect(editor.state.text == "old")
    editor.press(.key(.down))
    #expect(editor.marked == "one\ntwo|")
}

@Test func downOnTheLastRowWalksForwardFromARecalledMultilineEntry() {
    var editor = Editor(history: History(entries: ["a\nb", "c"]))
    editor.isMultiline = true
    editor.press(.control("p"), .control("p"))
    #expect(editor.state.text == "a\nb")
    editor.press(.key(.down))
    #expect(editor.state.text == "a\nb")
    editor.press(.key(.down))
    #expect(editor.state.text == "c")
    editor.press(.control("n"))
    #expect(editor.marked == "|")
}
