@testable import GhostlineCore

/// One input and the events it must decode to when fed whole and then flushed.
struct KeyDecoderGolden: Sendable, CustomStringConvertible {
    let description: String
    let bytes: [UInt8]
    let events: [KeyEvent]

    init(_ description: String, _ input: String, _ events: [KeyEvent]) {
        self.init(description, bytes: Array(input.utf8), events)
    }

    init(_ description: String, bytes: [UInt8], _ events: [KeyEvent]) {
        self.description = description
        self.bytes = bytes
        self.events = events
    }
}

/// Feeds `bytes` in the pieces given, then flushes, as a caller does once input goes quiet.
func decode(_ pieces: [[UInt8]]) -> [KeyEvent] {
    var decoder = KeyDecoder()
    var events: [KeyEvent] = []
    for piece in pieces {
        events += decoder.feed(piece)
    }
    events += decoder.flush()
    return events
}

private let escape = "\u{1B}"
private let replacement = "\u{FFFD}"

/// The table of inputs and their events, shared by the golden and the chunking tests.
enum KeyDecoderGoldens {
    static let text: [KeyDecoderGolden] = [
        .init("ASCII text", "hello world", [.text("hello world")]),
        .init("multi-byte text", "héllo ✓ 🎉 日本", [.text("héllo ✓ 🎉 日本")]),
        .init("combining mark", "e\u{301}", [.text("e\u{301}")]),
        .init("invalid lead byte", bytes: [0x61, 0xFF, 0x62], [.text("a\(replacement)b")]),
        .init("overlong encoding", bytes: [0xC0, 0xAF], [.text(replacement + replacement)]),
        .init("encoded surrogate", bytes: [0xED, 0xA0, 0x80], [.text(String(repeating: replacement, count: 3))]),
        .init("above U+10FFFF", bytes: [0xF4, 0x90, 0x80, 0x80], [.text(String(repeating: replacement, count: 4))]),
        .init("lone continuation byte", bytes: [0x80, 0x41], [.text("\(replacement)A")]),
        .init("sequence cut by a letter", bytes: [0xE2, 0x82, 0x41], [.text("\(replacement)A")]),
        .init("sequence cut by a control", bytes: [0xE2, 0x82, 0x0D], [.text(replacement), .key(.enter)]),
        .init("sequence cut by ESC", bytes: [0xF0, 0x9F, 0x1B, 0x5B, 0x41], [.text(replacement), .key(.up)]),
        .init("sequence cut by the end of input", bytes: [0x61, 0xF0, 0x9F, 0x98], [.text("a\(replacement)")]),
        .init("C1 control dropped", bytes: [0x61, 0xC2, 0x85, 0x62], [.text("ab")]),
    ]

    static let controls: [KeyDecoderGolden] = [
        .init("Ctrl-A", "\u{01}", [.control("a")]),
        .init("Ctrl-Z", "\u{1A}", [.control("z")]),
        .init("Ctrl-C", "\u{03}", [.control("c")]),
        .init("tab", "\t", [.key(.tab)]),
        .init("carriage return", "\r", [.key(.enter)]),
        .init("line feed is Ctrl-J", "\n", [.control("j")]),
        .init("Ctrl-H is backspace", "\u{08}", [.key(.backspace)]),
        .init("DEL is backspace", "\u{7F}", [.key(.backspace)]),
        .init("NUL is Ctrl-Space", "\u{00}", [.control(" ")]),
        .init("Ctrl-Backslash", "\u{1C}", [.control("\\")]),
        .init("Ctrl-]", "\u{1D}", [.control("]")]),
        .init("Ctrl-^", "\u{1E}", [.control("^")]),
        .init("Ctrl-_", "\u{1F}", [.control("_")]),
        .init("text around a control", "ab\rcd", [.text("ab"), .key(.enter), .text("cd")]),
    ]

