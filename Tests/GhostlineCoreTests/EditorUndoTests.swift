import Testing
@testable import GhostlineCore

@Test func aTypedWordIsOneUndoStep() {
    var editor = Editor()
    editor.type("hello world")
    editor.press(.control("_"))
    #expect(editor.marked == "hello|")
    editor.press(.control("_"))
    #expect(editor.marked == "|")
    editor.press(.control("_"))
    #expect(editor.marked == "|")
}

@Test func theUndoChordWorksLikeControlUnderscore() {
    var editor = Editor()
    editor.type("hello world")
    let request = editor.press(.control("x"))
    #expect(request == nil)
    #expect(editor.marked == "hello world|")
    editor.press(.control("u"))
    #expect(editor.marked == "hello|")
}

@Test func aCursorMoveEndsTheTypingStep() {
    var editor = Editor()
    editor.type("ab")
    editor.press(.key(.left))
    editor.type("c")
    editor.press(.control("_"))
    #expect(editor.marked == "a|b")
    editor.press(.control("_"))
    #expect(editor.marked == "|")
}

@Test(arguments: [
    ("foo bar|", KeyEvent.control("w")),
    ("foo| bar", .control("k")),
    ("foo| bar", .control("u")),
    ("foo| bar", .alt("d")),
    ("foo b|ar", .key(.backspace)),
    ("foo b|ar", .key(.delete)),
    ("foo| bar", .alt("u")),
    ("f|oo bar", .control("t")),
])
func undoOfAnEditRestoresTextAndCursor(before: String, key: KeyEvent) {
    var editor = Editor(marked: before)
    editor.press(key)
    #expect(editor.marked != before)
    editor.press(.control("_"))
    #expect(editor.marked == before)
}

@Test func undoOfAYankRemovesIt() {
    var editor = Editor(marked: "foo bar|")
    editor.press(.control("w"), .control("y"), .control("y"))
    #expect(editor.marked == "foo barbar|")
    editor.press(.control("_"))
    #expect(editor.marked == "foo bar|")
}

@Test func redoRedoesWhatUndoUndid() {
    var editor = Editor()
    editor.type("hello world")
    editor.press(.control("_"), .control("_"))
    #expect(editor.marked == "|")
    editor.press(.alt("/"))
    #expect(editor.marked == "hello|")
    editor.press(.alt("/"))
    #expect(editor.marked == "hello world|")
    editor.press(.alt("/"))
    #expect(editor.marked == "hello world|")
}

@Test func aNewEditClearsRedo() {
    var editor = Editor()
    editor.type("hello world")
    editor.press(.control("_"))
    editor.type("!")
    editor.press(.alt("/"))
    #expect(editor.marked == "hello!|")
    editor.press(.control("_"))
    #expect(editor.marked == "hello|")
}

@Test func undoAndRedoAreReportedAsChanges() {
    var editor = Editor()
    editor.type("hi")
    editor.pendingChanges.removeAll()
    editor.press(.control("_"))
    #expect(editor.pendingChanges.last?.replacement == "")
    editor.press(.alt("/"))
    #expect(editor.pendingChanges.last?.replacement == "hi")
}

@Test func startingANewEntryForgetsUndo() {
    var editor = Editor()
    editor.type("old")
    editor.startNewEntry()
    editor.press(.control("_"))
    #expect(editor.marked == "|")
}

@Test func aSpaceStartsAWordAfterAnyCharacterThatIsNotWhitespace() {
    var editor = Editor()
    editor.type("中 文")
    editor.press(.control("_"))
    #expect(editor.marked == "中|")
    editor.press(.control("_"))
    #expect(editor.marked == "|")
}

@Test func aSpaceAfterWhitespaceContinuesTheStep() {
    var editor = Editor()
    editor.type("a\u{3000} b")
    editor.press(.control("_"))
    #expect(editor.marked == "a|", "the ideographic space and the space after it are one step with b")
}

@Test func typingOnALineAfterALineBreakUndoesWithIt() {
    var editor = Editor(marked: "|", isMultiline: true)
    editor.type("ab")
    editor.press(.key(.enter))
    editor.type("cd ef")
    editor.press(.control("_"))
    #expect(editor.marked == "ab\ncd|")
    editor.press(.control("_"))
    #expect(editor.marked == "ab\n|")
    editor.press(.alt("/"))
    #expect(editor.marked == "ab\ncd|")
}

@Test func undoKeepsTheNewestGroupsUpToItsLimit() {
    var editor = Editor()
    editor.undoHistory.limit = 3
    // Five groups: "one", " two", " three", a kill, " four".
    editor.type("one two three")
    editor.press(.control("w"))
    editor.type(" four")
    #expect(editor.marked == "one two  four|")
    for _ in 0..<5 { editor.press(.control("_")) }
    // The three newest came out; the two oldest are forgotten.
    #expect(editor.marked == "one two|")
    // Redo puts them back in order, and undo takes them out again.
    for _ in 0..<3 { editor.press(.alt("/")) }
    #expect(editor.marked == "one two  four|")
    editor.press(.control("_"))
    #expect(editor.marked == "one two |")
}

@Test func undoAndRedoAlternateOverManyGroups() {
    var editor = Editor()
    editor.type("a b c d")
    editor.press(.control("_"), .control("_"))
    #expect(editor.marked == "a b|")
    editor.press(.alt("/"))
    #expect(editor.marked == "a b c|")
    editor.type(" e")
    editor.press(.alt("/"))
    #expect(editor.marked == "a b c e|", "a new edit drops what could be redone")
    editor.press(.control("_"), .control("_"), .control("_"))
    #expect(editor.marked == "a|")
}
