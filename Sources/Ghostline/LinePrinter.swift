/// Prints an app's messages above the prompt while the user types: a handle that any thread or
/// task may use, made by ``LineEditor/makePrinter()``.
///
/// ```swift
/// let printer = try editor.makePrinter()
/// Task.detached { for await message in chat { printer.print(message) } }
/// while let line = try editor.readLine() { send(line) }
/// ```
///
/// While ``LineEditor/readLine(initialText:)`` reads an entry, a message wakes the editor at
/// once: it erases its rows, prints the message where they began and draws the entry again
/// below it, as it was. Otherwise the message is printed at once. Messages appear in the order
/// their `print` calls took the printer's lock: each thread's in its own order.
///
/// On a terminal every message ends on a row of its own: one without a trailing line break
/// is shown at once and its row ended, and the next message starts a new row. The app's own
/// colours and other complete CSI and OSC sequences pass through; a lone control byte (a bare
/// Escape, a carriage return without a line feed, a backspace, a bell…) is dropped, so that a
/// message cannot move the cursor under the prompt. When input is not a terminal the editor
/// draws nothing and messages are written as they are, to the editor's output or else to
/// standard output, each a whole line: one without a trailing line break gets one. Output the
/// app writes beside them goes through ``withMessagesHeld(_:)``, so that no message falls
/// inside it.
public struct LinePrinter: Sendable {
    let queue: PrintQueue

    /// Prints `text` followed by `terminator`, as Swift's `print` does.
    public func print(_ text: String, terminator: String = "\n") {
        queue.print(text + terminator)
    }
}
