import Testing
@testable import GhostlineCore

/// An init file's bindings in vi's keymaps (ViKeyBindings): keys of command mode read as the
/// keys of the vi functions they are bound to, run emacs functions and macros, or nothing; keys
/// of insert mode run commands or leave it; and the dumps `--dump-bindings` prints of them.
@Suite struct ViKeyBindingsTests {
    static let file = """
        set editing-mode vi
        set keymap vi-command
        "Q": vi-prev-word
        "z": vi-next-word
        "K": end-of-line
        "H": "0dw"
        "x": no-such-function
        "o": vi-bword
        "\\C-xa": vi-append-eol
        "\\C-k": vi-fWord
        set keymap vi-insert
        "\\C-o": vi-movement-mode
        "\\C-w": vi-undo
        "q": vi-movement-mode
        """

    static func editor(_ text: String = file) -> Editor {
        var editor = Editor.vi()
        let initFile = InitFile(text: Array(text.utf8), name: "inputrc", environment: .init(applicationName: "ghostline"))
        editor.viKeyBindings.apply(command: initFile.viCommandBindings, insert: initFile.viInsertBindings)
        return editor
    }

    /// `(keys, text with | at the cursor)`.
    @Test(arguments: [
        ("one two.three\u{1B}Q", "one |two.three"),
        ("one two.three\u{1B}0z", "one |two.three"),
        ("one two.three\u{1B}0K", "one two.thre|e"),
        ("one two.three\u{1B}H", "|two.three"),
        ("one two.three\u{1B}0x", "|one two.three"),
        ("one two.three\u{1B}o", "one |two.three"),
        ("one two.three\u{1B}0\u{0B}", "one |two.three"),
        ("one two\u{1B}0\u{18}aX\u{1B}", "one two|X"),
        ("one two\u{1B}o\u{18}aX\u{1B}", "one two|X"),
        ("one two\u{1B}0ix\u{0F}", "|xone two"),
        // The operand of `f` and `r` is read as typed.
        ("aQbQ\u{1B}0fQ", "a|QbQ"),
        ("abc\u{1B}0rQ", "|Qbc"),
        // A key bound to a motion is no motion after an operator, as readline reads it.
        ("one two\u{1B}dQ", "one tw|o"),
        ("one two\u{1B}cQ", "one tw|o"),
    ])
    func keysOfCommandAndInsertModeDoWhatTheyAreBoundTo(keys: String, expected: String) {
        var editor = Self.editor()
        editor.vi(keys)
        #expect(editor.marked == expected)
        #expect(editor.vi.mode == .command)
    }

    @Test func aBoundInsertKeyRunsItsCommandAndPrintableKeysTypeThemselves() {
        var editor = Self.editor()
        editor.vi("one two\u{17}")
        #expect(editor.state.text == "one", "vi-undo on Ctrl-W undoes, as emacs mode's undo does")
        editor.vi("q")
        #expect(editor.marked == "oneq|")
        #expect(editor.vi.mode == .insert)
    }

    @Test func withoutAFileTheKeysAreViModesOwn() {
        var editor = Editor.vi()
        editor.vi("one two.three\u{1B}0x")
        #expect(editor.marked == "|ne two.three")
        #expect(ViKeyBindings().commandModeDump(emacsKeys: .standard).contains("\"x\": vi-delete\n"))
    }

    @Test func theDumpsNameTheFunctionsTheKeysAreBoundTo() {
        let bindings = Self.editor().viKeyBindings
        let command = bindings.commandModeDump(emacsKeys: .standard)
        for line in ["\"Q\": vi-prev-word\n", "\"K\": end-of-line\n", "\"\\C-xa\": vi-append-eol\n", "\"\\C-k\": vi-fWord\n",
                     "\"o\": vi-bWord\n", "\"H\": \"0dw\"\n", "\"B\": vi-prev-word\n", "\"h\": backward-char\n"] {
            #expect(command.contains(line), "\(line)")
        }
        #expect(!command.contains("\"x\":"), "a name Ghostline lacks unbinds the key")
        #expect(command.contains("\"/\": vi-search\n") && command.contains("\"*\": vi-complete\n"))
        let insert = bindings.insertModeDump(emacsKeys: .standard)
        for line in ["\"\\C-o\": vi-movement-mode\n", "\"\\C-w\": vi-undo\n", "\"\\C-d\": vi-eof-maybe\n", "\"q\": self-insert\n"] {
            #expect(insert.contains(line), "\(line)")
        }
    }
}
