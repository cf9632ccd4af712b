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
/// is shown at once and its row ended, and the next message starts a new row. A message stays
/// text, whoever wrote it (a chat's other users, say): its colours and attributes (SGR) and its
/// hyperlinks (OSC 8 with a printable URL) are kept and ended after it, and every other control
/// — a sequence that erases, moves the cursor, sets a scroll region or a mode such as bracketed
/// paste, asks the terminal something, or writes the clipboard or the title; a lone Escape, a
/// carriage return without a line feed, a backspace, a bell, a C1 control — is shown in caret
/// notation (`^[[2J`, `^M`), never written. So a message cannot move the cursor under the
/// prompt or change how the editor reads keys. An app that means its own escape sequences uses
/// ``printUnfiltered(_:terminator:)``. When input is not a terminal the editor draws nothing and
/// messages are written as they are, to the editor's output or else to standard output, each a
/// whole line: one without a trailing line break gets one. Output the app writes beside them goes
/// through ``withMessagesHeld(_:)``, so that no message falls inside it.
public struct LinePrinter: Sendable {
    let queue: PrintQueue

    /// Prints `text` followed by `terminator`, as Swift's `print` does, as text: see
    /// ``LinePrinter`` for what a message keeps and what it shows in caret notation.
    public func print(_ text: String, terminator: String = "\n") {
        queue.print(PrintQueue.Message(text: text + terminator))
    }

    /// Sets the editor's ``LineEditor/bottomToolbar`` to `text` (nil for none) from any thread:
    /// while an entry is read the editor is woken and draws it at once, otherwise it is set as
    /// the next entry begins. The toolbar is app text, drawn as text (control characters in
    /// caret notation), as when it is set on the editor.
    public func setBottomToolbar(_ text: String?) {
        queue.setToolbar(text)
    }

    /// Prints `text` followed by `terminator` exactly as given, escape sequences and control
    /// characters included: nothing is filtered and no row is ended for it. The default
    /// terminator is `CR LF`, which ends the row on a terminal in raw mode (it does not turn a
    /// lone `LF` into one while an entry is read).
    ///
    /// - Warning: Only for bytes the app wrote itself, never for text from anyone else. A
    ///   message printed this way can erase the screen, move the cursor under the prompt, ask
    ///   the terminal a question whose answer arrives as typed keys (`ESC[6n`), write the user's
    ///   clipboard (OSC 52) or switch bracketed paste off, after which a pasted line break
    ///   submits the entry. While an entry is read the editor sets the modes it reads with again
    ///   after such a message (bracketed paste on, the cursor shown, the plain style) and draws
    ///   the entry from wherever the message left the cursor.
    public func printUnfiltered(_ text: String, terminator: String = "\r\n") {
        queue.print(PrintQueue.Message(text: text + terminator, isUnfiltered: true))
    }
}
