/// Which ``Command`` each key, or sequence of keys, performs.
///
/// A value: the embedding app copies ``standard`` and changes what it likes:
/// ```swift
/// var keys = KeyMap.standard
/// keys.bind(.control("o"), to: .custom("open-editor"))
/// keys.bind(.control("x"), .control("u"), to: .undo)
/// ```
public struct KeyMap: Sendable {
    // A list, searched from the start, rather than a dictionary: the standard map's 52 bindings
    // are compared in well under a microsecond, and a dictionary of key sequences would, as
    // every editor is made, run the hashing code and the runtime's search of every protocol
    // conformance in the program for `[KeyEvent]: Hashable` before the prompt, about 0.3 MB of
    // memory at an idle prompt (Docs/Performance.md, "What embedding costs").
    private var bindings: [(keys: [KeyEvent], command: Command)] = []
    /// The ``KeyEvent/scanCode`` of each binding's first key, in the bindings' order: the scan
    /// compares these numbers, held together in a few cache lines, and reads a binding's own
    /// array of keys only when they match, instead of every binding's for every key that is not
    /// text.
    private var firstKeyCodes: [UInt64] = []

    /// An empty key map: only text is inserted.
    public init() {}

    /// Binds a sequence of keys (usually one) to `command`, replacing any earlier binding.
    public mutating func bind(_ keys: KeyEvent..., to command: Command) {
        bind(keys, to: command)
    }

    /// Binds a sequence of keys to `command`, replacing any earlier binding.
    public mutating func bind(_ keys: [KeyEvent], to command: Command) {
        guard !keys.isEmpty else { return }
        if let index = index(of: keys) {
            bindings[index].command = command
        } else {
            bindings.append((keys, command))
            firstKeyCodes.append(keys[0].scanCode)
        }
    }

    /// Removes the binding of a sequence of keys.
    public mutating func unbind(_ keys: KeyEvent...) {
        unbind(keys)
    }

    /// Removes the binding of a sequence of keys.
    public mutating func unbind(_ keys: [KeyEvent]) {
        guard let index = index(of: keys) else { return }
        bindings.remove(at: index)
        firstKeyCodes.remove(at: index)
    }

    /// The command bound to exactly this sequence of keys, if any.
    public func command(for keys: [KeyEvent]) -> Command? {
        index(of: keys).map { bindings[$0].command }
    }

    /// True when `keys` starts a longer bound sequence, so the editor waits for the next key.
    public func isPrefix(_ keys: [KeyEvent]) -> Bool {
        guard let first = keys.first else { return !bindings.isEmpty }
        let code = first.scanCode
        return firstKeyCodes.indices.contains { index in
            firstKeyCodes[index] == code && bindings[index].keys.count > keys.count && bindings[index].keys.starts(with: keys)
        }
    }

    /// Where the binding of exactly `keys` is; a sequence is bound at most once.
    private func index(of keys: [KeyEvent]) -> Int? {
        guard let first = keys.first else { return nil }
        let code = first.scanCode
        return firstKeyCodes.indices.first { firstKeyCodes[$0] == code && bindings[$0].keys == keys }
    }

    /// Every binding, in the order they were bound, for listing in help screens and documentation.
    public var allBindings: [(keys: [KeyEvent], command: Command)] { bindings }

