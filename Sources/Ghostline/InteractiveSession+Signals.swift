import Glibc
import GhostlineCore
import GhostlineTerminal

/// Signals, a resize, and stopping and continuing the process while an entry is read.
extension InteractiveSession {
    func handleSignals(_ received: [Int32]) throws {
        for signal in received {
            switch signal {
            case SIGWINCH:
                try adoptWindowSize()
            case SIGCONT:
                // Continued after a stop: whoever stopped us may have changed the terminal, so
                // raw mode is set again and the entry repainted where it is.
                do {
                    try rawMode.reenter()
                } catch let error as Errno {
                    throw LineEditorError(terminalFailure: error)
                }
                try write(editor.entrySession.redrawAfterContinue())
            case SIGTSTP:
                try suspend()
            default:
                // As readline leaves the cursor below the entry: the entry without its ghost text
                // and regions, so that no toolbar or listing row stays behind.
                try? write(editor.entrySession.finish())
                leave()
                signals?.uninstall()
                reraise(signal)
            }
        }
    }

    /// Reads the terminal's size after a resize and, when it changed, erases the entry's rows
    /// where the terminal left them, for the next frame to draw it anew.
    func adoptWindowSize() throws {
        let size = currentSize()
        try write(editor.entrySession.resize(width: size.columns, height: size.rows,
                                             reflows: editor.terminalReflowsOnResize))
    }

    func suspend() throws {
        // Ignored at start, `SIGTSTP` stays ignored: Ctrl-Z then does nothing, as it would with
        // the terminal's own line editing. Under the test kit too, since stopping would stop the
        // whole test process.
        guard !isIgnored(SIGTSTP), editor.sessionObserver == nil else { return }
        try write(editor.entrySession.stop())
        rawMode.restore()
        suspendProcess()
        do {
            try rawMode.reenter()
        } catch let error as Errno {
            throw LineEditorError(terminalFailure: error)
        }
        // Continued after a real stop, the shell has left the cursor on a fresh row. When the
        // stop was discarded (an orphaned process group) no SIGCONT came and the cursor is still
        // at the end of the entry, so the prompt starts on the next row.
        let received = signals?.drain() ?? []
        try write(editor.entrySession.resumeAfterStop(onFreshRow: received.contains(SIGCONT)))
        try handleSignals(received.filter { $0 != SIGCONT && $0 != SIGTSTP })
    }

    /// Ctrl-X Ctrl-E: the terminal handed to the user's editor in its own modes, as for a
    /// suspend, and the entry drawn again with what the editor left (see `ExternalEditor`).
    func editExternally(_ text: String) throws {
        try write(editor.entrySession.stop() + [0x0D, 0x0A])
        rawMode.restore()
        let edited = ExternalEditor.edit(text, in: input)
        do {
            try rawMode.reenter()
        } catch let error as Errno {
            throw LineEditorError(terminalFailure: error)
        }
        if let edited { editor.engine.finishExternalEdit(with: edited) }
        try write(editor.entrySession.resumeAfterStop(onFreshRow: true))
    }
}
