/// vim's charwise visual mode (`v`): motions, counts and text objects move the cursor while the
/// anchor stays, the selection runs from one to the other, both included, and an operator
/// (Editor+ViVisualOperators.swift) acts on it and ends the mode.
extension Editor {
    /// How the selection is drawn: in reverse video, as vim draws it on a terminal.
    static let viSelectionStyle = Style(isInverse: true)

    /// `v` in command mode: a selection of the cursor's character.
    mutating func startViVisual() {
        vi.visualAnchor = state.cursor
        vi.mode = .visual
    }

    /// Escape or `v` in visual mode: command mode, the cursor where it is.
    mutating func leaveViVisual() {
        vi.mode = .command
        clampViCursor()
    }

    /// The selected text: from the anchor or the cursor, whichever comes first, through the
    /// character at the other; at a line's end (where `$` goes) through its line break.
    func viSelection() -> Range<TextPosition> {
        let anchor = min(vi.visualAnchor, state.endPosition)
        return min(anchor, state.cursor)..<state.position(after: max(anchor, state.cursor))
    }

    /// `highlights` with the selection drawn over them in visual mode; `highlights` unchanged in
    /// any other mode.
    func viSelectionHighlights(over highlights: TextHighlights?) -> TextHighlights? {
        guard vi.mode == .visual else { return highlights }
        let selection = viSelection()
        let spans = (selection.lowerBound.line...selection.upperBound.line).map { line in
            let start = line == selection.lowerBound.line ? selection.lowerBound.offset : 0
            let end = line == selection.upperBound.line ? selection.upperBound.offset : state.byteCount(ofLine: line)
            return (line: line, range: start..<max(start, end))
        }
        return (highlights ?? .none).overlaid(with: Self.viSelectionStyle, on: spans)
    }

    /// Handles a key in visual mode, as `applyVi` does: nil for a key vi does not read (Enter,
    /// the control keys), which first ends the selection.
    mutating func viVisualKey(_ event: KeyEvent) -> Optional<EditorRequest?> {
        let key: Character
        switch Self.viReading(of: event) {
        case .together(let text): return .some(applyViKeys(together: text))
        case .key(let typed): key = typed
        case .escape:
            // Escape cancels a command waiting for its character (`f`, `r`, `i`), else the mode.
            if vi.awaitingCharacter == nil { leaveViVisual() }
            vi.resetCommand()
            return .some(nil)
        case .other:
            vi.resetCommand()
            leaveViVisual()
            return nil
        }
        if vi.awaitingCharacter != nil || !"jk+-123456789".contains(key) { vi.goalColumn = nil }
        viVisualCommand(key)
        if vi.mode == .command { clampViCursor() }
        return .some(nil)
    }

    private mutating func viVisualCommand(_ key: Character) {
        if let awaiting = vi.awaitingCharacter {
            vi.awaitingCharacter = nil
            switch awaiting {
            case "r": applyViVisualOperator("r", replacement: key)
            case "i", "a": selectViTextObject(key, around: awaiting == "a")
            case "`": moveViVisual(awaiting, target: key)
            default:
                vi.lastFind = (awaiting, key)
                moveViVisual(awaiting, target: key)
            }
            vi.resetCommand()
            return
        }
        if let digit = key.wholeNumberValue, key.isASCII, digit > 0 || vi.count != nil {
            vi.count = min((vi.count ?? 0) * 10 + digit, 99_999)
            return
        }
        switch key {
        case "f", "F", "t", "T", "r", "`", "i", "a":
            vi.awaitingCharacter = key
            return
        case "v": leaveViVisual()
        case "o":
            let anchor = vi.visualAnchor
            vi.visualAnchor = state.cursor
            move(to: anchor)
        case "d", "x", "c", "s", "y", "~", "U", "u": applyViVisualOperator(key)
        case "k", "-", "j", "+":
            // Within a multi-line entry only: the selection does not walk history.
            let up = key == "k" || key == "-"
            if isMultiline && (up ? state.cursor.line > 0 : state.cursor.line < state.lineCount - 1) {
                moveViVertically(up: up, toFirstNonBlank: key == "-" || key == "+", count: vi.count ?? 1)
            }
        case "$":
            // As in vim, `$` selects through the line's end, and so its line break.
            move(to: TextPosition(line: state.cursor.line, offset: state.byteCount(ofLine: state.cursor.line)))
        default:
            if Self.viMotionKeys.contains(key) { moveViVisual(key, target: nil) }
        }
        vi.resetCommand()
    }

    /// A motion in visual mode: where it goes in command mode.
    private mutating func moveViVisual(_ key: Character, target: Character?) {
        let line = viLine()
        if let (destination, _) = viTarget(key, target: target, line: line.characters, index: line.index, operation: nil) {
            move(to: viPosition(destination, line.offsets))
        }
    }

    /// A text object in visual mode, within the cursor's line: the selection becomes or takes in
    /// the object, as vim's does (`ViTextObjects.selection`); with no object there it stays.
    private mutating func selectViTextObject(_ object: Character, around: Bool) {
        let line = viLine()
        guard vi.visualAnchor.line == state.cursor.line, !line.characters.isEmpty,
              let anchor = line.offsets.firstIndex(of: vi.visualAnchor.offset),
              let selected = ViTextObjects.selection(object, around: around, in: line.characters,
                                                     anchor: min(anchor, line.characters.count - 1),
                                                     cursor: min(line.index, line.characters.count - 1), count: viCount)
        else { return }
        vi.visualAnchor = viPosition(selected.anchor, line.offsets)
        move(to: viPosition(selected.cursor, line.offsets))
    }
}
