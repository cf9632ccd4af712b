/// Readline's spellings of keys: the escapes of a quoted key sequence (`"\C-x\M-a"`), the key
/// names of the older binding form (`Control-u`, `Meta-Rubout`), the way its dumpers print a
/// sequence, and what a sequence is as Ghostline's ``KeyEvent``s.
package enum ReadlineKeySequence {
    static let escape: UInt8 = 0x1B
    static let delete: UInt8 = 0x7F
    private static let backslash = UInt8(ascii: "\\")

    // MARK: - Reading

    /// The bytes a quoted key sequence or macro stands for, its escapes translated as readline's
    /// `rl_translate_keyseq` does: `\C-x` Control, `\M-x` Meta as an Escape prefix, `\e`, `\\`,
    /// `\"`, `\'`, `\a \b \d \f \n \r \t \v`, `\nnn` (octal, up to three digits) and `\xHH` (up to
    /// two); a backslash before any other character stands for that character.
    package static func bytes(translating text: some Collection<UInt8>) -> [UInt8] {
        let text = Array(text)
        var bytes: [UInt8] = []
        var index = 0
        // A `\C-` waiting for the character it applies to, which may itself be an escape.
        var control = false
        func append(_ byte: UInt8) {
            if control {
                bytes.append(controlled(byte))
                control = false
            } else {
                bytes.append(byte)
            }
        }
        while index < text.count {
            let byte = text[index]
            guard byte == backslash, index + 1 < text.count else {
                append(byte)
                index += 1
                continue
            }
            let next = text[index + 1]
            index += 2
            if (next == UInt8(ascii: "C") || next == UInt8(ascii: "M")) && index < text.count && text[index] == UInt8(ascii: "-") {
                index += 1
                if next == UInt8(ascii: "M") {
                    bytes.append(escape)
                } else {
                    control = true
                }
                continue
            }
            switch next {
            case UInt8(ascii: "a"): append(0x07)
            case UInt8(ascii: "b"): append(0x08)
            case UInt8(ascii: "d"): append(delete)
            case UInt8(ascii: "e"): append(escape)
            case UInt8(ascii: "f"): append(0x0C)
            case UInt8(ascii: "n"): append(0x0A)
            case UInt8(ascii: "r"): append(0x0D)
            case UInt8(ascii: "t"): append(0x09)
            case UInt8(ascii: "v"): append(0x0B)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = Int(next - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, index < text.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(text[index]) {
                    value = value * 8 + Int(text[index] - UInt8(ascii: "0"))
                    index += 1
                    digits += 1
                }
                append(UInt8(truncatingIfNeeded: value))
            case UInt8(ascii: "x"):
                var value = 0
                var digits = 0
                while digits < 2, index < text.count, let digit = hexadecimalValue(text[index]) {
                    value = value * 16 + digit
                    index += 1
                    digits += 1
                }
                append(digits == 0 ? UInt8(ascii: "x") : UInt8(value))
            default:
                append(next)
            }
        }
        return bytes
    }

    /// Control and `byte`, as readline makes it: `?` is DEL, anything else its uppercase with
    /// the top three bits cleared (`a` and `A` are 1, `@` is 0).
    static func controlled(_ byte: UInt8) -> UInt8 {
        if byte == UInt8(ascii: "?") { return delete }
        let upper = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 0x20 : byte
        return upper & 0x1F
    }

    private static func hexadecimalValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    /// The symbolic key names of the older binding form (`name_key_alist`), compared without
    /// regard to case.
    private static let keyNames: [(name: String, byte: UInt8)] = [
        ("dell", delete), ("del", delete), ("rubout", delete), ("escape", escape), ("esc", escape),
        ("lfd", 0x0A), ("newline", 0x0A), ("ret", 0x0D), ("return", 0x0D),
        ("spc", 0x20), ("space", 0x20), ("tab", 0x09),
    ]

    /// The bytes of an older-form key name such as `Control-u`, `Meta-Rubout`, `C-M-x` or `a`,
    /// or nil with readline's complaint when a modifier is not one it knows.
    package static func bytes(ofKeyName keyName: Substring) -> Result<[UInt8], InitFileError> {
        let lastDash = keyName.lastIndex(of: "-")
        let name = lastDash.map { keyName[keyName.index(after: $0)...] } ?? keyName
        let modifiers = lastDash.map { Array(keyName[...$0].utf8).map(asciiLowercased) } ?? []
        let lowercasedName = name.lowercased()
        var key = keyNames.first { $0.name == lowercasedName }?.byte ?? name.utf8.first ?? 0
        let hasControl = ["control-", "c-", "ctrl-"].contains { modifiers.contains(bytesOf: $0) }
        let hasMeta = ["meta", "m-"].contains { modifiers.contains(bytesOf: $0) }
        guard hasControl || hasMeta || lastDash == nil else {
            return .failure(InitFileError("\(keyName): unknown key modifier"))
        }
        if hasControl { key = controlled(key) }
        return .success(hasMeta ? [escape, key] : [key])
    }

    // MARK: - Printing

    /// A key sequence as readline's dumpers print it between quotes: `\C-a`, `\e`, `\C-?`, `\\`,
    /// `\"`, printable ASCII as it is; other bytes in octal in a key sequence, as they are in a
    /// macro's text (readline's way in a UTF-8 locale).
    package static func text(of bytes: some Sequence<UInt8>, isMacro: Bool = false) -> String {
        var text: [UInt8] = []
        for byte in bytes {
            switch byte {
            case escape: text += Array("\\e".utf8)
            case delete: text += Array("\\C-?".utf8)
            case 0x00..<0x20:
                let name = lowercasedControlName(byte)
                text += Array("\\C-".utf8) + (name == backslash ? [backslash, backslash] : [name])
            case backslash: text += [backslash, backslash]
            case UInt8(ascii: "\""): text += [backslash, byte]
            case 0x20..<0x7F: text.append(byte)
            default: text += isMacro ? [byte] : Array(("\\" + String(byte, radix: 8)).utf8)
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte
    }

    private static func lowercasedControlName(_ byte: UInt8) -> UInt8 {
        let name = byte | 0x40
        return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(name) ? name + 0x20 : name
    }

    // MARK: - As key events

    /// The keys a sequence of bytes is, as the key decoder reads them from a terminal: `\e[A` is
    /// Up, `\C-xa` is Ctrl-X then `a`, `\ef` is Alt-F. Text comes one character per key.
    package static func events(of bytes: [UInt8]) -> [KeyEvent] {
        var decoder = KeyDecoder()
        return events(of: bytes, using: &decoder)
    }

    /// ``events(of:)`` with a decoder of the caller's, which holds nothing before and after.
    package static func events(of bytes: [UInt8], using decoder: inout KeyDecoder) -> [KeyEvent] {
        var decoded: [KeyEvent] = []
        decoder.feed(bytes[...], appendingTo: &decoded)
        decoded += decoder.flush()
        return decoded.flatMap { event -> [KeyEvent] in
            guard case .text(let text) = event, text.count > 1 else { return [event] }
            return text.map { .text(String($0)) }
        }
    }

    /// The bytes that stand for a key in readline's dumps, the first a terminal sends for it:
    /// Up `\e[A`, Ctrl-A byte 1, Alt as an Escape prefix, Backspace DEL, Enter CR.
    package static func bytes(of events: [KeyEvent]) -> [UInt8]? {
        var bytes: [UInt8] = []
        for event in events {
            guard let eventBytes = event.terminalBytes else { return nil }
            bytes += eventBytes
        }
        return bytes
    }
}

/// A complaint about a line of an init file, worded as readline words it.
package struct InitFileError: Error, Equatable, Sendable {
    /// What is wrong, without the file and line.
    package var message: String

    /// A complaint saying `message`.
    package init(_ message: String) { self.message = message }
}

extension [UInt8] {
    /// Whether the bytes hold `text`'s UTF-8 somewhere: a plain search, where the standard
    /// library's substring search would bring in the string-processing runtime.
    fileprivate func contains(bytesOf text: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        guard needle.count <= count else { return false }
        return (0...(count - needle.count)).contains { start in
            needle.indices.allSatisfy { self[start + $0] == needle[$0] }
        }
    }
}
