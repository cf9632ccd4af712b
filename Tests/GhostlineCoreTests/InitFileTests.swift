import Glibc
import GhostlineCore
import GhostlineTestSupport
import Testing

/// The init-file reader line by line: what readline makes of each form (its own dumpers agree
/// on many more in InitFileOracleTests), and files that must never stop the prompt.
@Suite struct InitFileTests {
    static func read(_ text: String, application: String = "ghostline",
                     load: @escaping @Sendable (String) -> InitFile.IncludedText = { _ in .unreadable }) -> InitFile {
        InitFile(text: Array(text.utf8), name: "rc", environment: .init(applicationName: application, terminalName: "xterm-256color",
                                                                        homeDirectory: "/home/u", load: load))
    }

    static func keyMap(_ text: String) -> KeyMap {
        var keys = KeyMap.standard
        keys.apply(read(text).emacsBindings)
        return keys
    }

    @Test(arguments: [
        ("\\C-a", [0x01]), ("\\C-?", [0x7F]), ("\\M-a", [0x1B, 0x61]), ("\\M-\\C-b", [0x1B, 0x02]), ("\\C-\\M-b", [0x1B, 0x02]),
        ("\\e", [0x1B]), ("\\\\", [0x5C]), ("\\\"", [0x22]), ("\\'", [0x27]), ("\\a", [0x07]), ("\\b", [0x08]), ("\\d", [0x7F]),
        ("\\f", [0x0C]), ("\\n", [0x0A]), ("\\r", [0x0D]), ("\\t", [0x09]), ("\\v", [0x0B]), ("\\101", [0x41]), ("\\0", [0x00]),
        ("\\1017", [0x41, 0x37]), ("\\x41", [0x41]), ("\\x4", [0x04]), ("\\xg", [0x78, 0x67]), ("\\q", [0x71]), ("\\C-\\\\", [0x1C]),
    ] as [(String, [UInt8])])
    func everyEscapeTranslatesAsReadlineDoes(escaped: String, bytes: [UInt8]) {
        #expect(ReadlineKeySequence.bytes(translating: escaped.utf8) == bytes)
    }

    @Test func bothBindingFormsBindTheKeysTheyName() {
        let keys = Self.keyMap("""
            "\\e[A": history-search-backward
            Control-o: kill-line
            Meta-Rubout: unix-word-rubout
            C-M-a: forward-char
            "\\C-xq": "hello\\C-a"
            "\\C-t": no-such-function
            """)
        #expect(keys.command(for: [.key(.up)]) == .historySearchBackward)
        #expect(keys.command(for: [.control("o")]) == .killToLineEnd)
        #expect(keys.command(for: [.key(.backspace, .alt)]) == .killWhitespaceWordBackward)
        #expect(keys.command(for: [.key(.character("a"), [.control, .alt])]) == .moveRight)
        #expect(keys.command(for: [.control("x"), .text("q")]) == .macro("hello\u{01}"))
        #expect(keys.command(for: [.control("t")]) == nil, "an unknown function unbinds the key")
    }

    /// Debian's /etc/inputrc binds `"\e[5C": forward-word` for Ctrl-Right; read as plain Right,
    /// it made Right move by words.
    @Test func aModifierAloneInACursorKeySequenceIsTheModifier() {
        #expect(ReadlineKeySequence.events(of: Array("\u{1B}[5C".utf8)) == [.key(.right, .control)])
        #expect(ReadlineKeySequence.events(of: Array("\u{1B}[C".utf8)) == [.key(.right)])
        #expect(Self.keyMap("\"\\e[5C\": forward-word\n").command(for: [.key(.right)]) == .moveRight)
    }

    @Test func aMacroTypesItsKeysThroughTheKeyMapAndStopsWhenItTypesItself() {
        let keys = Self.keyMap("\"\\C-o\": \"ab\\C-bX\"\n\"\\C-xl\": \"z\\C-xl\"\n")
        var editor = Editor(keyMap: keys)
        _ = editor.handle(.control("o"))
        #expect(editor.state.text == "aXb")
        editor.setText("")
        _ = editor.handle(.control("x"))
        _ = editor.handle(.text("l"))
        #expect(editor.state.text == String(repeating: "z", count: Editor.deepestMacro))
    }

    @Test func deleteCharOnControlDStillEndsInput() {
        let keys = Self.keyMap("\"\\C-d\": delete-char\n\"\\e[3~\": delete-char\n")
        #expect(keys.command(for: [.control("d")]) == .deleteForwardOrEndOfFile)
        #expect(keys.command(for: [.key(.delete)]) == .deleteForward)
    }

    @Test func variablesAreReadAsReadlineReadsThem() {
        let file = Self.read("""
            set Bell-Style None
            set completion-ignore-case
            set show-all-if-ambiguous 0
            set editing-mode vi
            set keyseq-timeout 120
            set comment-begin "// "
            set history-size 50
            """)
        #expect(file.variables.value("bell-style") == "none")
        #expect(file.variables.isOn("completion-ignore-case"))
        #expect(!file.variables.isOn("show-all-if-ambiguous"))
        #expect(file.variables.editingMode == .vi)
        #expect(file.variables.value("keymap") == "vi-insert")
        #expect(file.variables.keySequenceTimeout == 120)
        #expect(file.variables.value("comment-begin") == "// ")
        #expect(file.variables.historySize == 50)
        #expect(file.diagnostics.isEmpty)
    }