    /// The emacs/readline bindings that Ghostline starts with; `Docs/KeyBindings.md` lists them.
    public static let standard = KeyMap(distinctBindings: [
        ([.key(.enter)], .submitOrInsertNewline),
        ([.control("j")], .submitOrInsertNewline),
        ([.key(.enter, .alt)], .submit),
        ([.key(.enter, .shift)], .insertNewline),
        ([.key(.tab)], .complete),

        ([.key(.left)], .moveLeft),
        ([.control("b")], .moveLeft),
        ([.key(.right)], .moveRight),
        ([.control("f")], .moveRight),
        ([.alt("b")], .moveWordLeft),
        ([.key(.left, .control)], .moveWordLeft),
        ([.key(.left, .alt)], .moveWordLeft),
        ([.alt("f")], .acceptSuggestionWord),
        ([.key(.right, .control)], .moveWordRight),
        ([.key(.right, .alt)], .moveWordRight),
        ([.key(.home)], .moveToLineStart),
        ([.control("a")], .moveToLineStart),
        ([.key(.end)], .moveToLineEnd),
        ([.control("e")], .moveToLineEnd),
        ([.alt("<")], .historyFirst),
        ([.alt(">")], .historyLast),
        ([.key(.home, .control)], .moveToStart),
        ([.key(.end, .control)], .moveToEnd),
        ([.key(.up)], .moveUp),
        ([.key(.down)], .moveDown),
        ([.control("p")], .historyPrevious),
        ([.control("n")], .historyNext),
        // readline's: a search for a pattern typed on a line of its own. Its prefix searches
        // (`historySearchBackward` / `-Forward`, zsh's Alt-P / Alt-N) are unbound, as in readline.
        ([.alt("p")], .nonIncrementalSearchBackward),
        ([.alt("n")], .nonIncrementalSearchForward),

        ([.key(.backspace)], .deleteBackward),
        ([.key(.delete)], .deleteForward),
        ([.control("d")], .deleteForwardOrEndOfFile),
        ([.control("k")], .killToLineEnd),
        ([.control("u")], .killToLineStart),
        ([.control("w")], .killWhitespaceWordBackward),
        ([.key(.backspace, .alt)], .killWordBackward),
        ([.alt("d")], .killWordForward),
        ([.key(.delete, .control)], .killWordForward),
        ([.control("y")], .yank),
        ([.alt("y")], .yankPop),

        ([.control("t")], .transposeCharacters),
        ([.alt("u")], .uppercaseWord),
        ([.alt("l")], .lowercaseWord),
        ([.alt("c")], .capitalizeWord),
        ([.control("_")], .undo),
        ([.control("x"), .control("u")], .undo),
        ([.alt("/")], .redo),
        ([.alt("?")], .listCompletions), ([.alt("=")], .listCompletions), ([.alt("*")], .insertCompletions),
        ([.alt("&")], .tildeExpand),

        ([.control("r")], .reverseSearch),
        ([.control("g")], .cancel),
        ([.key(.escape)], .cancel),

        // Readline's emacs commands (issue 23): Docs/KeyBindings.md lists them.
        ([.alt("0")], .digitArgument), ([.alt("1")], .digitArgument), ([.alt("2")], .digitArgument),
        ([.alt("3")], .digitArgument), ([.alt("4")], .digitArgument), ([.alt("5")], .digitArgument),
        ([.alt("6")], .digitArgument), ([.alt("7")], .digitArgument), ([.alt("8")], .digitArgument),
        ([.alt("9")], .digitArgument), ([.alt("-")], .digitArgument),
        ([.alt("t")], .transposeWords),
        ([.alt("r")], .revertLine),
        ([.key(.character("r"), [.control, .alt])], .revertLine),
        ([.control("]")], .characterSearch),
        ([.key(.character("]"), [.control, .alt])], .characterSearchBackward),
        ([.alt(".")], .yankLastArgument),
        ([.alt("_")], .yankLastArgument),
        ([.key(.character("y"), [.control, .alt])], .yankNthArgument),
        ([.control(" ")], .setMark),
        ([.alt(" ")], .setMark),
        ([.control("x"), .control("x")], .exchangePointAndMark),
        ([.control("v")], .quotedInsert),
        ([.control("q")], .quotedInsert),
        ([.alt("\\")], .deleteHorizontalSpace),
        ([.control("x"), .text("(")], .startKeyboardMacro),
        ([.control("x"), .text(")")], .endKeyboardMacro),
        ([.control("x"), .text("e")], .callKeyboardMacro),
        ([.alt("#")], .insertComment),
        ([.control("x"), .control("e")], .editInExternalEditor),

        ([.control("l")], .clearScreen),
        ([.key(.character("l"), [.control, .alt])], .clearDisplay),
        ([.control("c")], .interrupt),
        ([.control("z")], .suspend),

        ([.control("s")], .forwardSearch),
        ([.control("o")], .submitAndRecallNext),
        ([.control("x"), .control("r")], .readInitFileAgain),
    ], adding: lowercaseVersionBindings)

