/// A piece of text drawn in one style: a prompt, a placeholder, a suggestion.
package struct StyledText: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The characters; `\n` starts a new row, control characters are shown in caret notation.
    package var text: String
    /// How the characters are drawn.
    package var style: Style

    /// Creates styled text.
    package init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }

    /// Creates plain text from a literal.
    package init(stringLiteral text: String) {
        self.init(text)
    }
}
