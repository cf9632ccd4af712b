import Testing
@testable import GhostlineCore

/// Readline's emacs commands on readline's keys (issue 23): each case the text before with `|`
/// for the cursor, the keys, and the text after, as readline 8.2 leaves it.
@Test(arguments: [
    // Numeric arguments: counts repeat, a negative one turns round, digits typed after extend it.
    ("|", [KeyEvent.alt("3"), .text("x")], "xxx|"),
    ("|", [.alt("1"), .text("2"), .text("x")], "xxxxxxxxxxxx|"),
    ("|", [.alt("3"), .text("5x")], String(repeating: "x", count: 35) + "|"),
    ("|", [.alt("-"), .text("x")], "|"),
    ("abcdef|", [.alt("3"), .control("b")], "abc|def"),
    // Alt-- then Alt-2 is -12, as in readline: the lone `-` counts as -1 typed before the 2.
    ("abc|def", [.alt("-"), .alt("2"), .control("f")], "|abcdef"),
    ("one two three|", [.alt("2"), .alt("b")], "one |two three"),
    ("one two| three", [.alt("-"), .control("k")], "| three"),
    ("foo bar|", [.alt("-"), .alt("u")], "foo BAR|"),
    ("foo bar|", [.alt("-"), .alt("2"), .alt("c")], "Foo Bar|"),
    ("abcdef|", [.alt("2"), .key(.backspace)], "abcd|"),
    // Words are letters and digits only.
    ("foo_bar|", [.key(.backspace, .alt)], "foo_|"),
    ("|foo_bar", [.alt("c")], "Foo|_bar"),
    // The case commands move over what they looked at, a word or not.
    ("foo  |", [.alt("u")], "foo  |"),
    ("foo|  - ", [.alt("u")], "foo  - |"),
    ("|foo_bar", [.alt("2"), .alt("c")], "Foo_Bar|"),
    // Alt-T, Ctrl-], Alt-\.
    ("foo bar|", [.alt("t")], "bar foo|"),
    ("foo| bar", [.alt("t")], "bar foo|"),
    ("foo|", [.alt("t")], "foo|"),
    ("|abcabc", [.control("]"), .text("c")], "ab|cabc"),
    ("|abcabc", [.alt("2"), .control("]"), .text("c")], "abcab|c"),
    ("abcabc|", [.key(.character("]"), [.control, .alt]), .text("a")], "abc|abc"),
    ("|abc", [.control("]"), .text("z")], "|abc"),
    ("|axbxc", [.alt("3"), .control("]"), .text("x")], "axb|xc"),
    ("axbxc|", [.alt("3"), .key(.character("]"), [.control, .alt]), .text("x")], "a|xbxc"),
    ("a  | \tb", [.alt("\\")], "a|b"),
    // Ctrl-T with a count carries the character on.
    ("a|bcd", [.alt("2"), .control("t")], "bca|d"),
    // Ctrl-V inserts a control key as its byte.
    ("|", [.control("v"), .control("a")], "\u{01}|"),
    ("|", [.alt("3"), .control("q"), .key(.tab)], "\t\t\t|"),
])
func readlineCommand(before: String, keys: [KeyEvent], after: String) {
    var editor = Editor(marked: before)
    editor.showsSuggestions = false
    editor.press(keys)
    #expect(editor.marked == after, "keys \(keys)")
}

@Test func argumentIsShownInPlaceOfThePrompt() {
    var editor = Editor(marked: "|")
    editor.press(.alt("1"), .text("2"))
    #expect(editor.argumentPrompt == "(arg: 12) ")
    let presentation = editor.presentation(prompt: StyledText("> "), continuationPrompt: StyledText(""), placeholder: nil)
    #expect(presentation.prompt.text == "(arg: 12) ")
    editor.press(.text("x"))
    #expect(editor.argumentPrompt == nil)
    editor.press(.alt("-"))
    #expect(editor.argumentPrompt == "(arg: -1) ")
}

