import Glibc
import Ghostline
import GhostlineCore
import GhostlineTerminal

/// Runs an app's real `LineEditor` in a pseudo-terminal of its own and shows what it draws on a
/// ``VirtualScreen``, so that an app's tests can type, press keys, paste and resize, and read the
/// screen as people see it.
///
/// ```swift
/// let driver = try LineEditorDriver(columns: 40, rows: 6)
/// let editor = LineEditor(prompt: "> ", placeholder: "name", input: driver.input, output: driver.output)
/// try driver.start(editor)
/// try driver.type("Ada")
/// try driver.press(.key(.enter))
/// #expect(driver.result == .submitted("Ada"))
/// ```
///
/// The editor takes the path it takes in a terminal — raw mode, key decoding, frames written to
/// the terminal — with one difference: it installs no signal handlers, because signals belong to
/// the whole process and a test process runs many editors at once; ``resize(columns:rows:)``
/// tells it of a new size directly.
///
/// Every call that sends something returns once the editor has read all of it, handled it,
/// drawn the result and is waiting for the next key (or the entry has ended), and once all it
/// drew is on ``screen``. Nothing sleeps: the editor tells the driver when it waits. ``timeout``
/// is only a safety net for an editor that hangs, and ends the call with an error saying so.
///
/// Use the driver and read its properties from one thread, the test's. While an entry is read,
/// the editor belongs to the driver's reading thread: read the screen, not the editor.
public final class LineEditorDriver {
    /// The terminal's side for the editor's keys: pass it as `LineEditor`'s `input`.
    public var input: FileDescriptor { FileDescriptor(rawValue: pty.terminal) }
    /// The terminal's side for the editor's drawing: pass it as `LineEditor`'s `output`.
    public var output: FileDescriptor { FileDescriptor(rawValue: pty.terminal) }
    /// What the terminal shows: everything drawn on it so far, interpreted.
    public private(set) var screen: VirtualScreen
    /// Every byte drawn on the terminal so far, for tests of exact output.
    public private(set) var outputBytes: [UInt8] = []
    /// How the last entry ended; nil before the first entry ended.
    public private(set) var result: EntryResult?
    /// Whether an entry is being read: ``start(_:initialText:)`` began one and it has not ended.
    public var isReadingEntry: Bool { reader != nil }
    /// How long a call waits, in seconds, for the editor to take what it was sent before it
    /// fails with ``LineEditorDriverError/editorDidNotSettle(details:)``.
    public var timeout: Double = 10
    /// The kind of terminal the editor is told it runs in (`LineEditor.terminalType`).
    public let terminalType: String

    /// The modes the terminal is in now: after an entry, those it left on.
    public var modes: TerminalModes {
        TerminalModes(
            isBracketedPasteOn: screen.bracketedPasteEnabled, isCursorVisible: screen.isCursorVisible,
            isAutowrapOn: screen.isAutowrapEnabled, isSynchronizedOutputOn: screen.isSynchronizedOutputActive,
            areAttributesChanged: pty.attributeBytes() != initialAttributes)
    }

    private let pty: PseudoTerminalPair
    private let probe: SessionProbe
    private let initialAttributes: [UInt8]
    private let outcome = EntryOutcome()
    private var reader: ReaderThread?
    private var editor: LineEditor?
    /// Bytes written to the terminal's keyboard side since the driver opened it.
    private var bytesSent = 0
    /// Resizes announced to the editor since the driver opened the terminal.
    private var resizesSent = 0
    private var drainCount = 0

    /// Opens a terminal of `columns` × `rows` (the terminal's kernel defaults: line editing,
    /// echo), with a blank screen and the cursor at the top left.
    ///
    /// - Parameters:
    ///   - columns: The window's width, as the editor reads it with `TIOCGWINSZ`.
    ///   - rows: The window's height.
    ///   - terminalType: What `TERM` would say; the editor's `terminalType` is set to it when an
    ///     entry starts, so that the test process's own environment does not decide.
    ///   - answers: How the terminal answers the editor's probe of its capabilities; unless
    ///     given, the editor does not probe it.
    public init(columns: Int = 80, rows: Int = 24, terminalType: String = "xterm-256color",
                answers: TerminalAnswers = .notProbed) throws {
        pty = try PseudoTerminalPair(columns: columns, rows: rows)
        probe = try SessionProbe(answers: answers, keyboard: pty.controller)
        initialAttributes = pty.attributeBytes()
        screen = VirtualScreen(columns: columns, rows: rows)
        self.terminalType = terminalType
    }

