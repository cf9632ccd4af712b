extension LinePrinter {
    /// Runs `body` while no message of the editor's printers is written, and returns what it
    /// returns: output the app writes in it (an entry it prints, say) is never cut or joined
    /// by a message printed from another thread, which waits and comes after it.
    ///
    /// ```swift
    /// while let line = try editor.readLine() {
    ///     try printer.withMessagesHeld { try output.write(line + "\n") }
    /// }
    /// ```
    ///
    /// With piped input every message is written at once, a whole line, so an app that writes
    /// its own lines to the same output beside a printer writes them here; a long line written
    /// to a slow pipe takes many writes, and a message could otherwise fall between two.
    ///
    /// `body` must not print through the editor's printers: the print would wait for `body`,
    /// which would wait for the print.
    public func withMessagesHeld<Result>(_ body: () throws -> Result) rethrows -> Result {
        try queue.withMessagesHeld(body)
    }
}
