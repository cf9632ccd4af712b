import Ghostline
import GhostlineTesting

/// An editor on `driver`'s terminal, with colors on whatever `NO_COLOR` says, so the tests that
/// check the gray placeholder do not depend on the environment they run in.
func makeEditor(on driver: LineEditorDriver, prompt: String = "> ", placeholder: String? = nil) -> LineEditor {
    let editor = LineEditor(prompt: prompt, placeholder: placeholder, input: driver.input, output: driver.output)
    editor.usesColor = true
    return editor
}

extension LineEditorDriver {
    /// The screen row the cursor is on.
    var cursorLine: String { screen.line(screen.cursorRow) }
}