    static let escapes: [KeyDecoderGolden] = [
        .init("lone ESC", escape, [.key(.escape)]),
        .init("Alt-b", "\(escape)b", [.alt("b")]),
        .init("Alt-Shift-B", "\(escape)B", [.key(.character("B"), .alt)]),
        .init("Alt-<", "\(escape)<", [.alt("<")]),
        .init("Alt-_", "\(escape)_", [.alt("_")]),
        .init("Alt-]", "\(escape)]", [.alt("]")]),
        .init("Alt-Shift-P", "\(escape)P", [.alt("P")]),
        .init("Alt-Space", "\(escape) ", [.alt(" ")]),
        .init("Alt-é", "\(escape)é", [.alt("é")]),
        .init("Alt then text", "\(escape)bcd", [.alt("b"), .text("cd")]),
        .init("Alt-Enter", "\(escape)\r", [.key(.enter, .alt)]),
        .init("Alt-DEL", "\(escape)\u{7F}", [.key(.backspace, .alt)]),
        .init("Alt-Ctrl-H", "\(escape)\u{08}", [.key(.backspace, .alt)]),
        .init("Alt-Tab", "\(escape)\t", [.key(.tab, .alt)]),
        .init("Alt-Ctrl-X", "\(escape)\u{18}", [.key(.character("x"), [.control, .alt])]),
        .init("ESC ESC", "\(escape)\(escape)", [.key(.escape), .key(.escape)]),
        .init("ESC ESC b", "\(escape)\(escape)b", [.key(.escape), .alt("b")]),
        .init("three ESC", "\(escape)\(escape)\(escape)", [.key(.escape), .key(.escape), .key(.escape)]),
        .init("ESC then invalid byte", bytes: [0x1B, 0xFF], [.key(.escape), .text(replacement)]),
        .init("ESC then cut character", bytes: [0x1B, 0xE2, 0x41], [.key(.escape), .text("\(replacement)A")]),
        .init("ESC then C1 control", bytes: [0x1B, 0xC2, 0x85], [.key(.escape)]),
        .init("Alt-[ alone", "\(escape)[", [.alt("[")]),
        .init("Alt-Shift-O alone", "\(escape)O", [.alt("O")]),
        .init("Alt-[ then Enter", "\(escape)[\r", [.alt("["), .key(.enter)]),
        .init("Alt-Shift-O then Space", "\(escape)O ", [.alt("O"), .text(" ")]),
        .init("ESC ESC [ alone", "\(escape)\(escape)[", [.key(.escape), .alt("[")]),
    ]

    static let controlSequences: [KeyDecoderGolden] = [
        .init("up", "\(escape)[A", [.key(.up)]),
        .init("down", "\(escape)[B", [.key(.down)]),
        .init("right", "\(escape)[C", [.key(.right)]),
        .init("left", "\(escape)[D", [.key(.left)]),
        .init("home H", "\(escape)[H", [.key(.home)]),
        .init("end F", "\(escape)[F", [.key(.end)]),
        .init("home 1~", "\(escape)[1~", [.key(.home)]),
        .init("home 7~", "\(escape)[7~", [.key(.home)]),
        .init("end 4~", "\(escape)[4~", [.key(.end)]),
        .init("end 8~", "\(escape)[8~", [.key(.end)]),
        .init("insert", "\(escape)[2~", [.key(.insert)]),
        .init("delete", "\(escape)[3~", [.key(.delete)]),
        .init("page up", "\(escape)[5~", [.key(.pageUp)]),
        .init("page down", "\(escape)[6~", [.key(.pageDown)]),
        .init("back tab", "\(escape)[Z", [.key(.backTab)]),
        .init("F1 11~", "\(escape)[11~", [.key(.function(1))]),
        .init("F5", "\(escape)[15~", [.key(.function(5))]),
        .init("F6", "\(escape)[17~", [.key(.function(6))]),
        .init("F10", "\(escape)[21~", [.key(.function(10))]),
        .init("F11", "\(escape)[23~", [.key(.function(11))]),
        .init("F12", "\(escape)[24~", [.key(.function(12))]),
        .init("F13", "\(escape)[25~", [.key(.function(13))]),
        .init("F20", "\(escape)[34~", [.key(.function(20))]),
        .init("Ctrl-Right", "\(escape)[1;5C", [.key(.right, .control)]),
        .init("Alt-Left", "\(escape)[1;3D", [.key(.left, .alt)]),
        .init("Shift-Up", "\(escape)[1;2A", [.key(.up, .shift)]),
        .init("Meta-Left is Alt", "\(escape)[1;9D", [.key(.left, .alt)]),
        .init("Ctrl-Shift-Right", "\(escape)[1;6C", [.key(.right, [.control, .shift])]),
        .init("Ctrl-Alt-Shift-End", "\(escape)[1;8F", [.key(.end, [.control, .alt, .shift])]),
        .init("Ctrl-Delete", "\(escape)[3;5~", [.key(.delete, .control)]),
        .init("Shift-Page-Up", "\(escape)[5;2~", [.key(.pageUp, .shift)]),
        .init("Ctrl-F1", "\(escape)[1;5P", [.key(.function(1), .control)]),
        .init("Shift-F3", "\(escape)[1;2R", [.key(.function(3), .shift)]),
        .init("Ctrl-F5", "\(escape)[15;5~", [.key(.function(5), .control)]),
        .init("Alt-Left as ESC ESC [ D", "\(escape)\(escape)[D", [.key(.left, .alt)]),
        .init("ESC then Alt-Left", "\(escape)\(escape)\(escape)[D", [.key(.escape), .key(.left, .alt)]),
        .init("Alt prefix on Ctrl-Up", "\(escape)\(escape)[1;5A", [.key(.up, [.control, .alt])]),
        .init("arrows between text", "a\(escape)[Db", [.text("a"), .key(.left), .text("b")]),
    ]

