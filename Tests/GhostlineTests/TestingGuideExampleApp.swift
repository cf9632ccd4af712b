import Ghostline

/// The app's prompt: a placeholder and completions. A test passes its own terminal.
func makeFruitEditor(input: FileDescriptor = .standardInput, output: FileDescriptor? = nil) -> LineEditor {
    let editor = LineEditor(prompt: "fruit> ", placeholder: "a fruit", input: input, output: output)
    editor.completion = { context in
        ["apple", "apricot", "banana"].filter { $0.hasPrefix(context.word) }
    }
    return editor
}

/// Tells the user, above the prompt, that a fruit is in season; the name in green.
func announceSeason(of fruit: String, through printer: LinePrinter) {
    printer.print("\u{1B}[32m\(fruit)\u{1B}[m is in season")
}
