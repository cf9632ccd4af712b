extension Editor {
    // MARK: - Keyboard macros

    /// How many macros may run inside one another (a macro whose keys call a macro). A macro
    /// that types its own key stops this deep, with readline's abort, as readline's does.
    package static let deepestMacro = 16

    /// Keeps a key for the keyboard macro being recorded; keys replayed from a macro are not
    /// recorded again.
    mutating func recordForKeyboardMacro(_ event: KeyEvent) {
        if emacs.macroDepth == 0 { emacs.recordedKeys?.append(event) }
    }

    /// A text event just recorded, split in two as `apply` takes it after a prefix key: the
    /// recording keeps `first`, and the rest is recorded when it is taken.
    mutating func splitLastRecordedKey(_ event: KeyEvent, into first: KeyEvent) {
        guard emacs.macroDepth == 0, let last = emacs.recordedKeys?.indices.last, emacs.recordedKeys?[last] == event else { return }
        emacs.recordedKeys?[last] = first
    }

    /// Ctrl-X (: starts recording. Given a numeric argument, `appending`, it runs the last macro
    /// and goes on recording after its keys, as readline and emacs do. Pressed while recording,
    /// it is readline's abort.
    mutating func startKeyboardMacro(appending: Bool = false) -> EditorRequest? {
        guard emacs.recordedKeys == nil else { return abortKeys() }
        emacs.argumentKeysStart = nil
        guard appending, let macro = emacs.keyboardMacro else {
            emacs.recordedKeys = []
            return nil
        }
        emacs.recordedKeys = macro
        return replay(macro)
    }

    /// Ctrl-X ): the keys recorded, less the ones of Ctrl-X ) itself (and of a numeric argument
    /// given to it, from `argumentKeysStart`), become the macro; with a count, the macro then
    /// runs once fewer, the recording counting as the first (a count below one is readline's
    /// abort, see `callKeyboardMacro`). Pressed while not recording, it is readline's abort.
    mutating func endKeyboardMacro(count: Int = 1, argumentKeysStart: Int? = nil) -> EditorRequest? {
        guard var keys = emacs.recordedKeys else { return abortKeys() }
        if let start = argumentKeysStart, start >= 0, start < keys.count {
            keys.removeSubrange(start...)
        } else {
            keys.removeLast(min(keys.count, keyMap.keys(bound: .endKeyboardMacro, endingWith: dispatchedKey)))
        }
        emacs.keyboardMacro = keys
        emacs.recordedKeys = nil
        return callKeyboardMacro(count: count - 1)
    }

    /// Ctrl-X e: the macro's keys, each handled as if typed, `count` times. With no macro it is
    /// readline's abort; while recording, the bell, and its last key (`e`) is taken back out of
    /// the recording, the prefix before it staying, as readline's does. readline sets a copy of
    /// the macro going for each time, and more than its limit of macros running inside one
    /// another (or copies without end, for a count below zero) is its abort.
    mutating func callKeyboardMacro(count: Int = 1) -> EditorRequest? {
        if emacs.recordedKeys != nil {
            if emacs.macroDepth == 0, emacs.recordedKeys?.isEmpty == false { emacs.recordedKeys?.removeLast() }
            return .bell
        }
        guard let macro = emacs.keyboardMacro else { return abortKeys() }
        guard count >= 0, count <= Self.deepestMacro + 1 else { return abortKeys() }
        let aborts = emacs.aborts
        var bell: EditorRequest?
        for _ in 0..<count {
            guard let request = replay(macro) else { continue }
            if request != .bell || emacs.aborts != aborts { return request }
            bell = request
        }
        return bell
    }

    /// readline's abort (`_rl_abort_internal`), which some commands end in when they cannot go
    /// on (Ctrl-G, a yank with nothing killed, a key that finishes no chord): the bell, the
    /// numeric argument dropped, and the keyboard macro forgotten, with the one being recorded
    /// and those being replayed, which stop.
    mutating func abortKeys() -> EditorRequest {
        emacs.keyboardMacro = nil
        emacs.recordedKeys = nil
        emacs.aborts &+= 1
        numericArgument = nil
        return .bell
    }

    /// Handles `keys` as if typed, one macro deeper. A request other than the bell ends them,
    /// and so does an abort; a bell alone does not. Too deep, it is readline's abort, which
    /// stops a macro that calls itself.
    private mutating func replay(_ keys: [KeyEvent]) -> EditorRequest? {
        guard emacs.macroDepth < Self.deepestMacro else { return abortKeys() }
        emacs.macroDepth += 1
        emacs.replays &+= 1
        defer { emacs.macroDepth -= 1 }
        let aborts = emacs.aborts
        var bell: EditorRequest?
        for event in keys {
            guard let request = apply(event) else { continue }
            if request != .bell || emacs.aborts != aborts { return request }
            bell = request
        }
        return bell
    }

    // MARK: - Macros bound in an init file

    /// Runs a ``Command/macro(_:)``: decodes its text as a terminal's bytes and handles each key
    /// as if it had been typed, stopping at the first that makes a request (a submit, say).
    mutating func playMacro(_ keys: String) -> EditorRequest? {
        var decoder = KeyDecoder()
        return replay(decoder.feed(keys.utf8) + decoder.flush())
    }
}

extension KeyMap {
    /// How many keys the sequence bound to `command` that ends with `key` has: what Ctrl-X )
    /// takes back out of the macro it ends.
    func keys(bound command: Command, endingWith key: KeyEvent?) -> Int {
        allBindings.first { $0.command == command && $0.keys.last == key }?.keys.count ?? 1
    }
}

extension Editor {
    /// readline's `print-last-kbd-macro`: the keys of the last keyboard macro, below the entry
    /// until the next key, written as an init file writes a macro (`\C-a`, `\e`); the bell
    /// when there is none.
    mutating func showKeyboardMacro() -> EditorRequest? {
        guard let macro = emacs.keyboardMacro else { return .bell }
        let bytes = macro.flatMap { $0.terminalBytes ?? [] }
        completionListing = [ReadlineKeySequence.text(of: bytes, isMacro: true)]
        return nil
    }
}
