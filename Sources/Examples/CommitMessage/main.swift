import Ghostline

// `commit-message`: asks for a commit message in a multi-line entry — Enter starts a new line,
// Alt-Enter commits — and prints it cleaned up as `git commit` does: trailing spaces and
// `#` comment lines dropped, runs of blank lines made one, a blank line between subject and
// body. `message=$(commit-message)` captures only the message; the prompt stays on the terminal.

/// Marks what git's conventions advise against: a subject line past 50 characters, and a
/// second line that is not blank.
struct CommitHighlighter: Highlighter {
    /// How what git advises against is drawn.
    static let warning = Style(foreground: .basic(1), isUnderlined: true)

    func spans(for text: String) -> [StyleSpan] {
        let lines = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
        var spans: [StyleSpan] = []
        if let subject = lines.first, subject.count > 50 {
            spans.append(StyleSpan(subject.index(subject.startIndex, offsetBy: 50)..<subject.endIndex, in: text, style: Self.warning))
        }
        if lines.count > 1, !lines[1].allSatisfy(\.isWhitespace) {
            spans.append(StyleSpan(lines[1].startIndex..<lines[1].endIndex, in: text, style: Self.warning))
        }
        return spans
    }
}

/// `text` as git keeps a message: without comments, trailing spaces, or blank lines at its
/// ends or in runs, and with a blank line after the subject.
func cleanedUp(_ text: String) -> String {
    var lines: [Substring] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) where !line.hasPrefix("#") {
        var line = line
        while line.last?.isWhitespace == true { line.removeLast() }
        if line.isEmpty && (lines.last?.isEmpty ?? true) { continue }
        lines.append(line)
    }
    if lines.last?.isEmpty == true { lines.removeLast() }
    if lines.count > 1 && !lines[1].isEmpty { lines.insert("", at: 1) }
    return lines.joined(separator: "\n")
}

let editor = LineEditor(prompt: "", placeholder: """
    Subject: what the change does, in 50 characters or fewer

    Body: why it was needed and how it works.
    Enter starts a new line; Alt-Enter commits; Ctrl-C aborts.
    """)
editor.isMultiline = true
editor.continuationPrompt = ""
editor.highlighter = CommitHighlighter()

do {
    let message = cleanedUp(try editor.readLine() ?? "")
    print(message.isEmpty ? "Aborting commit due to empty commit message." : message)
} catch LineEditorError.interrupted {
    print("Commit aborted.")
} catch {
    print("commit-message: \(error)")
}
