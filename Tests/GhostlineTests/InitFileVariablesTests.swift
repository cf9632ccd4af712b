import Ghostline
import GhostlineTesting
import Testing

/// The init file's variables set the editor's settings, the app's own settings win over them,
/// and in a terminal they act: the bell's style, bracketed paste, the mode string, `comment-begin`.
@Suite struct InitFileVariablesTests {
    static let file = """
        set keyseq-timeout 80
        set enable-bracketed-paste off
        set bell-style none
        set comment-begin "// "
        set completion-ignore-case on
        set show-all-if-ambiguous on
        set show-mode-in-prompt on
        set emacs-mode-string "\\1\\e[1m\\2E "
        set history-size 3
        """

    @Test func theFileSetsWhatTheAppDidNotAndAnEmptyOneGoesBackToTheDefaults() {
        let editor = LineEditor()
        editor.initFile = .text(Self.file)
        editor.readInitFile()
        #expect(editor.escapeTimeout == 80)
        #expect(!editor.usesBracketedPaste)
        #expect(editor.bellStyle == .none)
        #expect(editor.commentBegin == "// ")
        #expect(editor.completionIgnoresCase)
        #expect(editor.completionListing == .always)
        #expect(editor.modeStrings == ModeStrings(emacs: "E "))
        #expect(editor.history.capacity == 3)

        editor.initFile = .text("set keyseq-timeout 0\n")
        editor.readInitFile()
        #expect(editor.escapeTimeout == nil, "0 waits for the next key")
        editor.initFile = .text("")
        editor.readInitFile()
        #expect(editor.escapeTimeout == 25 && editor.usesBracketedPaste && editor.bellStyle == .audible)
        #expect(editor.commentBegin == "#" && !editor.completionIgnoresCase && editor.completionListing == .onSecondTab)
        #expect(editor.modeStrings == nil)
    }

    @Test func whatTheAppSetsWinsWhetherBeforeOrAfterTheFile() {
        let editor = LineEditor()
        editor.escapeTimeout = 10
        editor.usesBracketedPaste = true
        editor.bellStyle = .visible
        editor.commentBegin = ";"
        editor.completionIgnoresCase = false
        editor.completionListing = .whenNothingCompletes
        editor.modeStrings = nil
        editor.history = History(capacity: 100)
        editor.initFile = .text(Self.file)
        editor.readInitFile()
        #expect(editor.escapeTimeout == 10 && editor.usesBracketedPaste && editor.bellStyle == .visible)
        #expect(editor.commentBegin == ";" && !editor.completionIgnoresCase && editor.completionListing == .whenNothingCompletes)
        #expect(editor.modeStrings == nil)
        #expect(editor.history.capacity == 100, "the app gave the history its capacity")

        let later = LineEditor()
        later.initFile = .text(Self.file)
        later.readInitFile()
        later.bellStyle = .audible
        later.readInitFile()
        #expect(later.bellStyle == .audible, "set after a first reading, it stays the app's")
    }

    private func editor(_ driver: LineEditorDriver, initFile: String) -> LineEditor {
        let editor = LineEditor(prompt: "> ", input: driver.input, output: driver.output)
        editor.initFile = .text(initFile)
        return editor
    }

    @Test func inATerminalTheModeStringShowsAndBracketedPasteStaysOff() throws {
        let driver = try LineEditorDriver(columns: 20, rows: 4)
        try driver.start(editor(driver, initFile: Self.file))
        #expect(driver.screen.line(0) == "E >")
        #expect(!driver.modes.isBracketedPasteOn)
        try driver.type("hi")
        #expect(driver.screen.line(0) == "E > hi" && driver.screen.cursorColumn == 6)
        try driver.press(.alt("#"))
        #expect(driver.result == .submitted("// hi"))
        #expect(!String(decoding: driver.outputBytes, as: UTF8.self).contains("\u{1B}[?2004"))
    }

    /// A number past a million rings the bell, as the style says.
    @Test func theBellIsAsItsStyleSays() throws {
        for (style, bell) in [("audible", "\u{07}"), ("visible", "\u{1B}[?5h"), ("none", nil)] as [(String, String?)] {
            let driver = try LineEditorDriver(columns: 20, rows: 4)
            try driver.start(editor(driver, initFile: "set bell-style \(style)\n"))
            try driver.press(.alt("9"))
            try driver.type("9999999")
            let output = String(decoding: driver.outputBytes, as: UTF8.self)
            if let bell {
                #expect(output.contains(bell), "\(style)")
            } else {
                #expect(!output.contains("\u{07}") && !output.contains("\u{1B}[?5h"), "\(style)")
            }
            if style == "visible" { #expect(output.contains("\u{1B}[?5l"), "and back") }
            try driver.press(.key(.enter))
        }
    }
}
