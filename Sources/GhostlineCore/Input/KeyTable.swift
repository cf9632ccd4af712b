/// What the control bytes and escape sequences terminals send for keys mean.
///
/// The decoder finds where a sequence starts and ends; this table says which key it is. A sequence
/// the table does not know maps to `nil` and is dropped, so replies, mouse and focus reports never
/// reach the editor as text. `Docs/KeyDecoding.md` lists every entry.
enum KeyTable {
    /// The key a C0 control byte or DEL stands for on its own.
    static func event(forControlByte byte: UInt8) -> KeyEvent {
        switch byte {
        case 0x00: .control(" ")
        case 0x08, 0x7F: .key(.backspace)
        case 0x09: .key(.tab)
        case 0x0D: .key(.enter)
        case 0x1B: .key(.escape)
        case 0x01...0x1A: .control(character(byte | 0x60))
        default: .control(character(byte | 0x40))
        }
    }

    /// The key a control sequence (`ESC [` parameters final) stands for, if it is one.
    static func event(forControlSequence sequence: ControlSequence) -> KeyEvent? {
        guard sequence.privateMarker == nil, sequence.intermediates.isEmpty else { return nil }
        let modifiers = Modifiers(xtermParameter: sequence.parameter(1))
        switch sequence.final {
        case ascii("A"), ascii("B"), ascii("C"), ascii("D"), ascii("H"), ascii("F"):
            // Older terminals send the modifier alone (`CSI 5C` Ctrl-Right, which Debian's
            // /etc/inputrc binds), as others do after `SS3`.
            let alone = sequence.parameters.count == 1 ? Modifiers(xtermParameter: sequence.parameter(0)) : []
            return cursorKey(sequence.final).map { .key($0, modifiers.union(alone)) }
        case ascii("P"), ascii("Q"), ascii("R"), ascii("S"):
            // A cursor position report has the same form; only row 1 is read as a function key.
            guard sequence.parameter(0) ?? 1 == 1 else { return nil }
            return cursorKey(sequence.final).map { .key($0, modifiers) }
        case ascii("Z"):
            return .key(.backTab, modifiers.subtracting(.shift))
        case ascii("a"), ascii("b"), ascii("c"), ascii("d"):
            return rxvtArrow(sequence.final).map { .key($0, .shift) }
        case ascii("~") where sequence.parameter(0) == 27:
            return event(forCodepoint: sequence.parameter(2), modifiers: modifiers)
        case ascii("~"):
            return tildeKey(sequence.parameter(0)).map { .key($0, modifiers) }
        case ascii("^"):
            return tildeKey(sequence.parameter(0)).map { .key($0, .control) }
        case ascii("@"):
            return tildeKey(sequence.parameter(0)).map { .key($0, [.control, .shift]) }
        case ascii("$"):
            return tildeKey(sequence.parameter(0)).map { .key($0, .shift) }
        case ascii("u"):
            let releaseEvent = 3
            guard sequence.subparameter(1, 1) != releaseEvent else { return nil }
            return kittyEvent(sequence)
        default:
            return nil
        }
    }

    /// The key a single-shift sequence (`ESC O` final) stands for, if it is one.
    static func event(forSingleShift sequence: ControlSequence) -> KeyEvent? {
        guard sequence.privateMarker == nil, sequence.intermediates.isEmpty else { return nil }
        // Terminals that add a modifier here send it alone (`ESC O 5 C`) or second (`ESC O 1;5C`).
        let modifiers = Modifiers(xtermParameter: sequence.parameters.last?.first ?? nil)
        switch sequence.final {
        case ascii("A"), ascii("B"), ascii("C"), ascii("D"), ascii("H"), ascii("F"),
             ascii("P"), ascii("Q"), ascii("R"), ascii("S"):
            return cursorKey(sequence.final).map { .key($0, modifiers) }
        case ascii("a"), ascii("b"), ascii("c"), ascii("d"):
            return rxvtArrow(sequence.final).map { .key($0, .control) }
        case ascii("M"):
            return .key(.enter, modifiers)
        case ascii("X"):
            return .text("=")
        case ascii("j")...ascii("y"):
            // The application keypad sends `*+,-./0123456789` as `j` … `y`, 0x40 above the character.
            return .text(String(character(sequence.final - 0x40)))
        default:
            return nil
        }
    }

    /// The function key the Linux console sends as `ESC [ [` followed by `A` … `E`.
    static func event(forLinuxConsoleFunctionKey byte: UInt8) -> KeyEvent? {
        guard (ascii("A")...ascii("E")).contains(byte) else { return nil }
        return .key(.function(Int(byte - ascii("A")) + 1))
    }

