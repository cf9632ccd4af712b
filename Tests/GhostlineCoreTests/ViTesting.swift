@testable import GhostlineCore

/// Helpers for vi mode tests: keys written as a terminal sends them (`\u{1B}` for Escape), fed
/// through the key decoder, so that a test reads as the keys a user presses.
extension Editor {
    /// An editor in vi mode holding `history`, with nothing typed yet.
    static func vi(history entries: [String] = [], isMultiline: Bool = false) -> Editor {
        var history = History()
        for entry in entries { history.add(entry) }
        var editor = Editor(history: history)
        editor.isMultiline = isMultiline
        editor.editingMode = .vi
        return editor
    }

    /// Sends `keys` as a terminal sends them, in one read, except that the Escape timeout
    /// passes after an Escape that a sequence would continue (`[`, `O`, `]`, `P`, `_`, another
    /// Escape), as when a person types it, and at the end; returns the request of the last event.
    @discardableResult
    mutating func vi(_ keys: String) -> EditorRequest? {
        var decoder = KeyDecoder()
        var events: [KeyEvent] = []
        let bytes = Array(keys.utf8)
        var start = 0
        for index in bytes.indices.dropLast() where bytes[index] == 0x1B && Array("[O]P_\u{1B}".utf8).contains(bytes[index + 1]) {
            events += decoder.feed(bytes[start...index]) + decoder.flush()
            start = index + 1
        }
        events += decoder.feed(bytes[start...]) + decoder.flush()
        var request: EditorRequest?
        for event in events { request = handle(event) }
        return request
    }
}
