extension Editor {
    // MARK: - Keyboard macros

    /// How many macros may run inside one another (a macro whose keys call a macro). A macro
    /// that types its own key would run forever (readline's does); the one this deep does nothing.
    package static let deepestMacro = 16

    /// Keeps a key for the keyboard macro being recorded; keys replayed from a macro are not
    /// recorded again.
    mutating func recordForKeyboardMacro(_ event: KeyEvent) {
        if emacs.macroDepth == 0 { emacs.recordedKeys?.append(event) }
    }

    /// Ctrl-X (: starts recording. Pressed while recording, it drops the macro being recorded,
    /// as readline does.
    mutating func startKeyboardMacro() {
        emacs.recordedKeys = emacs.recordedKeys == nil ? [] : nil
    }

    /// Ctrl-X ): the keys recorded, less the ones of Ctrl-X ) itself, become the macro.
    mutating func endKeyboardMacro() {
        guard var keys = emacs.recordedKeys else { return }
        keys.removeLast(min(keys.count, keyMap.keys(bound: .endKeyboardMacro, endingWith: dispatchedKey)))
        emacs.keyboardMacro = keys
        emacs.recordedKeys = nil
    }

    /// Ctrl-X e: the macro's keys, each handled as if typed.
    mutating func callKeyboardMacro() -> EditorRequest? {
        guard emacs.recordedKeys == nil, emacs.macroDepth < Self.deepestMacro else { return nil }
        emacs.macroDepth += 1
        defer { emacs.macroDepth -= 1 }
        for event in emacs.keyboardMacro {
            if let request = apply(event) { return request }
        }
        return nil
    }

    // MARK: - Macros bound in an init file

    /// Runs a ``Command/macro(_:)``: decodes its text as a terminal's bytes and handles each key
    /// as if it had been typed, stopping at the first that makes a request (a submit, say).
    mutating func playMacro(_ keys: String) -> EditorRequest? {
        guard emacs.macroDepth < Self.deepestMacro else { return nil }
        emacs.macroDepth += 1
        defer { emacs.macroDepth -= 1 }
        var decoder = KeyDecoder()
        let events = decoder.feed(keys.utf8) + decoder.flush()
        for event in events {
            if let request = handle(event) { return request }
        }
        return nil
    }
}

extension KeyMap {
    /// How many keys the sequence bound to `command` that ends with `key` has: what Ctrl-X )
    /// takes back out of the macro it ends.
    func keys(bound command: Command, endingWith key: KeyEvent?) -> Int {
        allBindings.first { $0.command == command && $0.keys.last == key }?.keys.count ?? 1
    }
}
