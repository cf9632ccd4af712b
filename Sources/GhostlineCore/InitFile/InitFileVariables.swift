/// The variables an init file sets (`set NAME VALUE`), as GNU readline 8.3 has them: 36 on/off
/// ones and 15 with a value, each with readline's default and readline's reading of a value.
package struct InitFileVariables: Equatable, Sendable {
    /// The on/off variables in readline's order, which sorts them by their bytes, with their
    /// defaults (those of a UTF-8 locale).
    package static let booleanDefaults: [(name: String, isOn: Bool)] = [
        ("bind-tty-special-chars", true), ("blink-matching-paren", false), ("byte-oriented", false),
        ("colored-completion-prefix", false), ("colored-stats", false), ("completion-ignore-case", false),
        ("completion-map-case", false), ("convert-meta", false), ("disable-completion", false),
        ("echo-control-characters", true), ("enable-active-region", true), ("enable-bracketed-paste", true),
        ("enable-keypad", false), ("enable-meta-key", true), ("expand-tilde", false), ("force-meta-prefix", false),
        ("history-preserve-point", false), ("horizontal-scroll-mode", false), ("input-meta", true),
        ("mark-directories", true), ("mark-modified-lines", false), ("mark-symlinked-directories", false),
        ("match-hidden-files", true), ("menu-complete-display-prefix", false), ("meta-flag", true),
        ("output-meta", true), ("page-completions", true), ("prefer-visible-bell", true),
        ("print-completions-horizontally", false), ("revert-all-at-newline", false), ("search-ignore-case", false),
        ("show-all-if-ambiguous", false), ("show-all-if-unmodified", false), ("show-mode-in-prompt", false),
        ("skip-completed-text", false), ("visible-stats", false),
    ]

    /// The variables with a value, in readline's order (sorted by their bytes too); nil where
    /// readline has none to print.
    package static let stringDefaults: [(name: String, value: String?)] = [
        ("active-region-end-color", nil), ("active-region-start-color", nil), ("bell-style", "audible"),
        ("comment-begin", "#"), ("completion-display-width", "-1"), ("completion-prefix-display-length", "0"),
        ("completion-query-items", "100"), ("editing-mode", "emacs"), ("emacs-mode-string", "@"),
        ("history-size", "0"), ("isearch-terminators", nil), ("keymap", "emacs"), ("keyseq-timeout", "500"),
        ("vi-cmd-mode-string", "(cmd)"), ("vi-ins-mode-string", "(ins)"),
    ]

    private var booleans: [Bool] = booleanDefaults.map(\.isOn)
    private var strings: [String?] = stringDefaults.map(\.value)
    /// `history-size` as set: readline prints 0 both for no limit (a negative size) and for
    /// keeping nothing (0), which mean different things.
    private var historyLimit: Int?

    /// readline's defaults.
    package init() {}

    /// Whether `name` is one of the on/off variables.
    package static func isBoolean(_ name: some StringProtocol) -> Bool {
        booleanIndex(name) != nil
    }

    /// Whether `name` is one of the variables with a value.
    package static func isString(_ name: some StringProtocol) -> Bool {
        stringIndex(name) != nil
    }

    /// Where a variable is in ``booleanDefaults`` or ``stringDefaults``, which are sorted by their
    /// names' bytes; its name compared without regard to ASCII case.
    private static func booleanIndex(_ name: some StringProtocol) -> Int? {
        SortedNames.index(of: name, count: booleanDefaults.count, foldingCase: true) { booleanDefaults[$0].name }
    }
    private static func stringIndex(_ name: some StringProtocol) -> Int? {
        SortedNames.index(of: name, count: stringDefaults.count, foldingCase: true) { stringDefaults[$0].name }
    }

    /// The value of an on/off variable.
    package func isOn(_ name: String) -> Bool {
        Self.booleanIndex(name).map { booleans[$0] } ?? false
    }

    /// The value of a variable with a value, as readline's dumper prints it.
    package func value(_ name: String) -> String? {
        Self.stringIndex(name).flatMap { strings[$0] }
    }

    /// The value a variable has for `$if VARIABLE == VALUE`: `on`/`off`, or its value.
    package func comparableValue(_ name: String) -> String? {
        if let index = Self.booleanIndex(name) { return booleans[index] ? "on" : "off" }
        return value(name)
    }

    /// Sets a variable from the text of its `set` line, as readline's `rl_variable_bind` reads
    /// it; the complaint is readline's when the name or the value is not one it takes.
    /// `editing-mode` and `keymap` are read by the parser, which tracks the keymap.
    package mutating func set(_ name: Substring, to value: Substring) -> InitFileError? {
        if let index = Self.booleanIndex(name) {
            let isOn = value.isEmpty || value.lowercased() == "on" || value == "1"
            booleans[index] = isOn
            switch Self.booleanDefaults[index].name {
            case "meta-flag", "input-meta":
                booleans[Self.booleanIndex("meta-flag")!] = isOn
                booleans[Self.booleanIndex("input-meta")!] = isOn
            case "prefer-visible-bell":
                strings[Self.stringIndex("bell-style")!] = isOn ? "visible" : "audible"
            case "enable-bracketed-paste":
                booleans[Self.booleanIndex("enable-active-region")!] = isOn
            default:
                break
            }
            return nil
        }
        guard let index = Self.stringIndex(name) else {
            return InitFileError("\(name): unknown variable name")
        }
        guard let normalized = Self.normalized(Self.stringDefaults[index].name, value) else {
            return InitFileError("\(name): could not set value to `\(value)'")
        }
        strings[index] = normalized
        if Self.stringDefaults[index].name == "history-size" {
            let size = value.isEmpty ? 500 : Self.leadingInteger(value)
            historyLimit = size < 0 ? nil : size
        }
        return nil
    }

    /// A value as readline keeps it, or nil for one it refuses.
    private static func normalized(_ name: String, _ value: Substring) -> String? {
        let lowercased = value.lowercased()
        switch name {
        case "bell-style":
            switch lowercased {
            case "", "audible", "on": return "audible"
            case "none", "off": return "none"
            case "visible": return "visible"
            default: return nil
            }
        case "editing-mode":
            if lowercased.hasPrefix("vi") { return "vi" }
            if lowercased.hasPrefix("emacs") { return "emacs" }
            return nil
        case "comment-begin":
            return value.isEmpty ? nil : String(value)
        case "keymap":
            return InitFileKeymap(named: value).map { _ in lowercased }
        case "completion-display-width":
            return String(value.isEmpty ? -1 : leadingInteger(value))
        case "completion-query-items":
            return String(value.isEmpty ? 100 : max(0, leadingInteger(value)))
        case "completion-prefix-display-length", "keyseq-timeout":
            return String(max(0, leadingInteger(value)))
        case "history-size":
            let size = value.isEmpty ? 500 : leadingInteger(value)
            return String(max(0, size))
        case "emacs-mode-string", "vi-cmd-mode-string", "vi-ins-mode-string",
             "active-region-start-color", "active-region-end-color":
            return String(decoding: ReadlineKeySequence.bytes(translating: value.utf8), as: UTF8.self)
        case "isearch-terminators":
            return ReadlineKeySequence.text(of: ReadlineKeySequence.bytes(translating: value.utf8))
        default:
            return String(value)
        }
    }

    /// The number a value starts with, as C's `atoi` reads it: 0 when there is none, clamped
    /// to a 32-bit integer.
    static func leadingInteger(_ text: Substring) -> Int {
        var digits = text.drop { $0 == " " || $0 == "\t" }
        var sign = 1
        if let first = digits.first, first == "-" || first == "+" {
            sign = first == "-" ? -1 : 1
            digits = digits.dropFirst()
        }
        var value = 0
        for character in digits {
            guard let digit = character.wholeNumberValue, character.isASCII else { break }
            value = min(value * 10 + digit, Int(Int32.max) + 1)
        }
        return max(Int(Int32.min), min(Int(Int32.max), sign * value))
    }

    /// The variables as readline's `rl_variable_dumper(1)` prints them: `set NAME VALUE` lines,
    /// the on/off ones first.
    package var dump: String {
        var text = ""
        for (index, variable) in Self.booleanDefaults.enumerated() {
            text += "set \(variable.name) \(booleans[index] ? "on" : "off")\n"
        }
        for (index, variable) in Self.stringDefaults.enumerated() {
            if let value = strings[index] { text += "set \(variable.name) \(value)\n" }
        }
        return text
    }

    // MARK: - The variables that mean something in Ghostline

    /// `editing-mode`.
    package var editingMode: EditingMode { value("editing-mode") == "vi" ? .vi : .emacs }
    /// `keyseq-timeout`, in milliseconds, 0 for waiting until the next key; nil when the file
    /// leaves readline's default, which is far longer than Ghostline's own wait for a lone Escape.
    package var keySequenceTimeout: Int? {
        let milliseconds = value("keyseq-timeout").flatMap { Int($0) }
        return milliseconds == 500 ? nil : milliseconds
    }
    /// `history-size`: how many entries are kept (0 for none); nil for no limit set.
    package var historySize: Int? { historyLimit }
    /// `completion-query-items`.
    package var completionQueryItems: Int { value("completion-query-items").flatMap { Int($0) } ?? 100 }
    /// `bell-style`: `none`, `visible` or `audible`.
    package var bellStyle: String { value("bell-style") ?? "audible" }
    /// `comment-begin`.
    package var commentBegin: String { value("comment-begin") ?? "#" }
    /// `show-mode-in-prompt` with the three mode strings as readline keeps them; nil when off.
    package var modeStrings: ModeStrings? {
        guard isOn("show-mode-in-prompt") else { return nil }
        func visible(_ name: String, _ fallback: String) -> String {
            value(name).map(ModeStrings.visibleText(ofReadlineModeString:)) ?? fallback
        }
        return ModeStrings(emacs: visible("emacs-mode-string", "@"), viInsert: visible("vi-ins-mode-string", "(ins)"),
                           viCommand: visible("vi-cmd-mode-string", "(cmd)"))
    }
    /// When Tab lists candidates: `show-all-if-ambiguous`, else `show-all-if-unmodified`.
    package var completionListing: CompletionListing {
        if isOn("show-all-if-ambiguous") { return .always }
        return isOn("show-all-if-unmodified") ? .whenNothingCompletes : .onSecondTab
    }
}
