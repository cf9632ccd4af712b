import Ghostline
import Testing

/// `set editing-mode vi` in the init file chooses vi mode, unless the app chose a mode itself.
@Suite struct InitFileEditingModeTests {
    @Test func theInitFileChoosesViModeUnlessTheAppChoseAMode() {
        let editor = LineEditor()
        editor.initFile = .text("set editing-mode vi\n")
        editor.readInitFile()
        #expect(editor.editingMode == .vi)
        editor.initFile = .text("set editing-mode emacs\n")
        editor.readInitFile()
        #expect(editor.editingMode == .emacs)

        let chosen = LineEditor()
        chosen.editingMode = .emacs
        chosen.initFile = .text("set editing-mode vi\n")
        chosen.readInitFile()
        #expect(chosen.editingMode == .emacs)
    }
}
