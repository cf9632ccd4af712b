import Testing
@testable import GhostlineCore

private func vetoingEditor(_ marked: String) -> Editor {
    var editor = Editor(marked: marked)
    editor.shouldChangeText = { _, _ in false }
    return editor
}

@Test(arguments: [
    [KeyEvent.text("x")], [.paste("pasted")], [.control("w")], [.control("k")], [.control("u")],
    [.alt("d")], [.key(.backspace, .alt)], [.key(.backspace)], [.key(.delete)], [.control("t")],
    [.alt("u")], [.key(.tab)],
])
func aVetoBlocksTheEdit(keys: [KeyEvent]) {
    var editor = vetoingEditor("foo b|ar")
    editor.completion = { _ in ["bazooka"] }
    editor.press(keys)
    #expect(editor.state.text == "foo bar")
    #expect(editor.pendingChanges.isEmpty)
}

@Test func aVetoedKillDoesNotReachTheKillRing() {
    var editor = vetoingEditor("foo bar|")
    editor.press(.control("w"))
    editor.shouldChangeText = nil
    editor.press(.control("y"))
    #expect(editor.marked == "foo bar|")
}

@Test func theVetoSeesEachChangeAndCanBeSelective() {
    var editor = Editor()
    editor.shouldChangeText = { change, _ in change.replacement.allSatisfy(\.isNumber) }
    editor.type("1a2")
    #expect(editor.marked == "12|")
    editor.press(.key(.backspace))
    #expect(editor.marked == "1|")
}

@Test func theVetoDecidesFromTheTextBeforeTheChange() {
    var editor = Editor(text: "ab")
    editor.shouldChangeText = { change, state in state.text.utf8.count + change.replacement.utf8.count <= 4 }
    editor.type("cde")
    #expect(editor.marked == "abcd|")
}

@Test func pendingChangesRecordEachRangeAndReplacement() {
    var editor = Editor(marked: "ab|", isMultiline: true)
    editor.press(.text("c"), .key(.enter), .control("a"), .key(.backspace), .control("w"))
    let position = { (offset: Int) in TextPosition(line: 0, offset: offset) }
    #expect(editor.pendingChanges == [
        TextChange(range: position(2)..<position(2), replacement: "c"),
        TextChange(range: position(3)..<position(3), replacement: "\n"),
        TextChange(range: position(3)..<TextPosition(line: 1, offset: 0), replacement: ""),
        TextChange(range: position(0)..<position(3), replacement: ""),
    ])
    #expect(editor.marked == "|")
}

@Test func setTextIsReportedAndCanBeUndone() {
    var editor = Editor(marked: "old|")
    editor.setText("new")
    #expect(editor.pendingChanges == [TextChange(range: .start..<TextPosition(line: 0, offset: 3), replacement: "new")])
    #expect(editor.marked == "new|")
    editor.press(.control("_"))
    #expect(editor.state.text == "old")
}

@Test func anEditorThatRecordsNoChangesStillEditsAndUndoes() {
    var editor = Editor(marked: "ab|")
    editor.recordsChanges = false
    editor.press(.text("c"), .control("w"), .control("y"), .paste("d\ne"))
    editor.press(.text("xy"))
    editor.press(.control("_"))
    #expect(editor.pendingChanges.isEmpty)
    #expect(editor.state.text == "abcd e")
    editor.recordsChanges = true
    editor.press(.text("f"))
    #expect(editor.pendingChanges.map(\.replacement) == ["f"])
}
