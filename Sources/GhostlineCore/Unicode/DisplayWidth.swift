extension Character {
    /// The number of terminal columns this grapheme cluster occupies when printed:
    /// 0, 1 or 2. Control characters report their width in caret notation.
    public var displayWidth: Int {
        let scalar = unicodeScalars.first!
        if scalar.value < 0x20 || scalar.value == 0x7F { return 2 }
        if scalar.value >= 0x1100 && (scalar.properties.isEmojiPresentation || (0x2E80...0xFFDC).contains(scalar.value)) { return 2 }
        return 1
    }
}

extension Character {
    /// How a control character is shown: `^[` for ESC, `^?` for DEL; nil for other characters.
    public var caretNotation: String? {
        guard let scalar = unicodeScalars.first else { return nil }
        switch scalar.value {
        case 0x00..<0x20: return "^" + String(Unicode.Scalar(UInt8(scalar.value + 0x40)))
        case 0x7F: return "^?"
        default: return nil
        }
    }
}