    deinit {
        // An entry still being read ends as it would when its window closes.
        pty.hangUp()
        reader?.join()
        editor?.sessionObserver = nil
    }

    // MARK: - Entries

    /// Starts reading an entry with `editor.readLine(initialText:)` on a thread of its own, and
    /// returns once the editor has drawn its prompt and waits for keys.
    ///
    /// `editor` must have been made with this driver's ``input`` and ``output``. The driver sets
    /// its `terminalType` to ``terminalType`` and its `terminalReflowsOnResize` to false, since
    /// the screen keeps its rows on a resize as xterm does.
    ///
    /// - Parameters:
    ///   - editor: The editor to read with, made on this driver's terminal.
    ///   - initialText: The text the entry starts with.
    /// - Throws: ``LineEditorDriverError/entryInProgress`` while an entry is being read,
    ///   ``LineEditorDriverError/editorNotOnThisTerminal`` for an editor made on another input or
    ///   output.
    public func start(_ editor: LineEditor, initialText: String = "") throws {
        guard reader == nil else { throw LineEditorDriverError.entryInProgress }
        guard editor.input == input, editor.output == output else { throw LineEditorDriverError.editorNotOnThisTerminal }
        editor.terminalType = terminalType
        // The screen keeps its rows on a resize, as xterm does.
        editor.terminalReflowsOnResize = false
        editor.sessionObserver = probe
        self.editor = editor
        let outcome = self.outcome
        let probe = self.probe
        reader = try ReaderThread {
            let result: EntryResult
            do {
                result = try editor.readLine(initialText: initialText).map(EntryResult.submitted) ?? .endOfInput
            } catch let error as LineEditorError {
                result = .failed(error)
            } catch {
                result = .failedOtherwise(String(describing: error))
            }
            outcome.set(result)
            probe.wakeDriver()
        }
        try settle()
    }

    // MARK: - Keys

    /// Types `text` as a keyboard would: its UTF-8 bytes, all at once. A line break in it is a
    /// key too (`"\r"` is Enter).
    public func type(_ text: String) throws {
        try send(Array(text.utf8))
    }

    /// Presses `key`, as an xterm-compatible terminal sends it: `.key(.enter)`,
    /// `.control("r")`, `.alt("b")`, `.key(.left, .control)`. A `.paste` event pastes.
    ///
    /// - Throws: ``LineEditorDriverError/keyWithoutSequence(_:)`` for a key no terminal sends.
    public func press(_ key: KeyEvent) throws {
        if case .paste(let text) = key { return try paste(text) }
        guard let bytes = key.terminalBytes else { throw LineEditorDriverError.keyWithoutSequence(key) }
        try send(bytes)
    }

    /// Presses several keys one after the other, each handled before the next is sent.
    public func press(_ keys: KeyEvent...) throws {
        for key in keys {
            try press(key)
        }
    }

    /// Pastes `text` as a terminal does: between `ESC [200~` and `ESC [201~` when the program
    /// switched bracketed paste on, as plain typing otherwise.
    public func paste(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard screen.bracketedPasteEnabled else { return try send(bytes) }
        try send(Array("\u{1B}[200~".utf8) + bytes + Array("\u{1B}[201~".utf8))
    }

    /// Sends `bytes` as the terminal's keyboard would, unchanged.
    ///
    /// - Throws: ``LineEditorDriverError/noEntryInProgress`` when no entry is being read.
    public func send(_ bytes: [UInt8]) throws {
        guard reader != nil else { throw LineEditorDriverError.noEntryInProgress }
        try writeToKeyboard(bytes)
        try settle()
    }

    // MARK: - The window

    /// Resizes the terminal as a window does (the size the editor reads with `TIOCGWINSZ`), and
    /// the screen with it, without reflowing its text; then tells the editor, which redraws.
    public func resize(columns: Int, rows: Int) throws {
        try pty.setWindowSize(columns: columns, rows: rows)
        screen.resize(columns: columns, rows: rows)
        probe.announceResize()
        resizesSent += 1
        if reader != nil { try settle() }
    }

    // MARK: - Waiting

    /// Waits until the editor has taken everything it was sent and waits for more, or the entry
    /// ended; then reads all it drew.
    private func settle() throws {
        let deadline = MonotonicClock.now() + timeout
        try waitUntilQuiet(deadline: deadline)
        try drainDrawing(deadline: deadline)
    }

