/// A piece of text drawn in one style: a prompt, a placeholder, a suggestion.
public struct StyledText: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The characters; `\n` starts a new row, control characters are shown in caret notation.
    public var text: String
    /// How the characters are drawn.
    public var style: Style

    /// Creates styled text.
    public init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }

    /// Creates plain text from a literal.
    public init(stringLiteral text: String) {
        self.init(text)
    }
}