@Test func argumentAboveAMillionRingsTheBellAndIsDropped() {
    var editor = Editor(marked: "|")
    #expect(editor.press(.alt("9"), .text("99999")) == nil)
    #expect(editor.press(.text("9")) == .bell)
    #expect(editor.numericArgument == nil)
    editor.press(.text("x"))
    #expect(editor.marked == "x|")
}

@Test func yankLastArgumentWalksBackThroughHistory() {
    var history = History()
    history.add("echo one two")
    history.add("ls -la foo")
    var editor = Editor(marked: "|", history: history)
    editor.type("cat ")
    editor.press(.alt("."))
    #expect(editor.marked == "cat foo|")
    editor.press(.alt("."))
    #expect(editor.marked == "cat two|")
    editor.press(.alt("-"), .alt("."))
    #expect(editor.marked == "cat foo|")
    editor.press(.control("e"), .text(" "), .alt("1"), .alt("."))
    #expect(editor.marked == "cat foo -la|")
    editor.press(.text(" "), .key(.character("y"), [.control, .alt]))
    #expect(editor.marked == "cat foo -la -la|")
    #expect(Editor.historyWords("cd ../src && make 'a b'") == ["cd", "../src", "&&", "make", "'a b'"])
}

@Test func markIsSetAndExchanged() {
    var editor = Editor(marked: "|")
    editor.type("abc")
    editor.press(.control("a"), .alt(" "), .control("e"))
    editor.press(.control("x"), .control("x"))
    #expect(editor.marked == "|abc")
    editor.press(.control("x"), .control("x"))
    #expect(editor.marked == "abc|")
    // A kill leaves the mark where the cursor is after it.
    editor.press(.key(.backspace, .alt), .text("xyz"), .control("x"), .control("x"))
    #expect(editor.marked == "|xyz")
}

@Test func keyboardMacroReplaysThroughTheKeyPath() {
    var editor = Editor(marked: "|")
    editor.press(.control("x"), .text("("), .text("ab"), .control("b"), .control("x"), .text(")"))
    #expect(editor.marked == "a|b")
    editor.press(.control("x"), .text("e"))
    #expect(editor.marked == "aa|bb")
    editor.press(.alt("2"), .control("x"), .text("e"))
    #expect(editor.marked == "aaaa|bbbb")
    // A second macro replaces the first, and both survive a new entry.
    editor.press(.control("x"), .text("("), .control("a"), .control("x"), .text(")"))
    editor.startNewEntry(text: "xyz")
    editor.press(.control("x"), .text("e"))
    #expect(editor.marked == "|xyz")
    editor.press(.control("x"), .text("(z)"), .control("x"), .text("e"))
    #expect(editor.marked == "z)|xyz")
}

@Test func aCountToCtrlXParenthesisRunsTheNewMacroAgain() {
    // Counting the recording as the first run; the argument's keys are not in the macro.
    var editor = Editor(marked: "|")
    editor.press(.control("x"), .text("("), .text("x"), .alt("3"), .control("x"), .text(")"))
    #expect(editor.marked == "xxx|")
    editor.press(.control("x"), .text("e"))
    #expect(editor.marked == "xxxx|")
}

@Test func countsPastReadlinesLimitAreItsAbort() {
    // readline sets a copy of the macro going for each time: below zero, or past 17, its abort.
    for count in [[KeyEvent.alt("-")], [.alt("1"), .text("8")]] {
        var editor = Editor(marked: "|")
        editor.press(.control("x"), .text("("), .text("x"), .control("x"), .text(")"))
        #expect(editor.press(count + [.control("x"), .text("e")]) == .bell, "\(count)")
        #expect(editor.press(.control("x"), .text("e")) == .bell, "\(count): the macro is gone")
        #expect(editor.marked == "x|", "\(count)")
    }
    var seventeen = Editor(marked: "|")
    seventeen.press(.control("x"), .text("("), .text("x"), .control("x"), .text(")"))
    seventeen.press(.alt("1"), .text("7"), .control("x"), .text("e"))
    #expect(seventeen.state.text == String(repeating: "x", count: 18))
    var zero = Editor(marked: "|")
    #expect(zero.press(.control("x"), .text("("), .text("x"), .alt("0"), .control("x"), .text(")")) == .bell)
    #expect(zero.press(.control("x"), .text("e")) == .bell, "Ctrl-X ) with a count below one")
}