    private func waitUntilQuiet(deadline: Double) throws {
        while true {
            if let entryResult = outcome.take() {
                reader?.join()
                reader = nil
                editor?.sessionObserver = nil
                editor = nil
                result = entryResult
                return
            }
            if let wait = probe.lastWait, !wait.isSequencePending,
               wait.bytesRead == bytesSent, wait.resizesTaken == resizesSent {
                return
            }
            let remaining = deadline - MonotonicClock.now()
            guard remaining > 0 else { throw notSettled() }
            var descriptors = [
                pollfd(fd: pty.controller, events: Int16(POLLIN), revents: 0),
                pollfd(fd: probe.wakeReadEnd, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, MonotonicClock.pollTimeout(remaining))
            guard ready >= 0 || errno == EINTR else { throw LineEditorDriverError.lastSystemError("poll") }
            if descriptors[1].revents != 0 { probe.takeWakeUps() }
            if descriptors[0].revents != 0 { show(readDrawing()) }
        }
    }

    /// Reads everything the terminal has been given to draw. What the editor writes reaches
    /// the controlling side a moment after `write` returns, so the driver writes a marker of its
    /// own to the terminal after it and reads up to the marker, which it leaves out.
    private func drainDrawing(deadline: Double) throws {
        drainCount += 1
        let marker = Array("\u{1B}]7777;GhostlineTesting.\(drainCount)\u{7}".utf8)
        var received: [UInt8] = []
        var written = 0
        while true {
            if written < marker.count {
                let count = marker[written...].withUnsafeBytes { write(pty.terminalWriter, $0.baseAddress, $0.count) }
                if count > 0 {
                    written += count
                } else if count < 0 && errno != EAGAIN && errno != EINTR {
                    throw LineEditorDriverError.lastSystemError("write")
                }
            }
            if written == marker.count, let end = Self.range(of: marker, in: received) {
                show(Array(received[..<end.lowerBound]) + received[end.upperBound...])
                return
            }
            let remaining = deadline - MonotonicClock.now()
            guard remaining > 0 else { throw notSettled() }
            var descriptor = pollfd(fd: pty.controller, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, MonotonicClock.pollTimeout(min(remaining, 0.05)))
            guard ready >= 0 || errno == EINTR else { throw LineEditorDriverError.lastSystemError("poll") }
            if ready > 0 { received += readDrawing() }
        }
    }

    private func notSettled() -> LineEditorDriverError {
        let wait = probe.lastWait
        let state = wait.map {
            "it last waited after reading \($0.bytesRead) bytes and \($0.resizesTaken) resizes\($0.isSequencePending ? ", inside a key sequence" : "")"
        } ?? "it is not waiting"
        return .editorDidNotSettle(details: "after \(timeout) s, \(bytesSent) bytes and \(resizesSent) resizes were sent and \(state); the screen shows \(screen.lines)")
    }

    // MARK: - The terminal's two sides

    /// Writes `bytes` to the keyboard side, reading the drawing meanwhile so that an editor
    /// echoing a long input cannot block on a full terminal.
    private func writeToKeyboard(_ bytes: [UInt8]) throws {
        let deadline = MonotonicClock.now() + timeout
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(pty.controller, $0.baseAddress, $0.count) }
            if count > 0 {
                offset += count
                bytesSent += count
                continue
            }
            guard count < 0, errno == EAGAIN || errno == EINTR else { throw LineEditorDriverError.lastSystemError("write") }
            guard MonotonicClock.now() < deadline else { throw notSettled() }
            var descriptor = pollfd(fd: pty.controller, events: Int16(POLLIN | POLLOUT), revents: 0)
            _ = poll(&descriptor, 1, MonotonicClock.pollTimeout(0.05))
            if descriptor.revents & Int16(POLLIN) != 0 { show(readDrawing()) }
        }
    }

    /// Reads what is available on the controlling side; empty when nothing is.
    private func readDrawing() -> [UInt8] {
        var received: [UInt8] = []
        pty.readAvailable { received += $0 }
        return received
    }

    /// Puts `bytes` on the screen. Queries are only recorded (`VirtualScreen.queries`): the
    /// capability probe is answered as the driver was made to (``TerminalAnswers``), as it is
    /// written, by the session observer.
    private func show(_ bytes: [UInt8]) {
        outputBytes += bytes
        screen.feed(bytes)
    }

    private static func range(of marker: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
        guard bytes.count >= marker.count else { return nil }
        for start in 0...(bytes.count - marker.count) where bytes[start] == marker[0] {
            if bytes[start..<start + marker.count].elementsEqual(marker) { return start..<start + marker.count }
        }
        return nil
    }
}
