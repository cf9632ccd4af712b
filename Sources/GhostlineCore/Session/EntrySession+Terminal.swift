/// The bytes an entry needs on a terminal besides its frames: the modes it is read with, the
/// prompt of an entry that is not drawn, printing above it, and what a resize, a cleared screen,
/// a stop and a continue do to its area. Every mode goes through the entry session's
/// `TerminalModeStack`, which undoes them on every way out.
extension EntrySession {
    private static let plainStyle = Array("\u{1B}[0m".utf8)
    private static let synchronizedOutputOn = Array("\u{1B}[?2026h".utf8)
    static let synchronizedOutputOff = Array("\u{1B}[?2026l".utf8)
    static let lineBreak = Array("\r\n".utf8)

    /// Sets the modes an entry is read with: bracketed paste (unless the app or the init file
    /// turned it off), the cursor shown in case the program before hid it, the keyboard
    /// protocol the terminal's answers chose (kitty's flags pushed, or modifyOtherKeys) and
    /// grapheme clusters laid out whole where the terminal has that mode off.
    mutating func setEntryModes() -> [UInt8] {
        modes = TerminalModeStack()
        var bytes = usesBracketedPaste ? modes.set(.bracketedPaste) : []
        bytes += modes.set(.cursorVisible)
        switch keyboardProtocol {
        case .legacy: break
        case .kitty: bytes += modes.set(.kittyKeyboard(flags: 1))
        case .modifyOtherKeys: bytes += modes.set(.modifyOtherKeys(level: 1))
        }
        if setsGraphemeClusterMode { bytes += modes.set(.graphemeClusters) }
        return bytes
    }

    /// The way out: the bytes that undo every mode the entry set, last set first (bracketed
    /// paste, vi mode's cursor shape); empty when it set none (an entry that was not drawn).
    package mutating func undoEntryModes() -> [UInt8] {
        modes.undoAll()
    }

    /// The modes the entry has set on the terminal now.
    package var terminalModes: TerminalModeStack { modes }

    /// In vi mode, the bytes that give the cursor the shape of the mode when it changed (DECSCUSR:
    /// a block in command and visual mode, a bar in insert mode, an underline in replace mode); out of vi
    /// mode, the terminal's own shape back once, after which emacs mode writes none.
    mutating func cursorShapeUpdate() -> [UInt8] {
        guard editor.editingMode == .vi else { return modes.remove(.cursorShape) }
        let wanted: CursorShape
        switch editor.vi.mode {
        case .command, .visual: wanted = .block
        case .insert: wanted = .bar
        case .replace: wanted = .underline
        }
        guard wanted != modes.cursorShape else { return [] }
        return modes.set(.cursorShape(wanted))
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
        if resetsModes { bytes += Self.plainStyle + modes.reassert() }
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

    /// The editor asked for a clear screen: the bytes that clear it (and the terminal's
    /// scrollback, `includingScrollback`, as readline's `clear-display` does) and draw the entry
    /// at the top with the next frame.
    package mutating func clearScreen(includingScrollback: Bool = false) -> [UInt8] {
        guard drawsEntry else { return [] }
        display.reset()
        return Array((includingScrollback ? "\u{1B}[H\u{1B}[2J\u{1B}[3J" : "\u{1B}[H\u{1B}[2J").utf8)
    }

    /// The editor asked for the entry to be drawn again: the bytes that erase it where it is, its
    /// next frame drawn in full from the area's first row.
    package mutating func redrawEntry() -> [UInt8] {
        guard drawsEntry else { return [] }
        return display.eraseArea(rowsAbove: display.rowsAbove(afterResizeTo: width))
    }

    /// The process is about to stop: the bytes that leave the area with the cursor at the end of
    /// its last row (the shell starts a row of its own for its "Stopped" line) and every mode
    /// undone until ``resumeAfterStop(onFreshRow:)``. The regions below the entry go first, so
    /// that none is left above the entry drawn anew after the stop.
    package mutating func stop() -> [UInt8] {
        guard drawsEntry else { return [] }
        var shown = presentation()
        var bytes: [UInt8] = []
        if !shown.chrome.regions.isEmpty {
            shown.chrome.regions = []
            bytes = display.draw(shown, width: width, height: height)
        }
        return bytes + display.finish(startingFreshRow: false) + modes.suspend()
    }

    /// Back from a stop, on a fresh row when the shell left the cursor there (`onFreshRow`, a
    /// real stop), else at the end of the entry: the bytes that set the modes again and start
    /// the area anew, its frame drawn in full next.
    package mutating func resumeAfterStop(onFreshRow: Bool) -> [UInt8] {
        let freshRow = onFreshRow ? Array("\r".utf8) : Self.lineBreak
        display.reset()
        return drawsEntry ? modes.resume() + freshRow : freshRow + plainPrompt
    }

    /// Continued after a stop by whoever stopped the process, who may have changed the terminal:
    /// the bytes that set the entry's modes again and erase its area where it is, for the next
    /// frame to repaint it.
    package mutating func redrawAfterContinue() -> [UInt8] {
        guard drawsEntry else { return Self.lineBreak + plainPrompt }
        return modes.reassert() + display.eraseArea(rowsAbove: display.rowsAbove(afterResizeTo: width))
    }
}
