@testable import GhostlineCore

/// Helpers for editor tests: texts are written with a `|` where the cursor is, so a test reads
/// as before and after pictures, as in readline's own documentation.
extension Editor {
    /// An editor holding `marked` without its `|`, the cursor where the `|` was (at the end when
    /// there is none).
    init(marked: String, keyMap: KeyMap = .standard, history: History = History(), isMultiline: Bool = false) {
        let parts = marked.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        let before = String(parts[0])
        let after = parts.count > 1 ? String(parts[1]) : ""
        self.init(text: before + after, keyMap: keyMap, history: history)
        self.isMultiline = isMultiline
        let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
        setCursor(TextPosition(line: lines.count - 1, offset: lines[lines.count - 1].utf8.count))
    }

    /// The text with a `|` inserted at the cursor.
    var marked: String {
        var lines: [String] = []
        for index in 0..<state.lineCount {
            let line = state.line(index)
            guard index == state.cursor.line else {
                lines.append(line)
                continue
            }
            let bytes = Array(line.utf8)
            let offset = min(state.cursor.offset, bytes.count)
            lines.append(String(decoding: bytes[..<offset], as: UTF8.self) + "|"
                         + String(decoding: bytes[offset...], as: UTF8.self))
        }
        return lines.joined(separator: "\n")
    }

    /// Handles each event in turn and returns the request of the last one.
    @discardableResult
    mutating func press(_ events: KeyEvent...) -> EditorRequest? {
        press(events)
    }

    /// Handles each event in turn and returns the request of the last one.
    @discardableResult
    mutating func press(_ events: [KeyEvent]) -> EditorRequest? {
        var request: EditorRequest?
        for event in events { request = handle(event) }
        return request
    }

    /// Types `text` one `Character` at a time, as a user at a keyboard would.
    mutating func type(_ text: String) {
        for character in text { _ = handle(.text(String(character))) }
    }
}