    /// Whether a scalar may appear in a `.text` event: anything but C0, DEL and C1 controls.
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value)
    }

    // MARK: - Tables

    private static func cursorKey(_ final: UInt8) -> Key? {
        switch final {
        case ascii("A"): .up
        case ascii("B"): .down
        case ascii("C"): .right
        case ascii("D"): .left
        case ascii("H"): .home
        case ascii("F"): .end
        case ascii("P"): .function(1)
        case ascii("Q"): .function(2)
        case ascii("R"): .function(3)
        case ascii("S"): .function(4)
        default: nil
        }
    }

    private static func rxvtArrow(_ final: UInt8) -> Key? {
        switch final {
        case ascii("a"): .up
        case ascii("b"): .down
        case ascii("c"): .right
        case ascii("d"): .left
        default: nil
        }
    }

    /// The keys VT220-style terminals send as `ESC [` number `~`; the gaps (16, 22, 27, 30) are
    /// numbers no key uses.
    private static func tildeKey(_ number: Int?) -> Key? {
        switch number {
        case 1, 7: .home
        case 2: .insert
        case 3: .delete
        case 4, 8: .end
        case 5: .pageUp
        case 6: .pageDown
        case let number? where (11...15).contains(number): .function(number - 10)
        case let number? where (17...21).contains(number): .function(number - 11)
        case let number? where (23...26).contains(number): .function(number - 12)
        case let number? where (28...29).contains(number): .function(number - 13)
        case let number? where (31...34).contains(number): .function(number - 14)
        default: nil
        }
    }

    /// A key in the kitty keyboard protocol's form, `CSI code[:shifted[:base]];mods[:event]u`,
    /// or in the form xterm's modifyOtherKeys and tmux send, `CSI code;mods u`, where a shifted
    /// letter may come as its capital.
    private static func kittyEvent(_ sequence: ControlSequence) -> KeyEvent? {
        var modifiers = Modifiers(kittyParameter: sequence.parameter(1))
        guard var codepoint = sequence.parameter(0) else { return nil }
        if modifiers == .shift, let shifted = sequence.subparameter(0, 1) {
            // The shifted key's text is the text the key types.
            codepoint = shifted
            modifiers = []
        } else if (0x41...0x5A).contains(codepoint) && modifiers.contains(.shift) {
            // tmux's `CSI 65;6u` for Ctrl-Shift-A: letters in keys are lowercase.
            codepoint += 0x20
        }
        if let key = kittyFunctionalKey(codepoint) {
            return .key(key, modifiers)
        }
        if let text = kittyKeypadText(codepoint) {
            return modifiers.isEmpty ? .text(String(text)) : .key(.character(text), modifiers)
        }
        return event(forCodepoint: codepoint, modifiers: modifiers)
    }

    /// The keys the kitty protocol numbers in the private use area that stand for a key the
    /// editor knows: the keypad's Enter and its editing keys, and F13 to F20.
    private static func kittyFunctionalKey(_ codepoint: Int) -> Key? {
        switch codepoint {
        case 57376...57383: .function(codepoint - 57376 + 13)
        case 57414: .enter
        case 57417: .left
        case 57418: .right
        case 57419: .up
        case 57420: .down
        case 57421: .pageUp
        case 57422: .pageDown
        case 57423: .home
        case 57424: .end
        case 57425: .insert
        case 57426: .delete
        default: nil
        }
    }

    /// The text of the kitty protocol's keypad keys that type a character: the digits, the
    /// decimal point, the operators, `=` and the separator.
    private static func kittyKeypadText(_ codepoint: Int) -> Character? {
        switch codepoint {
        case 57399...57408: Character(Unicode.Scalar(UInt8(codepoint - 57399) + 0x30))
        case 57409: "."
        case 57410: "/"
        case 57411: "*"
        case 57412: "-"
        case 57413: "+"
        case 57415: "="
        case 57416: ","
        default: nil
        }
    }

    /// A key reported by its Unicode code point, as the kitty keyboard protocol (`CSI 97;5u`) and
    /// xterm's modifyOtherKeys (`CSI 27;5;97~`) do.
    private static func event(forCodepoint codepoint: Int?, modifiers: Modifiers) -> KeyEvent? {
        switch codepoint {
        case 9 where modifiers.contains(.shift): return .key(.backTab, modifiers.subtracting(.shift))
        case 9: return .key(.tab, modifiers)
        case 13: return .key(.enter, modifiers)
        case 8, 127: return .key(.backspace, modifiers)
        case 27: return .key(.escape, modifiers)
        case let codepoint?:
            let privateUseArea = 0xE000...0xF8FF
            guard !privateUseArea.contains(codepoint),
                  let scalar = Unicode.Scalar(UInt32(clamping: codepoint)),
                  isPrintable(scalar)
            else { return nil }
            return modifiers.isEmpty ? .text(String(Character(scalar))) : .key(.character(Character(scalar)), modifiers)
        case nil:
            return nil
        }
    }

    private static func character(_ byte: UInt8) -> Character {
        Character(Unicode.Scalar(byte))
    }

    private static func ascii(_ scalar: Unicode.Scalar) -> UInt8 {
        UInt8(ascii: scalar)
    }
}

extension Modifiers {
    /// The modifiers an xterm-style parameter encodes: the value minus one is a bit mask of
    /// shift (1), alt (2), control (4) and meta (8). Meta is reported as alt, the key users mean by it;
    /// kitty's higher bits (hyper, caps lock, num lock) are ignored.
    init(xtermParameter: Int?) {
        guard let parameter = xtermParameter, parameter > 1 else {
            self = []
            return
        }
        let mask = parameter - 1
        var modifiers: Modifiers = []
        if mask & 1 != 0 { modifiers.insert(.shift) }
        if mask & 2 != 0 || mask & 8 != 0 { modifiers.insert(.alt) }
        if mask & 4 != 0 { modifiers.insert(.control) }
        self = modifiers
    }

    /// The modifiers a kitty keyboard protocol parameter encodes: the value minus one is a bit
    /// mask of shift (1), alt (2), control (4), super (8), hyper (16), meta (32), caps lock (64)
    /// and num lock (128), the bits of ``Modifiers``. The lock states are left out: they say
    /// how the keyboard is set, not what was held.
    init(kittyParameter: Int?) {
        guard let parameter = kittyParameter, parameter > 1 else {
            self = []
            return
        }
        self = Modifiers(rawValue: UInt8(truncatingIfNeeded: parameter - 1)).subtracting([.capsLock, .numLock])
    }
}