@Test func aMacroLeavesThePreviousCommandItsLastKeyLeft() {
    // A macro ending in Ctrl-Y: Alt-Y after Ctrl-X e takes the kill before, as after Ctrl-Y.
    var editor = Editor(marked: "one two|")
    editor.press(.key(.backspace, .alt), .control("a"), .control("k"))
    editor.press(.control("x"), .text("("), .control("y"), .control("x"), .text(")"))
    #expect(editor.marked == "one |")
    editor.press(.control("x"), .text("e"), .alt("y"))
    #expect(editor.marked == "one two|")
}

@Test func theKillRingKeepsTenKillsAsReadlines() {
    var ring = KillRing()
    for index in 0..<12 { ring.kill("k\(index)", joiningPrevious: false, backward: false) }
    #expect(ring.entries == (2..<12).map { "k\($0)" })
}

@Test func aCountOfZeroDeletesNothingYetIsAKill() {
    // readline's kill of no text still makes the next kill join the last one.
    var editor = Editor(marked: "one two|")
    editor.press(.control("w"), .control("a"), .alt("0"), .control("d"), .control("k"), .control("y"))
    #expect(editor.marked == "twoone |")
}

@Test func anArgumentToCtrlXParenthesisAppendsToTheMacro() {
    // The last macro runs, and recording goes on after its keys, as in emacs.
    var editor = Editor(marked: "|")
    editor.press(.control("x"), .text("("), .text("x"), .control("x"), .text(")"))
    editor.press(.alt("1"), .control("x"), .text("("), .text("y"), .control("x"), .text(")"))
    #expect(editor.marked == "xxy|")
    editor.press(.control("x"), .text("e"))
    #expect(editor.marked == "xxyxy|")
}

@Test func readlinesAbortForgetsTheKeyboardMacro() {
    // Ctrl-G, a yank with nothing killed, Ctrl-X ( while recording, Ctrl-X ) while not: the
    // bell, and the macro is gone, so Ctrl-X e after them is the bell too.
    let aborts: [[KeyEvent]] = [[.control("g")], [.control("y")], [.control("x"), .text("("), .control("x"), .text("(")],
                                [.control("x"), .text(")")]]
    for abort in aborts {
        var editor = Editor(marked: "|")
        editor.press(.control("x"), .text("("), .text("a"), .control("x"), .text(")"))
        #expect(editor.press(abort) == .bell, "\(abort)")
        #expect(editor.press(.control("x"), .text("e")) == .bell, "\(abort)")
        #expect(editor.marked == "a|", "\(abort)")
    }
}

@Test func anAbortStopsTheMacroBeingReplayed() {
    // Ctrl-X e while recording rings the bell and leaves its Ctrl-X in the macro, as readline's
    // does: replayed, Ctrl-X then `r` finishes no chord, which stops the macro and forgets it.
    var editor = Editor(marked: "|")
    editor.press(.control("x"), .text("("), .text("q"), .control("x"), .text("e"))
    editor.press(.text("r"), .control("x"), .text(")"), .text("Z"))
    #expect(editor.marked == "qrZ|")
    #expect(editor.press(.control("x"), .text("e")) == .bell)
    editor.press(.text("W"))
    #expect(editor.marked == "qrZqW|")
    #expect(editor.press(.control("x"), .text("e")) == .bell)
    #expect(editor.marked == "qrZqW|")
}