    static let singleShifts: [KeyDecoderGolden] = [
        .init("SS3 up", "\(escape)OA", [.key(.up)]),
        .init("SS3 down", "\(escape)OB", [.key(.down)]),
        .init("SS3 right", "\(escape)OC", [.key(.right)]),
        .init("SS3 left", "\(escape)OD", [.key(.left)]),
        .init("SS3 home", "\(escape)OH", [.key(.home)]),
        .init("SS3 end", "\(escape)OF", [.key(.end)]),
        .init("SS3 F1", "\(escape)OP", [.key(.function(1))]),
        .init("SS3 F2", "\(escape)OQ", [.key(.function(2))]),
        .init("SS3 F3", "\(escape)OR", [.key(.function(3))]),
        .init("SS3 F4", "\(escape)OS", [.key(.function(4))]),
        .init("SS3 Ctrl-Right", "\(escape)O5C", [.key(.right, .control)]),
        .init("SS3 Shift-F1", "\(escape)O1;2P", [.key(.function(1), .shift)]),
        .init("SS3 keypad Enter", "\(escape)OM", [.key(.enter)]),
        .init("SS3 keypad digit", "\(escape)Op", [.text("0")]),
        .init("SS3 keypad digit then text", "\(escape)Owx", [.text("7x")]),
        .init("SS3 keypad plus", "\(escape)Ok", [.text("+")]),
        .init("SS3 keypad equals", "\(escape)OX", [.text("=")]),
        .init("Alt prefix on SS3 up", "\(escape)\(escape)OA", [.key(.up, .alt)]),
    ]

