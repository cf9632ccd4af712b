import GhostlineTerminal

/// What the test kit (`GhostlineTesting`) attaches to an editor to drive it in a pseudo-terminal
/// of its own: it learns when the editor has taken the keys it was sent and drawn everything,
/// and it can tell the editor that the window was resized.
///
/// While one is attached, an entry installs no signal handlers and leaves the handlers' record
/// of the terminal to restore alone, because both belong to the whole process and a test
/// process reads many entries at once; a resize comes through ``resizeNotices`` instead of
/// `SIGWINCH`; and Ctrl-Z does nothing, as when `SIGTSTP` is ignored, since stopping would stop
/// the test process. Everything else takes the way it takes in a terminal.
package protocol SessionObserver: AnyObject {
    /// Readable when the window size changed. The session then calls ``takeResizeNotices()``
    /// and reads the terminal's size, as it does on `SIGWINCH`.
    var resizeNotices: FileDescriptor { get }

    /// Consumes what made ``resizeNotices`` readable.
    func takeResizeNotices()

    /// The session read `count` bytes of keys from the terminal.
    func sessionDidRead(_ count: Int)

    /// The session has handled every key it read and written all it had to write, and now
    /// waits; `isSequencePending` when it holds the start of a key sequence and waits for the
    /// rest only until the Escape timeout.
    func sessionWillWait(isSequencePending: Bool)

    /// Whether the session probes the test's terminal for its capabilities; the test kit's
    /// terminal answers as the test chose.
    var probesTerminal: Bool { get }

    /// The session wrote the capability probe and now waits for the answers.
    func sessionDidWriteProbe()
}