    /// Alt and an uppercase letter, and Ctrl-X then one, do what the lowercase letter does, as
    /// readline binds them (`do-lowercase-version`); not Alt-Shift-O, whose `ESC O` starts the
    /// keys a terminal sends for F1 to F4. The letters come from their codes: walking a string's
    /// characters would bring grapheme breaking onto the way to the prompt.
    private static let lowercaseVersionBindings: [(keys: [KeyEvent], command: Command)] =
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).flatMap { code -> [(keys: [KeyEvent], command: Command)] in
            let letter = Character(Unicode.Scalar(code))
            let chord = (keys: [KeyEvent.control("x"), .text(String(letter))], command: Command.performLowercaseKey)
            return code == UInt8(ascii: "O") ? [chord] : [(keys: [.alt(letter)], command: .performLowercaseKey), chord]
        }

    /// The command `keys` perform: the one bound to them, or for ``Command/performLowercaseKey``
    /// the one bound to the same keys with the last letter in lowercase (``Command/ignore`` when
    /// that is unbound, as readline does nothing there).
    func performedCommand(for keys: [KeyEvent]) -> Command? {
        guard let bound = command(for: keys) else { return nil }
        guard case .performLowercaseKey = bound else { return bound }
        return command(forLowercaseOf: keys) ?? .ignore
    }

    /// The command bound to `keys` with the last key's letter in lowercase; nil when that is
    /// unbound, or not a letter's.
    private func command(forLowercaseOf keys: [KeyEvent]) -> Command? {
        let lowered: KeyEvent
        switch keys.last {
        case .key(.character(let character), let modifiers)? where character.isUppercase:
            lowered = .key(.character(Character(character.lowercased())), modifiers)
        case .text(let text)? where text.count == 1 && text.first?.isUppercase == true:
            lowered = .text(text.lowercased())
        default:
            return nil
        }
        let command = command(for: keys.dropLast() + [lowered])
        return command == .performLowercaseKey ? nil : command
    }

    /// A key map of `distinctBindings` and then `more`, known to bind no sequence twice, kept as
    /// they are: binding them one by one would compare each with all before it, a thousand
    /// comparisons as the editor is made. The two are joined here rather than at the call, where
    /// the literal's tuples, typed without labels, would be cast at run time.
    private init(distinctBindings: [(keys: [KeyEvent], command: Command)], adding more: [(keys: [KeyEvent], command: Command)] = []) {
        bindings = distinctBindings + more
        firstKeyCodes = bindings.map { $0.keys[0].scanCode }
    }
}

extension KeyEvent {
    /// A number that equal events share, for ``KeyMap``'s scan: the kind, the modifiers and the
    /// key, a character by its first scalar. Unequal events may share one; the scan then
    /// compares the events themselves.
    fileprivate var scanCode: UInt64 {
        switch self {
        case .text(let text): 1 << 60 | UInt64(text.utf8.count)
        case .paste(let text): 2 << 60 | UInt64(text.utf8.count)
        case .key(let key, let modifiers): 3 << 60 | UInt64(modifiers.rawValue) << 40 | key.scanCode
        }
    }
}

extension Key {
    /// The key's part of ``KeyEvent/scanCode``: a character's first scalar, other keys numbered
    /// above every scalar.
    fileprivate var scanCode: UInt64 {
        switch self {
        case .character(let character): UInt64(character.unicodeScalars.first?.value ?? 0)
        case .enter: 0x11_0000
        case .tab: 0x11_0001
        case .backTab: 0x11_0002
        case .backspace: 0x11_0003
        case .delete: 0x11_0004
        case .escape: 0x11_0005
        case .up: 0x11_0006
        case .down: 0x11_0007
        case .left: 0x11_0008
        case .right: 0x11_0009
        case .home: 0x11_000A
        case .end: 0x11_000B
        case .pageUp: 0x11_000C
        case .pageDown: 0x11_000D
        case .insert: 0x11_000E
        case .function(let number): 0x12_0000 + UInt64(UInt32(truncatingIfNeeded: number))
        }
    }
}