    static let otherTerminals: [KeyDecoderGolden] = [
        .init("rxvt Shift-Up", "\(escape)[a", [.key(.up, .shift)]),
        .init("rxvt Shift-Left", "\(escape)[d", [.key(.left, .shift)]),
        .init("rxvt Ctrl-Down", "\(escape)Ob", [.key(.down, .control)]),
        .init("rxvt Ctrl-Right", "\(escape)Oc", [.key(.right, .control)]),
        .init("rxvt Shift-Insert", "\(escape)[2$", [.key(.insert, .shift)]),
        .init("rxvt Ctrl-Delete", "\(escape)[3^", [.key(.delete, .control)]),
        .init("rxvt Ctrl-Shift-Home", "\(escape)[7@", [.key(.home, [.control, .shift])]),
        .init("Linux console F1", "\(escape)[[A", [.key(.function(1))]),
        .init("Linux console F5", "\(escape)[[E", [.key(.function(5))]),
        .init("kitty Ctrl-A", "\(escape)[97;5u", [.control("a")]),
        .init("kitty Ctrl-Alt-A", "\(escape)[97;7u", [.key(.character("a"), [.control, .alt])]),
        .init("kitty plain a", "\(escape)[97u", [.text("a")]),
        .init("kitty Enter", "\(escape)[13u", [.key(.enter)]),
        .init("kitty Shift-Enter", "\(escape)[13;2u", [.key(.enter, .shift)]),
        .init("kitty Shift-Tab", "\(escape)[9;2u", [.key(.backTab)]),
        .init("kitty Ctrl-Backspace", "\(escape)[127;5u", [.key(.backspace, .control)]),
        .init("kitty Escape", "\(escape)[27u", [.key(.escape)]),
        .init("kitty key press event", "\(escape)[97;5:1u", [.control("a")]),
        .init("kitty key release dropped", "\(escape)[97;5:3u", []),
        .init("kitty Menu key dropped", "\(escape)[57363u", []),
        .init("kitty control code point dropped", "\(escape)[1;5u", []),
        .init("modifyOtherKeys Ctrl-A", "\(escape)[27;5;97~", [.control("a")]),
        .init("kitty Ctrl-C", "\(escape)[99;5u", [.control("c")]),
        .init("kitty Ctrl-D", "\(escape)[100;5u", [.control("d")]),
        .init("kitty Ctrl-Z", "\(escape)[122;5u", [.control("z")]),
        .init("kitty Ctrl-I apart from Tab", "\(escape)[105;5u\t", [.control("i"), .key(.tab)]),
        .init("kitty Ctrl-Enter", "\(escape)[13;5u", [.key(.enter, .control)]),
        .init("kitty Alt-x", "\(escape)[120;3u", [.alt("x")]),
        .init("kitty Super-a", "\(escape)[97;9u", [.key(.character("a"), .super)]),
        .init("kitty Hyper-a", "\(escape)[97;17u", [.key(.character("a"), .hyper)]),
        .init("kitty Meta-a", "\(escape)[97;33u", [.key(.character("a"), .meta)]),
        .init("kitty Ctrl-a with Caps and Num Lock", "\(escape)[97;197u", [.control("a")]),
        .init("kitty lock states alone type text", "\(escape)[97;65u", [.text("a")]),
        .init("kitty shifted key types its shifted text", "\(escape)[97:65;2u", [.text("A")]),
        .init("kitty base layout key", "\(escape)[1092::97;5u", [.key(.character("ф"), .control)]),
        .init("kitty press event with Shift-Enter", "\(escape)[13;2:1u", [.key(.enter, .shift)]),
        .init("kitty repeat event", "\(escape)[97;5:2u", [.control("a")]),
        .init("kitty keypad 5", "\(escape)[57404u", [.text("5")]),
        .init("kitty keypad plus", "\(escape)[57413u", [.text("+")]),
        .init("kitty keypad Enter", "\(escape)[57414u", [.key(.enter)]),
        .init("kitty keypad Ctrl-Enter", "\(escape)[57414;5u", [.key(.enter, .control)]),
        .init("kitty keypad Up", "\(escape)[57419u", [.key(.up)]),
        .init("kitty keypad Delete", "\(escape)[57426;3u", [.key(.delete, .alt)]),
        .init("kitty F13", "\(escape)[57376u", [.key(.function(13))]),
        .init("kitty media key dropped", "\(escape)[57428u", []),
        .init("kitty modifier key alone dropped", "\(escape)[57441;2u", []),
        .init("tmux Ctrl-Shift-A capital", "\(escape)[65;6u", [.key(.character("a"), [.control, .shift])]),
        .init("modifyOtherKeys Ctrl-Shift-A", "\(escape)[27;6;65~", [.key(.character("A"), [.control, .shift])]),
        .init("modifyOtherKeys Ctrl-Enter", "\(escape)[27;5;13~", [.key(.enter, .control)]),
        .init("late kitty flags answer dropped", "a\(escape)[?1ub", [.text("ab")]),
        .init("late DECRQM answer dropped", "a\(escape)[?2027;0$yb", [.text("ab")]),
        .init("late device attributes dropped", "a\(escape)[?62;22cb", [.text("ab")]),
        .init("all three late answers dropped", "\(escape)[?0u\(escape)[?2027;0$y\(escape)[?64;1;2;6;22cx", [.text("x")]),
    ]

