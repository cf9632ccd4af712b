import Testing
@testable import GhostlineCore

@Test func controlDOnAnEmptyEntryEndsInput() {
    var editor = Editor()
    let request = editor.press(.control("d"))
    #expect(request == .endOfFile)
}

@Test func controlDOnTextDeletesForward() {
    var editor = Editor(marked: "a|bc")
    let request = editor.press(.control("d"))
    #expect(request == nil)
    #expect(editor.marked == "a|c")
    editor.press(.control("e"), .control("d"))
    #expect(editor.marked == "ac|")
}

@Test(arguments: [
    (KeyEvent.control("c"), EditorRequest.interrupt),
    (.control("z"), .suspend),
    (.control("l"), .clearScreen),
])
func sessionKeysAskTheProgram(key: KeyEvent, expected: EditorRequest) {
    var editor = Editor(marked: "some| text")
    let request = editor.press(key)
    #expect(request == expected)
    #expect(editor.marked == "some| text")
}

@Test func aCustomBindingIsHandedBackByName() {
    var keys = KeyMap.standard
    keys.bind(.control("o"), to: .custom("open-editor"))
    var editor = Editor(keyMap: keys)
    let request = editor.press(.control("o"))
    #expect(request == .custom("open-editor"))
    #expect(KeyMap.standard.command(for: [.control("o")]) == .submitAndRecallNext, "the standard map is unchanged")
}

@Test func rebindingAKeyInACopyChangesOnlyTheCopy() {
    var keys = KeyMap.standard
    keys.bind(.control("a"), to: .moveToEnd)
    keys.bind(.control("t"), to: .ignore)
    var editor = Editor(marked: "ab|cd", keyMap: keys)
    editor.press(.control("a"))
    #expect(editor.marked == "abcd|")
    editor.press(.key(.left), .control("t"))
    #expect(editor.marked == "abc|d")
    #expect(KeyMap.standard.command(for: [.control("a")]) == .moveToLineStart)
}

@Test func aChordWaitsForItsSecondKey() {
    var keys = KeyMap()
    keys.bind(.control("x"), .control("e"), to: .custom("edit"))
    var editor = Editor(keyMap: keys)
    #expect(keys.isPrefix([.control("x")]))
    let request = editor.press(.control("x"))
    #expect(request == nil)
    let secondRequest = editor.press(.control("e"))
    #expect(secondRequest == .custom("edit"))
    let thirdRequest = editor.press(.control("e"))
    #expect(thirdRequest == nil)
}

@Test func aKeyThatFinishesNoChordRingsTheBellAndIsTakenWithThePrefix() {
    // readline's abort, as in emacs: Ctrl-X then a key bound to nothing after it.
    var editor = Editor(marked: "ab|")
    #expect(editor.press(.control("x"), .control("a")) == .bell)
    #expect(editor.marked == "ab|")
    #expect(editor.press(.control("x"), .text("cd")) == .bell, "text read with the key")
    #expect(editor.marked == "abd|", "the first character went with the prefix, the rest is typed")
}

@Test func unbindingAChordForgetsItsPrefix() {
    // Every Ctrl-X chord unbound (the standard map has readline's, issue 23): Ctrl-X is a key again.
    var keys = KeyMap.standard
    for chord in keys.allBindings where chord.keys.count > 1 && chord.keys[0] == .control("x") {
        keys.unbind(chord.keys[0], chord.keys[1])
    }
    #expect(keys.command(for: [.control("x"), .control("u")]) == nil)
    #expect(!keys.isPrefix([.control("x")]))
    var editor = Editor(marked: "ab|", keyMap: keys)
    editor.press(.control("x"), .text("c"))
    #expect(editor.marked == "abc|")
}

@Test func unbindingOneChordKeepsThePrefixOfAnother() {
    var keys = KeyMap()
    keys.bind(.control("x"), .control("u"), to: .undo)
    keys.bind(.control("x"), .control("e"), to: .custom("edit"))
    keys.unbind(.control("x"), .control("u"))
    #expect(keys.isPrefix([.control("x")]))
}

