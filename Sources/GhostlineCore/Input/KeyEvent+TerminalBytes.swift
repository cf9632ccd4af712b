
// What an xterm-compatible terminal sends for a key, so that a test presses keys by name.
extension KeyEvent {
    /// The bytes an xterm-compatible terminal sends for this key, or nil for a key no terminal
    /// can send (a function key above F20). A paste is sent as typed text here; the driver adds
    /// the brackets when the program switched bracketed paste on.
    ///
    /// Plain keys take their classic form (`CR` for Enter, `DEL` for Backspace, `ESC [ A` for Up,
    /// `ESC O P` for F1, Ctrl-A as byte 1, Alt as an Escape prefix); modified keys take xterm's
    /// (`ESC [ 1 ; 5 C` for Ctrl-Right, `ESC [ 3 ; 2 ~` for Shift-Delete); and a combination with
    /// no classic form, such as Ctrl-Enter, takes xterm's `modifyOtherKeys` form `ESC [ 27 ; m ; c ~`.
    package var terminalBytes: [UInt8]? {
        switch self {
        case .text(let text), .paste(let text):
            return Array(text.utf8)
        case .key(let key, let modifiers):
            return Self.bytes(for: key, modifiers)
        }
    }

    private static let escape: UInt8 = 0x1B

    private static func bytes(for key: Key, _ modifiers: Modifiers) -> [UInt8]? {
        switch key {
        case .character(let character):
            return bytes(for: character, modifiers)
        case .enter:
            return classic(0x0D, modifiers) ?? otherKey(13, modifiers)
        case .tab:
            return classic(0x09, modifiers) ?? otherKey(9, modifiers)
        case .backspace:
            return classic(0x7F, modifiers) ?? otherKey(127, modifiers)
        case .escape:
            return modifiers.isEmpty ? [escape] : otherKey(27, modifiers)
        case .backTab:
            // Shift-Tab is `ESC [ Z`; with more modifiers, Shift is among them.
            return modifiers.isEmpty ? Array("\u{1B}[Z".utf8) : controlSequence(number: 1, modifiers.union(.shift), final: "Z")
        case .up: return cursorKey("A", modifiers)
        case .down: return cursorKey("B", modifiers)
        case .right: return cursorKey("C", modifiers)
        case .left: return cursorKey("D", modifiers)
        case .home: return cursorKey("H", modifiers)
        case .end: return cursorKey("F", modifiers)
        case .insert: return controlSequence(number: 2, modifiers, final: "~")
        case .delete: return controlSequence(number: 3, modifiers, final: "~")
        case .pageUp: return controlSequence(number: 5, modifiers, final: "~")
        case .pageDown: return controlSequence(number: 6, modifiers, final: "~")
        case .function(let number):
            return functionKey(number, modifiers)
        }
    }

    /// Ctrl-letter as its C0 byte, Alt as an Escape prefix, anything else as `modifyOtherKeys`.
    private static func bytes(for character: Character, _ modifiers: Modifiers) -> [UInt8]? {
        let text = Array(String(character).utf8)
        switch modifiers {
        case []:
            return text
        case .alt:
            return [escape] + text
        case .control, [.control, .alt]:
            guard let byte = controlByte(for: character) else { break }
            return modifiers.contains(.alt) ? [escape, byte] : [byte]
        default:
            break
        }
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return nil }
        return otherKey(Int(scalar.value), modifiers)
    }

    /// The C0 byte a terminal sends for Ctrl and `character`, as the keyboard's layout makes it.
    private static func controlByte(for character: Character) -> UInt8? {
        guard let ascii = character.asciiValue else { return nil }
        switch ascii {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return ascii & 0x1F
        case UInt8(ascii: " "), UInt8(ascii: "@"): return 0x00
        case UInt8(ascii: "["), UInt8(ascii: "\\"), UInt8(ascii: "]"), UInt8(ascii: "^"), UInt8(ascii: "_"):
            return ascii & 0x1F
        case UInt8(ascii: "/"): return 0x1F
        case UInt8(ascii: "?"): return 0x7F
        default: return nil
        }
    }

    /// A key with a byte of its own: the byte, with Escape before it for Alt; nil for other
    /// modifiers.
    private static func classic(_ byte: UInt8, _ modifiers: Modifiers) -> [UInt8]? {
        switch modifiers {
        case []: [byte]
        case .alt: [escape, byte]
        default: nil
        }
    }

    private static func cursorKey(_ final: Unicode.Scalar, _ modifiers: Modifiers) -> [UInt8] {
        controlSequence(number: modifiers.isEmpty ? nil : 1, modifiers, final: final)
    }

    private static func functionKey(_ number: Int, _ modifiers: Modifiers) -> [UInt8]? {
        let codes = [11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24, 25, 26, 28, 29, 31, 32, 33, 34]
        guard (1...codes.count).contains(number) else { return nil }
        guard number > 4 || !modifiers.isEmpty else {
            // F1–F4 unmodified are SS3 sequences: `ESC O P` … `ESC O S`.
            return [escape, UInt8(ascii: "O"), UInt8(ascii: "P") + UInt8(number - 1)]
        }
        if number <= 4 {
            return controlSequence(number: 1, modifiers, final: Unicode.Scalar(UInt8(ascii: "P") + UInt8(number - 1)))
        }
        return controlSequence(number: codes[number - 1], modifiers, final: "~")
    }

    /// xterm's `modifyOtherKeys` form: `ESC [ 27 ; modifiers ; codepoint ~`.
    private static func otherKey(_ codepoint: Int, _ modifiers: Modifiers) -> [UInt8] {
        Array("\u{1B}[27;\(parameter(modifiers));\(codepoint)~".utf8)
    }

    /// `ESC [ number ; modifiers final`, leaving out what is a default: the modifiers when there
    /// are none, the number when it is absent and nothing follows it.
    private static func controlSequence(number: Int?, _ modifiers: Modifiers, final: Unicode.Scalar) -> [UInt8] {
        var text = "\u{1B}["
        if let number { text += String(number) }
        if !modifiers.isEmpty { text += ";\(parameter(modifiers))" }
        text.unicodeScalars.append(final)
        return Array(text.utf8)
    }

    /// The xterm modifier parameter: 1, plus 1 for Shift, 2 for Alt and 4 for Control.
    private static func parameter(_ modifiers: Modifiers) -> Int {
        1 + (modifiers.contains(.shift) ? 1 : 0) + (modifiers.contains(.alt) ? 2 : 0)
            + (modifiers.contains(.control) ? 4 : 0)
    }
}
