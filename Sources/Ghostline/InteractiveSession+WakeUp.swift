import GhostlineCore
import GhostlineTerminal

/// A wake-up through the editor's wake pipe: a printer has messages for above the entry, or
/// the task reading asynchronously was cancelled.
extension InteractiveSession {
    func handleWakeUp(_ wakePipe: WakePipe) throws {
        // Taken before the messages: a message queued after this wakes the loop again.
        wakePipe.drain()
        if editor.cancellation?.isRequested == true {
            try finish()
            throw EntryCancelled()
        }
        guard let queue = editor.printQueue else { return }
        let (messages, toolbar) = queue.takePending()
        if let toolbar { editor.bottomToolbar = toolbar }
        guard !messages.isEmpty else {
            if toolbar != nil { try draw() }
            return
        }
        adoptAppearance()
        // An unfiltered message may have changed anything: the modes the entry is read with
        // are set again before it is drawn.
        try write(editor.entrySession.printAbove(messages.flatMap(\.terminalBytes),
                                                 resetsModes: messages.contains(where: \.isUnfiltered)))
        try measureWidthsIfAwaited()
    }
}