    static let dropped: [KeyDecoderGolden] = [
        .init("SGR mouse report", "\(escape)[<0;12;5Mx", [.text("x")]),
        .init("SGR mouse release", "\(escape)[<0;12;5mx", [.text("x")]),
        .init("X10 mouse report", bytes: [0x1B, 0x5B, 0x4D, 0x20, 0x21, 0x22, 0x78], [.text("x")]),
        .init("X10 mouse report with high bytes", bytes: [0x1B, 0x5B, 0x4D, 0xE0, 0xFF, 0x1B, 0x78], [.text("x")]),
        .init("focus in", "\(escape)[Ix", [.text("x")]),
        .init("focus out", "\(escape)[Ox", [.text("x")]),
        .init("cursor position report", "\(escape)[12;40Rx", [.text("x")]),
        .init("device attributes reply", "\(escape)[?62;cx", [.text("x")]),
        .init("cursor style with intermediate", "\(escape)[2 qx", [.text("x")]),
        .init("mode report with dollar intermediate", "\(escape)[1;2$yx", [.text("x")]),
        .init("private mode report", "\(escape)[?2004;1$yx", [.text("x")]),
        .init("stray paste end marker", "\(escape)[201~x", [.text("x")]),
        .init("unknown final byte", "\(escape)[5Ya", [.text("a")]),
        .init("malformed parameters", "\(escape)[1?2Ax", [.text("x")]),
        .init("OSC ended by BEL", "\(escape)]11;rgb:0000/0000/0000\u{07}x", [.text("x")]),
        .init("OSC ended by ST", "\(escape)]0;title\(escape)\\x", [.text("x")]),
        .init("DCS reply", "\(escape)P1$r0m\(escape)\\x", [.text("x")]),
        .init("APC reply", "\(escape)_Gi=1;OK\(escape)\\x", [.text("x")]),
        .init("OSC cut by a sequence", "\(escape)]abc\(escape)[A", [.key(.up)]),
        .init("SS3 with unknown final", "\(escape)OZx", [.text("x")]),
        .init("Linux console unknown letter", "\(escape)[[Zx", [.text("x")]),
        .init("overlong CSI skipped to its final", "\(escape)[" + String(repeating: "1", count: 100) + "Ax", [.text("x")]),
        .init("overlong CSI cut by a control", "\(escape)[" + String(repeating: "1;", count: 50) + "\r", [.key(.enter)]),
        .init("unterminated CSI at the end", "a\(escape)[1;5", [.text("a")]),
        .init("CSI cut by DEL", "\(escape)[1;\u{7F}", [.key(.backspace)]),
        .init("CSI cut by a high byte", bytes: [0x1B, 0x5B, 0x31, 0xC3, 0xA9], [.text("é")]),
    ]

    static let pastes: [KeyDecoderGolden] = [
        .init("paste", "\(escape)[200~hello\(escape)[201~", [.paste("hello")]),
        .init("paste between keys", "a\(escape)[200~b c\(escape)[201~d", [.text("a"), .paste("b c"), .text("d")]),
        .init("paste line breaks normalised", "\(escape)[200~a\r\nb\rc\nd\r\(escape)[201~", [.paste("a\nb\nc\nd\n")]),
        .init("paste of CR CR LF", "\(escape)[200~a\r\r\nb\(escape)[201~", [.paste("a\n\nb")]),
        .init("paste keeps controls and sequences", "\(escape)[200~\(escape)[A\u{03}\t\u{7F}\(escape)[201~", [.paste("\(escape)[A\u{03}\t\u{7F}")]),
        .init("paste keeps a partial end marker", "\(escape)[200~x\(escape)[20y\(escape)[201z\(escape)[201~", [.paste("x\(escape)[20y\(escape)[201z")]),
        .init("paste keeps ESC before the end marker", "\(escape)[200~\(escape)\(escape)[201~", [.paste(escape)]),
        .init("paste keeps the start marker", "\(escape)[200~\(escape)[200~\(escape)[201~", [.paste("\(escape)[200~")]),
        .init("paste of multi-byte text", "\(escape)[200~日本 🎉\(escape)[201~", [.paste("日本 🎉")]),
        .init("paste of invalid UTF-8", bytes: Array("\(escape)[200~".utf8) + [0x61, 0xFF, 0xE2, 0x82] + Array("\(escape)[201~".utf8),
              [.paste("a\(replacement)\(replacement)")]),
        .init("empty paste", "\(escape)[200~\(escape)[201~x", [.text("x")]),
        .init("paste after Alt prefix", "\(escape)\(escape)[200~p\(escape)[201~", [.paste("p")]),
    ]

    static let all: [KeyDecoderGolden] = text + controls + escapes + controlSequences + singleShifts + otherTerminals + dropped + pastes
}
