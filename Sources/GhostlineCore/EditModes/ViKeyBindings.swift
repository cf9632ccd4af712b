/// What an init file bound in vi mode's two keymaps (`set keymap vi-command`, `vi-move`, `vi`;
/// `set keymap vi-insert`), over what vi mode's keys do of their own.
///
/// In command mode a key bound to one of readline's vi functions reads as that function's own
/// key (`"Q": vi-prev-word` makes `Q` read as `B`: readline's vi functions look at the case of
/// the key that called them, so the function's key of the same case), a key bound to another
/// function runs its command (`"K": end-of-line`), a macro's keys are typed as commands
/// (`"H": "0dw"`), and a name Ghostline lacks unbinds the key, as in readline. Insert mode's
/// keys are bound to commands, or to leaving insert mode; printable keys type themselves there
/// whatever the file says, as in emacs mode. The keys a file does not bind are vi mode's own,
/// and those vi mode has no command for are read through emacs mode's key map.
package struct ViKeyBindings: Sendable {
    /// What a key bound by the file does in one of vi's modes.
    package enum Meaning: Equatable, Sendable {
        /// Reads as this printable key of command mode's own.
        case key(Character)
        /// Runs a command (a macro's keys are typed, as commands in command mode).
        case command(Command)
        /// Leaves insert mode, as Escape does (`vi-movement-mode`).
        case leaveInsert
        /// Nothing: the key is unbound.
        case nothing
    }

    /// One key sequence bound by the file.
    package struct Binding: Sendable {
        /// The keys, as the decoder reads them.
        package var keys: [KeyEvent]
        /// What they do.
        package var meaning: Meaning
        /// The function they are bound to, as readline spells it; nil for a macro.
        package var function: String?
    }

    /// Command mode's keys bound by the file, in the order bound.
    package private(set) var commandMode: [Binding] = []
    /// Insert mode's keys bound by the file, in the order bound; printable keys type themselves
    /// there whatever the file says, as in emacs mode.
    package private(set) var insertMode: [Binding] = []

    /// No bindings of the file's: vi mode's keys as they are.
    package init() {}

    /// Applies an init file's bindings of the two keymaps, in the file's order.
    package mutating func apply(command: [InitFile.Binding], insert: [InitFile.Binding]) {
        var decoder = KeyDecoder()
        for binding in command {
            let keys = ReadlineKeySequence.events(of: binding.keys, using: &decoder)
            guard !keys.isEmpty else { continue }
            Self.bind(keys, to: Self.commandModeMeaning(of: binding.action, on: keys), function: Self.function(of: binding.action),
                      in: &commandMode)
        }
        for binding in insert {
            if binding.keys.count == 1, (0x20..<0x7F).contains(binding.keys[0]) { continue }
            let keys = ReadlineKeySequence.events(of: binding.keys, using: &decoder)
            guard !keys.isEmpty else { continue }
            Self.bind(keys, to: Self.insertModeMeaning(of: binding.action), function: Self.function(of: binding.action), in: &insertMode)
        }
    }

    private static func bind(_ keys: [KeyEvent], to meaning: Meaning, function: String?, in bindings: inout [Binding]) {
        bindings.removeAll { $0.keys == keys }
        bindings.append(Binding(keys: keys, meaning: meaning, function: function))
    }

    private static func function(of action: InitFile.Action) -> String? {
        guard case .function(let name) = action else { return nil }
        return canonicalName(of: name)
    }

    /// The vi function readline runs for `name`: the first of its functions whose name is the
    /// same without regard to case, so that `vi-fword` runs `vi-fWord`, as readline 8.2 does.
    private static func canonicalName(of name: String) -> String {
        ReadlineFunction.all.first { SortedNames.equalFoldingCase(name, $0.name) }?.name ?? name
    }

    /// What the keys do when exactly these are bound, in command or insert mode.
    package func meaning(of keys: [KeyEvent], inCommandMode: Bool) -> Meaning? {
        (inCommandMode ? commandMode : insertMode).last { $0.keys == keys }?.meaning
    }

    /// Whether `keys` start a longer sequence bound in command or insert mode.
    package func isPrefix(_ keys: [KeyEvent], inCommandMode: Bool) -> Bool {
        (inCommandMode ? commandMode : insertMode).contains { $0.keys.count > keys.count && $0.keys.starts(with: keys) }
    }

    private static func commandModeMeaning(of action: InitFile.Action, on keys: [KeyEvent]) -> Meaning {
        switch action {
        case .macro(let bytes):
            return .command(.macro(String(decoding: bytes, as: UTF8.self)))
        case .function(let name):
            if let defaults = commandModeKeys(of: name) {
                // readline's vi functions look at the key that called them: the function's own
                // key when it is one of them, else its key of the same case (a control key's
                // is lower case).
                var typed: Character?
                if keys.count == 1, case .text(let text) = keys[0], text.count == 1 { typed = text.first }
                if let typed, defaults.contains(typed) { return .key(typed) }
                let isUppercase = typed?.isUppercase ?? false
                return .key(defaults.first { $0.isUppercase == isUppercase } ?? defaults[0])
            }
            if let command = ReadlineFunction.command(named: name) { return .command(command) }
            return .nothing
        }
    }

    private static func insertModeMeaning(of action: InitFile.Action) -> Meaning {
        switch action {
        case .macro(let bytes):
            return .command(.macro(String(decoding: bytes, as: UTF8.self)))
        case .function(let name):
            if SortedNames.equalFoldingCase(name, "vi-movement-mode") { return .leaveInsert }
            if let command = insertModeCommands.first(where: { SortedNames.equalFoldingCase(name, $0.function) })?.command {
                return .command(command)
            }
            if let command = ReadlineFunction.command(named: name) { return .command(command) }
            return .nothing
        }
    }

    /// Command mode's keys as readline's dumpers print its vi command keymap: readline's
    /// printable keys and its other keys, emacs mode's that it reads as emacs mode does among
    /// them, each as the file left it.
    package func commandModeDump(emacsKeys: KeyMap) -> String {
        var keys = KeyMap()
        for (events, command) in emacsKeys.allBindings {
            switch events[0] {
            case .text: continue
            // Read as Escape and the character: two vi keys.
            case .key(.character, let modifiers) where modifiers.contains(.alt): continue
            default: keys.bind(events, to: command)
            }
        }
        // The keys command mode reads as vi keys of its own.
        keys.bind(.key(.backspace), to: .moveLeft)
        keys.bind(.control("p"), to: .historyPrevious)
        keys.bind(.control("n"), to: .historyNext)
        keys.unbind(.key(.escape))
        var viKeys: [(keys: [KeyEvent], function: String)] = []
        for (key, function) in Self.readlineCommandKeys {
            viKeys.append(([.text(String(key))], function))
        }
        for binding in commandMode {
            viKeys.removeAll { $0.keys == binding.keys }
            switch binding.meaning {
            case .key(let key):
                keys.unbind(binding.keys)
                if let function = binding.function ?? Self.commandModeFunction(of: key) { viKeys.append((binding.keys, function)) }
            case .command(let command): keys.bind(binding.keys, to: command)
            case .leaveInsert, .nothing: keys.unbind(binding.keys)
            }
        }
        var entries = keys.readlineEntries(movingFromInsertMode: [])
        entries.keysByName["self-insert"] = nil
        for (events, function) in viKeys {
            if let bytes = ReadlineKeySequence.bytes(of: events) { entries.keysByName[function, default: []].append(bytes) }
        }
        return ReadlineFunction.dump(keysByName: entries.keysByName, macros: entries.macros)
    }

    /// Insert mode's keys as readline's dumpers print its vi insert keymap: emacs mode's keys,
    /// which insert mode reads, with the file's bindings over them.
    package func insertModeDump(emacsKeys: KeyMap) -> String {
        var keys = emacsKeys
        var leaving: [[KeyEvent]] = []
        for binding in insertMode {
            switch binding.meaning {
            case .command(let command): keys.bind(binding.keys, to: command)
            case .leaveInsert:
                keys.unbind(binding.keys)
                leaving.append(binding.keys)
            case .key, .nothing: keys.unbind(binding.keys)
            }
        }
        let entries = keys.readlineEntries(movingFromInsertMode: leaving, naming: Self.insertModeCommands)
        return ReadlineFunction.dump(keysByName: entries.keysByName, macros: entries.macros)
    }

    /// The printable keys readline binds `name` to in its vi command keymap, or that do what it
    /// does; nil for any other function.
    package static func commandModeKeys(of name: String) -> [Character]? {
        let function = canonicalName(of: name)
        let keys = (readlineCommandKeys + keysOfUnboundFunctions).filter { $0.function == function }
        return keys.isEmpty ? nil : keys.map(\.key)
    }

    /// The function readline's vi command keymap binds the printable `key` to.
    static func commandModeFunction(of key: Character) -> String? {
        readlineCommandKeys.first { $0.key == key }?.function
    }

    /// vi mode's functions bound in readline's vi insert keymap, and the commands that insert
    /// mode runs for them (its keys are emacs mode's there).
    package static let insertModeCommands: [(function: String, command: Command)] = [
        ("vi-eof-maybe", .deleteForwardOrEndOfFile), ("vi-undo", .undo), ("vi-unix-word-rubout", .killWhitespaceWordBackward),
    ]

    /// vi functions readline's vi command keymap leaves unbound, and the key of command mode
    /// that does what each does.
    static let keysOfUnboundFunctions: [(key: Character, function: String)] = [
        ("B", "vi-bWord"), ("^", "vi-back-to-indent"), ("B", "vi-backward-bigword"), ("b", "vi-backward-word"),
        ("b", "vi-bword"), ("E", "vi-eWord"), ("E", "vi-end-bigword"), ("e", "vi-eword"), ("W", "vi-fWord"),
        ("W", "vi-forward-bigword"), ("w", "vi-forward-word"), ("w", "vi-fword"),
    ]

    /// readline's vi command keymap (`vi_movement_keymap`), its printable keys; every other
    /// printable key is unbound there, as it is in command mode.
    static let readlineCommandKeys: [(key: Character, function: String)] = [
        (" ", "forward-char"), ("#", "insert-comment"), ("$", "end-of-line"), ("%", "vi-match"),
        ("&", "vi-tilde-expand"), ("*", "vi-complete"), ("+", "next-history"), (",", "vi-char-search"),
        ("-", "previous-history"), (".", "vi-redo"), ("/", "vi-search"), ("0", "beginning-of-line"),
        ("1", "vi-arg-digit"), ("2", "vi-arg-digit"), ("3", "vi-arg-digit"), ("4", "vi-arg-digit"),
        ("5", "vi-arg-digit"), ("6", "vi-arg-digit"), ("7", "vi-arg-digit"), ("8", "vi-arg-digit"),
        ("9", "vi-arg-digit"), (";", "vi-char-search"), ("=", "vi-complete"), ("?", "vi-search"),
        ("A", "vi-append-eol"), ("B", "vi-prev-word"), ("C", "vi-change-to"), ("D", "vi-delete-to"),
        ("E", "vi-end-word"), ("F", "vi-char-search"), ("G", "vi-fetch-history"), ("I", "vi-insert-beg"),
        ("N", "vi-search-again"), ("P", "vi-put"), ("R", "vi-replace"), ("S", "vi-subst"),
        ("T", "vi-char-search"), ("U", "revert-line"), ("W", "vi-next-word"), ("X", "vi-rubout"),
        ("Y", "vi-yank-to"), ("\\", "vi-complete"), ("^", "vi-first-print"), ("_", "vi-yank-arg"),
        ("`", "vi-goto-mark"), ("a", "vi-append-mode"), ("b", "vi-prev-word"), ("c", "vi-change-to"),
        ("d", "vi-delete-to"), ("e", "vi-end-word"), ("f", "vi-char-search"), ("h", "backward-char"),
        ("i", "vi-insertion-mode"), ("j", "next-history"), ("k", "previous-history"), ("l", "forward-char"),
        ("m", "vi-set-mark"), ("n", "vi-search-again"), ("p", "vi-put"), ("r", "vi-change-char"),
        ("s", "vi-subst"), ("t", "vi-char-search"), ("u", "vi-undo"), ("w", "vi-next-word"),
        ("x", "vi-delete"), ("y", "vi-yank-to"), ("|", "vi-column"), ("~", "vi-change-case"),
    ]
}