    @Test func directivesChooseTheLinesRead() {
        let file = Self.read("""
            $if mode=emacs
            "\\C-xa": "emacs"
            $else
            "\\C-xa": "not emacs"
            $endif
            $if term=xterm
            "\\C-xb": "xterm"
            $endif
            $if ghostline
            "\\C-xc": "ours"
            $endif
            $if Bash
            "\\C-xd": "bash"
            $endif
            $if version >= 8.0
            "\\C-xe": "recent"
            $endif
            $if bell-style == audible
            "\\C-xf": "audible"
            $endif
            set keymap emacs-ctlx
            "g": "ctlx"
            set keymap vi-insert
            "jk": vi-movement-mode
            """)
        let bound = file.emacsBindings.map { String(decoding: $0.keys, as: UTF8.self) }
        #expect(bound == ["\u{18}a", "\u{18}b", "\u{18}c", "\u{18}e", "\u{18}f", "\u{18}g"])
        #expect(file.emacsBindings[0].action == .macro(Array("emacs".utf8)))
        #expect(file.viInsertBindings == [.init(keys: Array("jk".utf8), action: .function("vi-movement-mode"))])
    }

    @Test func badLinesAreComplainedAboutAsReadlineDoes() {
        let file = Self.read("""
            set bogus 1
            set bell-style loud
            $else
            $endif
            $frobnicate
            "\\C-a: beginning-of-line
            Hyper-a: abort
            $if version
            $endif
            """)
        #expect(file.diagnostics == [
            "readline: rc: line 1: bogus: unknown variable name",
            "readline: rc: line 2: bell-style: could not set value to `loud'",
            "readline: rc: line 3: $else found without matching $if",
            "readline: rc: line 4: $endif without matching $if",
            "readline: rc: line 5: frobnicate: unknown parser directive",
            "readline: rc: line 6: \"\\C-a: beginning-of-line: no closing `\"' in key binding",
            "readline: rc: line 7: Hyper-a: unknown key modifier",
            "readline: rc: line 8: comparison operator expected, found `end-of-line'",
        ])
    }

    @Test func includesExpandTheHomeDirectoryAndEndAtALoop() {
        let counter = IncludeCounter()
        let file = Self.read("$include ~/loop\n", load: { path in
            counter.add(path)
            return .contents(Array("\"\\C-xl\": \"again\"\n$include ~/loop\n$include ~/loop\n".utf8), isTruncated: false)
        })
        #expect(counter.paths.allSatisfy { $0 == "/home/u/loop" })
        #expect(counter.paths.count == 100)
        #expect(file.diagnostics.contains { $0.hasSuffix("~/loop: $include nested too deeply or too often; not read") })
        let missing = Self.read("$include /nonexistent\n\"\\C-xm\": kill-line\n")
        #expect(missing.diagnostics.isEmpty)
        #expect(missing.emacsBindings.count == 1)
    }

    @Test func hugeAndBinaryFilesAreReadOnlyAsFarAsTheLimit() {
        var generator = SplitMix64(seed: 7)
        let binary = (0..<(InitFile.longestText + 4096)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let file = InitFile(text: binary, name: "binary", environment: .init(applicationName: "ghostline"))
        #expect(file.diagnostics.first == "readline: binary: line 0: only the first 1048576 bytes of init files are read")
    }

    /// Start-up: a 500-line file, read and applied to the standard key map, costs about a millisecond.
    /// The 500-line file `make bench` times (row I1): every binding, macro and setting lands.
    @Test func aFiveHundredLineFileIsReadAndApplied() {
        let lines = (0..<500).map { index in
            switch index % 5 {
            case 0: "\"\\C-x\\C-\(Character(Unicode.Scalar(UInt8(97 + index % 26))))\": kill-line"
            case 1: "set completion-query-items \(index)"
            case 2: "# comment \(index)"
            case 3: "Meta-\(Character(Unicode.Scalar(UInt8(97 + index % 26)))): \"macro \(index)\""
            default: "$if mode=emacs\n$endif"
            }
        }
        var keys = KeyMap.standard
        let file = InitFile(text: Array(lines.joined(separator: "\n").utf8), name: "rc", environment: .init(applicationName: "ghostline"))
        keys.apply(file.emacsBindings)
        #expect(file.diagnostics.isEmpty)
        #expect(file.emacsBindings.count == 200)
        #expect(keys.command(for: [.alt("a")]) == .macro("macro 468"), "the last binding of a key wins")
        #expect(file.emacsBindings.first == InitFile.Binding(keys: [0x18, 0x01], action: .function("kill-line")))
        #expect(keys.command(for: ReadlineKeySequence.events(of: [0x18, 0x02])) == .killToLineEnd)
        #expect(file.variables.completionQueryItems == 496)
    }
}

/// The paths an include loader was asked for.
private final class IncludeCounter: @unchecked Sendable {
    private(set) var paths: [String] = []
    func add(_ path: String) { paths.append(path) }
}