@Test func aBellThatIsNoAbortLetsTheMacroGoOn() {
    // A history substring search that finds nothing rings readline's bell without an abort.
    var keys = KeyMap.standard
    keys.bind(.control("o"), to: .historySubstringSearchBackward)
    var editor = Editor(marked: "|", keyMap: keys)
    #expect(editor.press(.control("x"), .text("("), .text("a"), .control("o")) == .bell)
    editor.press(.text("b"), .control("x"), .text(")"))
    #expect(editor.press(.control("x"), .text("e")) == .bell)
    #expect(editor.marked == "abab|")
}

@Test func backwardKillsWithNothingToKillLeaveTheMark() {
    // readline's Ctrl-U and Ctrl-W at the line's start ring the bell and set no mark.
    for kill in [KeyEvent.control("u"), .control("w")] {
        var editor = Editor(marked: "ab|")
        editor.press(.alt(" "), .control("a"), kill, .text("x"), .control("x"), .control("x"))
        #expect(editor.marked == "xa|b", "\(kill)")
    }
}

@Test func transposingAtTheEndBringsAMarkThereBack() {
    // readline takes the character out and puts it back: the mark at the end comes back one.
    var editor = Editor(marked: "abc|")
    editor.press(.alt(" "), .control("t"), .control("x"), .control("x"))
    #expect(editor.marked == "ac|b")
}

@Test func insertCommentSubmitsTheLineCommentedOut() {
    var editor = Editor(marked: "echo hi|")
    #expect(editor.press(.alt("#")) == .submit("#echo hi"))
    var toggled = Editor(marked: "#echo hi|")
    #expect(toggled.press(.alt("1"), .alt("#")) == .submit("echo hi"))
}

@Test func revertLineTakesBackEveryChange() {
    var editor = Editor(marked: "|")
    editor.type("one two")
    editor.press(.control("w"), .text("x"), .alt("r"))
    #expect(editor.marked == "|")
    var recalled = Editor(marked: "|", history: { var history = History(); history.add("ls"); return history }())
    recalled.press(.control("p"), .text("x"), .key(.character("r"), [.control, .alt]))
    #expect(recalled.state.text == "ls")
}

@Test func beginningAndEndOfHistory() {
    var history = History()
    for entry in ["first", "second", "third"] { history.add(entry) }
    var editor = Editor(marked: "|", history: history)
    editor.type("draft")
    editor.press(.alt("<"))
    #expect(editor.state.text == "first")
    editor.press(.alt(">"))
    #expect(editor.state.text == "draft")
}

@Test func overwriteModeIsBindableAndOffByDefault() {
    var keys = KeyMap.standard
    keys.bind(.key(.insert), to: .toggleOverwrite)
    var editor = Editor(marked: "a|bcd", keyMap: keys)
    editor.press(.key(.insert), .text("X"), .text("Y"))
    #expect(editor.marked == "aXY|d")
    editor.press(.key(.backspace))
    #expect(editor.marked == "aX| d")
    editor.startNewEntry(text: "ab")
    editor.press(.control("a"), .text("Z"))
    #expect(editor.marked == "Z|ab")
}

@Test func redoMovedToAltSlashAndCtrlXCtrlEAsksForTheExternalEditor() {
    var editor = Editor(marked: "|")
    editor.type("abc ")
    editor.press(.control("_"))
    editor.press(.alt("/"))
    #expect(editor.marked == "abc |")
    #expect(editor.press(.control("x"), .control("e")) == .editExternally("abc "))
    editor.finishExternalEdit(with: "edited")
    #expect(editor.marked == "edited|")
    editor.press(.control("_"))
    #expect(editor.state.text == "abc ")
}

/// Alt-R on an entry recalled from history and not changed: nothing to revert, and the cursor
/// stays where it was moved, as readline leaves it.
@Test func revertingAnEntryRecalledUnchangedLeavesTheCursor() {
    var editor = Editor(marked: "|", history: History(entries: ["make all"]))
    editor.press(.control("p"), .control("b"), .control("b"), .alt("r"))
    #expect(editor.marked == "make a|ll")
}
