/// The bytes an entry needs on a terminal besides its frames: the modes it is read with, the
/// prompt of an entry that is not drawn, printing above it, and what a resize, a cleared screen,
/// a stop and a continue do to its area.
extension EntrySession {
    private static let bracketedPasteOn = Array("\u{1B}[?2004h".utf8)
    private static let bracketedPasteOff = Array("\u{1B}[?2004l".utf8)
    private static let cursorShown = Array("\u{1B}[?25h".utf8)

    /// Bracketed paste on, unless the app or the init file turned it off.
    private var pasteOn: [UInt8] { usesBracketedPaste ? Self.bracketedPasteOn : [] }
    private var pasteOff: [UInt8] { usesBracketedPaste ? Self.bracketedPasteOff : [] }
    /// Bracketed paste on, and the cursor shown in case the program before hid it.
    var entryModesOn: [UInt8] { pasteOn + Self.cursorShown }
    private static let plainStyle = Array("\u{1B}[0m".utf8)
    private static let synchronizedOutputOn = Array("\u{1B}[?2026h".utf8)
    private static let synchronizedOutputOff = Array("\u{1B}[?2026l".utf8)
    static let lineBreak = Array("\r\n".utf8)

    /// The terminal's own cursor shape (DECSCUSR 0), which vi mode's shapes give way to.
    private static let defaultCursorShape = Array("\u{1B}[0 q".utf8)

    /// The bytes that undo the modes the entry was read with (bracketed paste, and vi mode's
    /// cursor shape), for every way out; empty when it was not drawn.
    package var entryModesOff: [UInt8] {
        guard drawsEntry else { return [] }
        return cursorShape == nil ? pasteOff : pasteOff + Self.defaultCursorShape
    }

    /// In vi mode, the bytes that give the cursor the shape of the mode when it changed (DECSCUSR:
    /// a block in command mode, a bar in insert mode, an underline in replace mode); none in
    /// emacs mode, where the terminal keeps its own shape.
    mutating func cursorShapeUpdate() -> [UInt8] {
        let wanted: ViMode? = editor.editingMode == .vi ? editor.vi.mode : nil
        guard wanted != cursorShape else { return [] }
        cursorShape = wanted
        switch wanted {
        case .command?: return Array("\u{1B}[2 q".utf8)
        case .insert?: return Array("\u{1B}[6 q".utf8)
        case .replace?: return Array("\u{1B}[4 q".utf8)
        case nil: return Self.defaultCursorShape
        }
    }

    /// The terminal's own cursor shape back, when vi mode changed it; the next frame sets the
    /// mode's shape again.
    private mutating func restoreCursorShape() -> [UInt8] {
        guard cursorShape != nil else { return [] }
        cursorShape = nil
        return Self.defaultCursorShape
    }

    /// The prompt of an entry that is not drawn, as plain text: its control characters in caret
    /// notation, as the layout shows them.
    var plainPrompt: [UInt8] {
        Array(appearance.prompt.replacingControlCharactersWithCaretNotation().utf8)
    }

    /// Messages printed above the entry, given as the bytes that show them (each ending on a
    /// fresh row): the entry erased, the messages where it began, the entry drawn again below,
    /// in synchronized output so the terminal never shows it gone. After `resetsModes` (a
    /// message that may have changed anything), the modes the entry is read with are set again
    /// first. An entry that is not drawn gets its prompt again below them.
    package mutating func printAbove(_ messages: [UInt8], resetsModes: Bool) -> [UInt8] {
        guard drawsEntry else { return Self.lineBreak + messages + plainPrompt }
        var bytes = Self.synchronizedOutputOn + display.eraseArea(rowsAbove: display.rowsAbove(afterResizeTo: width))
        bytes += messages
        if resetsModes {
            bytes += Self.plainStyle + entryModesOn
            cursorShape = nil
        }
        return bytes + frame() + Self.synchronizedOutputOff
    }

    /// The terminal now has `width` columns and `height` rows: when that is a change, the bytes
    /// that erase the entry's rows where the terminal left them (re-wrapped when it `reflows`),
    /// for the next frame to draw it anew.
    package mutating func resize(width newWidth: Int, height newHeight: Int, reflows: Bool) -> [UInt8] {
        guard newWidth != width || newHeight != height else { return [] }
        let rowsAbove = display.rowsAbove(afterResizeTo: reflows ? newWidth : width)
        width = newWidth
        height = newHeight
        guard drawsEntry else { return [] }
        return display.eraseArea(rowsAbove: min(rowsAbove, max(0, newHeight - 1)))
    }

    /// The editor asked for a clear screen: the bytes that clear it and draw the entry at the top
    /// with the next frame.
    package mutating func clearScreen() -> [UInt8] {
        guard drawsEntry else { return [] }
        display.reset()
        return Array("\u{1B}[H\u{1B}[2J".utf8)
    }

    /// The process is about to stop: the bytes that leave the area with the cursor at the end of
    /// its last row (the shell starts a row of its own for its "Stopped" line), bracketed paste
    /// off and the terminal's cursor shape back.
    package mutating func stop() -> [UInt8] {
        guard drawsEntry else { return [] }
        return display.finish(startingFreshRow: false) + pasteOff + restoreCursorShape()
    }

    /// Back from a stop, on a fresh row when the shell left the cursor there (`onFreshRow`, a
    /// real stop), else at the end of the entry: the bytes that start the area anew, its frame
    /// drawn in full next.
    package mutating func resumeAfterStop(onFreshRow: Bool) -> [UInt8] {
        let freshRow = onFreshRow ? Array("\r".utf8) : Self.lineBreak
        display.reset()
        cursorShape = nil
        return drawsEntry ? pasteOn + freshRow : freshRow + plainPrompt
    }

    /// Continued after a stop by whoever stopped the process, who may have changed the terminal:
    /// the bytes that set the entry's modes again and erase its area where it is, for the next
    /// frame to repaint it.
    package mutating func redrawAfterContinue() -> [UInt8] {
        guard drawsEntry else { return Self.lineBreak + plainPrompt }
        cursorShape = nil
        return pasteOn + display.eraseArea(rowsAbove: display.rowsAbove(afterResizeTo: width))
    }
}
