extension Character {
    /// How the layout shows this character if it is a control character, or nil if it is not.
    ///
    /// C0 controls and DEL use the classic caret notation: `^@` for NUL, `^[` for ESC, `^?` for
    /// DEL. The cluster `"\r\n"` is shown as `^M`, like the CR it starts with. C1 controls
    /// U+0080–U+009F are shown as `~` followed by the final byte of their 7-bit equivalent
    /// `ESC x`: `~[` for CSI (U+009B, `ESC [`), `~E` for NEL, `~@` to `~_` in all. Every
    /// notation is two columns wide, matching `displayWidth`.
    package var caretNotation: String? {
        guard let scalar = unicodeScalars.first, scalar.isCaretNotationControl else { return nil }
        switch scalar.value {
        case 0x7F:
            return "^?"
        case 0x80...0x9F:
            return "~" + String(Unicode.Scalar(UInt8(scalar.value - 0x40)))
        default:
            return "^" + String(Unicode.Scalar(UInt8(scalar.value + 0x40)))
        }
    }
}

extension String {
    /// The string with every control character replaced by its caret notation (`^[`, `~[`), as
    /// the layout draws it: `"a\u{1B}[2J"` becomes `"a^[[2J"`, `"\u{9B}"` becomes `"~["`.
    ///
    /// This is the one rule for text on its way to a terminal without the layout, such as the
    /// prompt of a terminal that cannot move its cursor (`TERM=dumb`): no raw C0 or C1 control
    /// reaches the terminal, where it could move the cursor or start an escape sequence.
    package func replacingControlCharactersWithCaretNotation() -> String {
        guard unicodeScalars.contains(where: \.isCaretNotationControl) else { return self }
        var result = ""
        result.reserveCapacity(utf8.count)
        for character in self {
            result += character.caretNotation ?? String(character)
        }
        return result
    }
}
