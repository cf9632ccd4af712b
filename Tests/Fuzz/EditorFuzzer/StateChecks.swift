import FuzzDriver
import GhostlineCore

/// The editor state's invariants, checked after every event.
enum StateChecks {
    // A single-line entry may hold several lines too: recalled from history, a multi-line entry
    // comes back whole.
    static func check(_ state: EditorState, after event: KeyEvent) {
        let context = "after \(event)"
        FuzzDriver.check(state.lineCount >= 1, "no line at all \(context)")
        for index in 0..<state.lineCount {
            FuzzDriver.check(!state.line(index).utf8.contains(0x0A), "line \(index) holds a line break \(context)")
        }
        FuzzDriver.check(state.text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).count == state.lineCount,
                         "the text does not join the lines \(context)")
        FuzzDriver.check(isCharacterBoundary(state.cursor, in: state), "cursor \(state.cursor) inside a character \(context)")
    }

    /// True when `position` is on a `Character` boundary of an existing line.
    private static func isCharacterBoundary(_ position: TextPosition, in state: EditorState) -> Bool {
        guard position.line >= 0, position.line < state.lineCount, position.offset >= 0 else { return false }
        if position.offset == 0 { return true }
        var offset = 0
        for character in state.line(position.line) {
            offset += character.utf8.count
            if offset >= position.offset { return offset == position.offset }
        }
        return false
    }
}
