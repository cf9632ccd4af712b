import GhostlineTerminal

/// Printers, and the wake pipe that ends a session's wait for them.
extension LineEditor {
    /// A handle that prints above the prompt from any thread or task (see ``LinePrinter``).
    ///
    /// Every printer of an editor shares one queue, so messages keep their order whichever
    /// printer they go through. Once an editor has a printer, its sessions wait for keys in
    /// `poll` on the terminal and the printer's wake-up together, one system call more per
    /// read (see Docs/Architecture.md). Make it before reading: a printer made while an entry is
    /// read (from a delegate method, say) holds its messages until that entry ends.
    ///
    /// - Throws: ``LineEditorError/system(_:)`` when the wake-up pipe cannot be made.
    public func makePrinter() throws -> LinePrinter {
        if let printQueue { return LinePrinter(queue: printQueue) }
        let destination: PrintQueue.Destination = input.isTerminal
            ? .terminal(userInterfaceOutput()) : .plain(output ?? .standardOutput)
        let queue = PrintQueue(wakePipe: try makeWakePipe(), destination: destination)
        // A session that started without a printer does not watch the pipe; its messages wait
        // until its entry ends, and are printed below it then. A new queue holds no toolbar.
        if session != nil { _ = queue.beginReading() }
        printQueue = queue
        return LinePrinter(queue: queue)
    }

    /// The editor's wake-up pipe, made the first time it is needed.
    package func makeWakePipe() throws -> WakePipe {
        if let wakePipe { return wakePipe }
        do {
            let made = try WakePipe()
            wakePipe = made
            return made
        } catch let error as Errno {
            throw LineEditorError.system(error)
        }
    }
}
