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

    /// An empty key map: only text is inserted.
    public init() {}

    /// Binds a sequence of keys (usually one) to `command`, replacing any earlier binding.
    public mutating func bind(_ keys: KeyEvent..., to command: Command) {
        bind(keys, to: command)
    }

    /// Binds a sequence of keys to `command`, replacing any earlier binding.
    public mutating func bind(_ keys: [KeyEvent], to command: Command) {
        guard !keys.isEmpty else { return }
        if let index = bindings.firstIndex(where: { $0.keys == keys }) {
            bindings[index].command = command
        } else {
            bindings.append((keys, command))
        }
    }

    /// Removes the binding of a sequence of keys.
    public mutating func unbind(_ keys: KeyEvent...) {
        bindings.removeAll { $0.keys == keys }
    }

    /// The command bound to exactly this sequence of keys, if any.
    public func command(for keys: [KeyEvent]) -> Command? {
        bindings.first { $0.keys == keys }?.command
    }

    /// True when `keys` starts a longer bound sequence, so the editor waits for the next key.
    public func isPrefix(_ keys: [KeyEvent]) -> Bool {
        bindings.contains { $0.keys.count > keys.count && $0.keys.starts(with: keys) }
    }

    /// Every binding, in the order they were bound, for listing in help screens and documentation.
    public var allBindings: [(keys: [KeyEvent], command: Command)] { bindings }

    /// The emacs/readline bindings that Ghostline starts with; `Docs/KeyBindings.md` lists them.
    public static let standard = KeyMap(distinctBindings: [
        ([.key(.enter)], .submitOrInsertNewline),
        ([.control("j")], .submitOrInsertNewline),
        ([.key(.enter, .alt)], .submit),
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
        ([.alt("<")], .moveToStart),
        ([.alt(">")], .moveToEnd),
        ([.key(.home, .control)], .moveToStart),
        ([.key(.end, .control)], .moveToEnd),
        ([.key(.up)], .moveUp),
        ([.key(.down)], .moveDown),
        ([.control("p")], .historyPrevious),
        ([.control("n")], .historyNext),
        // zsh's emacs bindings; readline users often bind the arrows to them too.
        ([.alt("p")], .historySearchBackward),
        ([.alt("n")], .historySearchForward),

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
        ([.alt("_")], .redo),

        ([.control("r")], .reverseSearch),
        ([.control("g")], .cancel),
        ([.key(.escape)], .cancel),

        ([.control("l")], .clearScreen),
        ([.control("c")], .interrupt),
        ([.control("z")], .suspend),
    ])

    /// A key map of bindings known to bind no sequence twice, kept as they are: binding them one
    /// by one would compare each with all before it, a thousand comparisons as the editor is made.
    private init(distinctBindings: [(keys: [KeyEvent], command: Command)]) {
        bindings = distinctBindings
    }
}