@Test func anEmptyKeyMapOnlyInsertsText() {
    var editor = Editor(keyMap: KeyMap())
    editor.type("hi")
    let request = editor.press(.key(.enter))
    #expect(request == nil)
    let secondRequest = editor.press(.control("d"))
    #expect(secondRequest == nil)
    editor.press(.key(.left))
    #expect(editor.marked == "hi|")
}

@Test func everyStandardBindingIsListed() {
    let listed = KeyMap.standard.allBindings
    #expect(listed.contains { $0.keys == [.control("x"), .control("u")] && $0.command == .undo })
    #expect(listed.contains { $0.keys == [.control("r")] && $0.command == .reverseSearch })
    for binding in listed {
        #expect(KeyMap.standard.command(for: binding.keys) == binding.command)
    }
}

/// The standard map is kept as written, without the replacing that `bind` does, so a sequence
/// written twice in it would leave the second binding unreachable.
@Test func theStandardMapBindsEverySequenceOnce() {
    let sequences = KeyMap.standard.allBindings.map(\.keys)
    for (index, keys) in sequences.enumerated() {
        #expect(!sequences[(index + 1)...].contains(keys), "\(keys) is bound twice")
    }
}

@Test func rebindingASequenceReplacesItsCommandInPlace() {
    var keys = KeyMap()
    keys.bind(.control("a"), to: .moveToLineStart)
    keys.bind(.control("b"), to: .moveLeft)
    keys.bind(.control("a"), to: .moveToEnd)
    #expect(keys.command(for: [.control("a")]) == .moveToEnd)
    #expect(keys.allBindings.map(\.keys) == [[.control("a")], [.control("b")]])
}

/// Keys whose first scalars are the same, text of the same length and chords that share their
/// first key are told apart: the map's scan matches numbers first, then the keys themselves.
@Test func keysThatShareTheirFirstScalarAreToldApart() {
    var map = KeyMap()
    map.bind(.control("e"), to: .moveToLineEnd)
    map.bind(.control("e\u{301}"), to: .moveToLineStart)
    map.bind(.text("ab"), to: .undo)
    map.bind(.control("x"), .control("e"), to: .redo)
    map.bind(.control("x"), .control("u"), to: .undo)
    map.bind(.key(.function(1)), to: .clearScreen)
    #expect(map.command(for: [.control("e")]) == .moveToLineEnd)
    #expect(map.command(for: [.control("e\u{301}")]) == .moveToLineStart)
    #expect(map.command(for: [.alt("e")]) == nil)
    #expect(map.command(for: [.text("ab")]) == .undo)
    #expect(map.command(for: [.text("cd")]) == nil)
    #expect(map.command(for: [.paste("ab")]) == nil)
    #expect(map.command(for: [.control("x")]) == nil)
    #expect(map.isPrefix([.control("x")]))
    #expect(!map.isPrefix([.control("e")]))
    #expect(map.command(for: [.control("x"), .control("e")]) == .redo)
    #expect(map.command(for: [.key(.function(1))]) == .clearScreen)
    #expect(map.command(for: [.key(.function(2))]) == nil)
    map.unbind(.control("e"))
    #expect(map.command(for: [.control("e")]) == nil)
    #expect(map.command(for: [.control("e\u{301}")]) == .moveToLineStart, "its neighbour stays")
    map.unbind(.control("x"), .control("e"))
    #expect(map.isPrefix([.control("x")]), "the other chord still starts with Ctrl-X")
    #expect(map.command(for: [.control("x"), .control("u")]) == .undo)
    map.bind(.control("e\u{301}"), to: .moveLeft)
    #expect(map.allBindings.filter { $0.keys == [.control("e\u{301}")] }.count == 1, "bound again, not twice")
    #expect(map.command(for: [.control("e\u{301}")]) == .moveLeft)
}
