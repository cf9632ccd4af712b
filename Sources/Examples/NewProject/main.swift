import Ghostline

// `new-project`: a form of questions, each with a default that Enter accepts (drawn underlined;
// Tab or Right takes it for editing), as `npm init` asks. An answer that does not fit is asked
// again; a later question may follow an earlier answer.

/// One question of the form.
struct Question {
    var prompt: String
    var defaultText: String?
    var placeholder: String?
    var completions: [String] = []
    /// Why an answer is refused, or nil when it is fine.
    var problem: (String) -> String? = { _ in nil }
}

/// The answer to `question`, asked until it is fine; nil at the end of input.
func ask(_ question: Question, with editor: LineEditor) throws -> String? {
    editor.prompt = question.prompt + ": "
    editor.defaultText = question.defaultText
    editor.placeholder = question.placeholder
    editor.completion = { context in question.completions.filter { $0.hasPrefix(context.word) } }
    // Up recalls only this question's earlier answers, not another question's.
    editor.history = History()
    while var answer = try editor.readLine() {
        // Tab completion ends a word with a space; the answer is the word.
        while answer.last?.isWhitespace == true { answer.removeLast() }
        while answer.first?.isWhitespace == true { answer.removeFirst() }
        guard let problem = question.problem(answer) else { return answer }
        print(problem)
    }
    return nil
}

/// The project's description, from the answers read with `editor`; nil when input ended first.
func describeProject(with editor: LineEditor) throws -> String? {
    guard let name = try ask(Question(prompt: "Project name", defaultText: "my-tool",
                                      problem: { $0.isEmpty || $0.contains(" ") ? "A name is one word." : nil }), with: editor),
          let version = try ask(Question(prompt: "Version", defaultText: "0.1.0"), with: editor),
          let email = try ask(Question(prompt: "Author's e-mail", placeholder: "you@example.com",
                                       problem: { $0.contains("@") ? nil : "An e-mail address has an @." }), with: editor),
          let license = try ask(Question(prompt: "License", defaultText: "MIT",
                                         completions: ["Apache-2.0", "BSD-3-Clause", "GPL-3.0", "MIT", "MPL-2.0"]), with: editor),
          let publishes = try ask(Question(prompt: "Publish \(name)? (yes/no)", defaultText: "no", problem: {
              ["yes", "y", "no", "n"].contains($0.lowercased()) ? nil : "Answer yes or no."
          }), with: editor)
    else { return nil }
    return """
        {
          "name": "\(name)",
          "version": "\(version)",
          "author": "\(email)",
          "license": "\(license)",
          "private": \(publishes.lowercased().hasPrefix("n"))
        }
        """
}

let editor = LineEditor()
editor.promptStyle = Style(foreground: .basic(4), isBold: true)
// An inline suggestion would offer an answer refused a moment ago.
editor.showsSuggestions = false
do {
    print(try describeProject(with: editor) ?? "Input ended before the last question; nothing written.")
} catch LineEditorError.interrupted {
    print("Cancelled; nothing written.")
} catch {
    print("new-project: \(error)")
}
