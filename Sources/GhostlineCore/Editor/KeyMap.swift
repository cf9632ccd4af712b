/// Which ``Command`` each key, or sequence of keys, performs.
///
/// A value: the embedding app copies ``standard`` and changes what it likes:
/// ```swift
/// var keys = KeyMap.standard
/// keys.bind(.control("o"), to: .custom("open-editor"))
/// keys.bind(.control("x"), .control("u"), to: .undo)
/// ```
public struct KeyMap: Sendable {
    private var bindings: [[KeyEvent]: Command] = [:]
    private var prefixes: Set<[KeyEvent]> = []

    /// An empty key map: only text is inserted.
    public init() {}

    /// Binds a sequence of keys (usually one) to `command`, replacing any earlier binding.
    public mutating func bind(_ keys: KeyEvent..., to command: Command) {
        bind(keys, to: command)
    }

    /// Binds a sequence of keys to `command`, replacing any earlier binding.
    public mutating func bind(_ keys: [KeyEvent], to command: Command) {
        guard !keys.isEmpty else { return }
        bindings[keys] = command
        for length in 1..<keys.count { prefixes.insert(Array(keys.prefix(length))) }
    }

    /// Removes the binding of a sequence of keys.
    public mutating func unbind(_ keys: KeyEvent...) {
        bindings[keys] = nil
        // A prefix left behind would make the editor wait after its first key and drop the next.
        prefixes = Set(bindings.keys.flatMap { sequence in (1..<sequence.count).map { Array(sequence.prefix($0)) } })
    }

    /// The command bound to exactly this sequence of keys, if any.
    public func command(for keys: [KeyEvent]) -> Command? { bindings[keys] }

    /// True when `keys` starts a longer bound sequence, so the editor waits for the next key.
    public func isPrefix(_ keys: [KeyEvent]) -> Bool { prefixes.contains(keys) }

    /// Every binding, for listing in help screens and documentation.
    public var allBindings: [(keys: [KeyEvent], command: Command)] {
        bindings.map { ($0.key, $0.value) }
    }

    /// The emacs/readline bindings that Ghostline starts with; `Docs/KeyBindings.md` lists them.
    public static let standard: KeyMap = {
        var map = KeyMap()
        map.bind(.key(.enter), to: .submitOrInsertNewline)
        map.bind(.control("j"), to: .submitOrInsertNewline)
        map.bind(.key(.enter, .alt), to: .submit)
        map.bind(.key(.tab), to: .complete)

        map.bind(.key(.left), to: .moveLeft)
        map.bind(.control("b"), to: .moveLeft)
        map.bind(.key(.right), to: .moveRight)
        map.bind(.control("f"), to: .moveRight)
        map.bind(.alt("b"), to: .moveWordLeft)
        map.bind(.key(.left, .control), to: .moveWordLeft)
        map.bind(.key(.left, .alt), to: .moveWordLeft)
        map.bind(.alt("f"), to: .acceptSuggestionWord)
        map.bind(.key(.right, .control), to: .moveWordRight)
        map.bind(.key(.right, .alt), to: .moveWordRight)
        map.bind(.key(.home), to: .moveToLineStart)
        map.bind(.control("a"), to: .moveToLineStart)
        map.bind(.key(.end), to: .moveToLineEnd)
        map.bind(.control("e"), to: .moveToLineEnd)
        map.bind(.alt("<"), to: .moveToStart)
        map.bind(.alt(">"), to: .moveToEnd)
        map.bind(.key(.home, .control), to: .moveToStart)
        map.bind(.key(.end, .control), to: .moveToEnd)
        map.bind(.key(.up), to: .moveUp)
        map.bind(.key(.down), to: .moveDown)
        map.bind(.control("p"), to: .historyPrevious)
        map.bind(.control("n"), to: .historyNext)
        // zsh's emacs bindings; readline users often bind the arrows to them too.
        map.bind(.alt("p"), to: .historySearchBackward)
        map.bind(.alt("n"), to: .historySearchForward)

        map.bind(.key(.backspace), to: .deleteBackward)
        map.bind(.key(.delete), to: .deleteForward)
        map.bind(.control("d"), to: .deleteForwardOrEndOfFile)
        map.bind(.control("k"), to: .killToLineEnd)
        map.bind(.control("u"), to: .killToLineStart)
        map.bind(.control("w"), to: .killWhitespaceWordBackward)
        map.bind(.key(.backspace, .alt), to: .killWordBackward)
        map.bind(.alt("d"), to: .killWordForward)
        map.bind(.key(.delete, .control), to: .killWordForward)
        map.bind(.control("y"), to: .yank)
        map.bind(.alt("y"), to: .yankPop)

        map.bind(.control("t"), to: .transposeCharacters)
        map.bind(.alt("u"), to: .uppercaseWord)
        map.bind(.alt("l"), to: .lowercaseWord)
        map.bind(.alt("c"), to: .capitalizeWord)
        map.bind(.control("_"), to: .undo)
        map.bind(.control("x"), .control("u"), to: .undo)
        map.bind(.alt("_"), to: .redo)

        map.bind(.control("r"), to: .reverseSearch)
        map.bind(.control("g"), to: .cancel)
        map.bind(.key(.escape), to: .cancel)

        map.bind(.control("l"), to: .clearScreen)
        map.bind(.control("c"), to: .interrupt)
        map.bind(.control("z"), to: .suspend)
        return map
    }()
}
