import Testing
@testable import GhostlineCore

/// Clusters that are one `Character` but several scalars, which the cursor must never split.
let sampleClusters: [String] = [
    "🇫🇷",
    "👨‍👩‍👧‍👦",
    "e\u{301}",
    "\u{1100}\u{1161}\u{11A8}",
    "漢",
]

@Test func combiningMarkTypedAfterItsLetterJoinsIt() {
    var editor = Editor()
    editor.press(.text("e"), .text("\u{301}"))
    #expect(editor.state.text == "e\u{301}")
    #expect(editor.state.text.count == 1)
    #expect(editor.state.cursor == TextPosition(line: 0, offset: 3))
    editor.press(.key(.left))
    #expect(editor.state.cursor == .start)
}

@Test(arguments: sampleClusters)
func leftAndRightStepOverAWholeCluster(cluster: String) {
    var editor = Editor(marked: "a\(cluster)b|")
    editor.press(.key(.left), .key(.left))
    #expect(editor.marked == "a|\(cluster)b")
    editor.press(.key(.right))
    #expect(editor.marked == "a\(cluster)|b")
}

@Test(arguments: sampleClusters)
func backspaceAndDeleteRemoveAWholeCluster(cluster: String) {
    var editor = Editor(marked: "a\(cluster)|\(cluster)b")
    editor.press(.key(.backspace))
    #expect(editor.marked == "a|\(cluster)b")
    editor.press(.key(.delete))
    #expect(editor.marked == "a|b")
}

@Test func deletingBetweenRegionalIndicatorsLeavesTheCursorOnABoundary() {
    // Deleting "b" makes 🇫 and 🇷 one flag; the cursor, between them before, must not stay
    // inside the flag, or the next Backspace would split it (or trap on the bad index).
    var editor = Editor(marked: "🇫b|🇷")
    editor.press(.key(.backspace))
    #expect(editor.marked == "🇫🇷|")
    editor.press(.key(.backspace))
    #expect(editor.marked == "|")
}

@Test func typingALetterBeforeACombiningMarkPutsTheCursorAfterTheCluster() {
    // Not written with a `|` marker: the marker and the mark would make one `Character`.
    var editor = Editor(text: "\u{301}x")
    editor.setCursor(.start)
    editor.press(.text("e"))
    #expect(editor.marked == "e\u{301}|x")
}

@Test func typingARegionalIndicatorThatCompletesAFlagPutsTheCursorAfterTheFlag() {
    var editor = Editor(marked: "a|🇷🇩")
    editor.press(.text("🇫"))
    #expect(editor.marked == "a🇫🇷|🇩")
    editor.press(.control("_"))
    #expect(editor.marked == "a|🇷🇩")
}

@Test func setCursorInsideAClusterMovesItToTheClusterEnd() {
    var editor = Editor(text: "x👨‍👩‍👧‍👦y")
    editor.setCursor(TextPosition(line: 0, offset: 5))
    #expect(editor.marked == "x👨‍👩‍👧‍👦|y")
}

/// True when `position` is on a `Character` boundary of its line.
func isCharacterBoundary(_ position: TextPosition, in state: EditorState) -> Bool {
    guard position.line >= 0, position.line < state.lineCount else { return false }
    let line = state.line(position.line)
    var offset = 0
    if position.offset == 0 { return true }
    for character in line {
        offset += character.utf8.count
        if offset == position.offset { return true }
        if offset > position.offset { return false }
    }
    return false
}
