import Glibc
import GhostlineCore
import GhostlineTerminal

/// One entry read in a terminal: raw mode, waiting for keys, signals, and the way out.
///
/// Every key goes through the editor's ``EntrySession``, which decodes it, edits and says what
/// to write; this session only waits (in `read`, or in `poll` beside the wake pipe and the
/// signals), answers the editor's requests and signals, and writes. Every way out — submit,
/// end of input, Ctrl-C, a fatal signal, a thrown error — restores the saved terminal
/// attributes, undoes every mode the entry set (`TerminalModeStack`) and leaves the cursor at the start of a fresh row
/// below the entry.
///
/// On a terminal that cannot move its cursor (`TERM=dumb`) a secret is read the same way but
/// not drawn (`drawsEntry` false): the prompt is written as plain text (again after a stop or a
/// message), then nothing until the entry ends with a line break, and no escape sequence at all.
final class InteractiveSession {
    /// Strong: the editor holds its session only while it reads an entry.
    let editor: LineEditor
    let input: FileDescriptor
    let output: FileDescriptor
    let rawMode: RawModeSession
    let signals: SignalMonitor?
    /// While a secret is read, no core file (see `CoreDumpSuppression`); kept to the end of the
    /// session, and past a signal that ends the process.
    private let coreDumps: CoreDumpSuppression?
    private var isActive = true
    /// Whether the entry is drawn; false for a secret on a terminal that cannot move its cursor.
    let drawsEntry: Bool
    /// The editor's appearance revision the entry session draws with.
    private var appearanceRevision: Int?

    init(editor: LineEditor, input: FileDescriptor, output: FileDescriptor, drawsEntry: Bool = true) throws {
        self.editor = editor
        self.input = input
        self.output = output
        self.drawsEntry = drawsEntry
        // Process-wide, so not under the test kit (see `SessionObserver`).
        coreDumps = editor.isSecret && editor.sessionObserver == nil ? CoreDumpSuppression() : nil
        do {
            rawMode = try RawModeSession(terminal: input, restoresOnTerminatingSignal: editor.sessionObserver == nil)
        } catch let error as Errno {
            throw LineEditorError(terminalFailure: error)
        }
        // Under the test kit, signals are none of an entry's business: see `SessionObserver`.
        signals = editor.handlesSignals && editor.sessionObserver == nil
            ? try? SignalMonitor(signals: [SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGCONT, SIGTSTP]) : nil
    }

    deinit {
        leave()
    }

    /// Reads one entry; nil at end of input.
    func run(initialText: String) throws -> String? {
        let editor = self.editor
        editor.asksDelegateBeforeChanges(true)
        defer { editor.asksDelegateBeforeChanges(false) }
        try probeTerminalIfWanted()
        let size = currentSize()
        try write(editor.entrySession.startEntry(text: initialText, drawsEntry: drawsEntry,
                                                 width: size.columns, height: size.rows))
        // Messages printed from now on wait for this loop, which prints them above the entry.
        if let queue = editor.printQueue, let toolbar = queue.beginReading() { editor.bottomToolbar = toolbar }
        editor.delegate?.lineEditorDidBeginEditing(editor)
        defer { editor.delegate?.lineEditorDidEndEditing(editor) }
        try draw()
        // With the prompt on screen, the history file's lines are read into the history (a big
        // file's take tens of milliseconds); keys typed meanwhile wait in the terminal. The entry
        // is drawn again for the suggestion its initial text may now have.
        if editor.isHistoryFileUnread {
            editor.finishLoadingHistoryFile()
            try draw()
        }
        // Allocated rather than an array: reading into an array takes a closure, whose context
        // would retain the signal monitor per key.
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 65_536)
        defer { buffer.deallocate() }
        // A secret is overwritten where the session and the entry session kept it
        // (SecretErasure.swift): the bytes read, the room the keys left, the engine's copies;
        // the entry returned is the app's own.
        defer {
            if editor.isSecret {
                buffer.update(repeating: 0)
                editor.entrySession.eraseSecret()
            }
        }
        let signals = self.signals
        let observer = editor.sessionObserver
        let wakePipe = editor.wakePipe
        var watch = DescriptorWatch(.readable, of: [input] + (signals.map { [$0.fileDescriptor] } ?? [])
                                        + (observer.map { [$0.resizeNotices] } ?? [])
                                        + (wakePipe.map { [$0.fileDescriptor] } ?? []))
        // Keys are waited for in `read` itself, one system call per key instead of two, unless
        // a printer or a task's cancellation may need to end the wait (only a signal ends a
        // `read`), or this thread blocks a watched signal, which then could not end it either,
        // or the test kit may announce a resize.
        let rawAttributes = rawMode.rawAttributes
        let waitsInRead = wakePipe == nil
            && (signals?.prepareReading(from: input, rawAttributes: rawAttributes) ?? (observer == nil))
        // Asked once: idle work the core comes to have during the entry waits for the next
        // one, and a key pays no look for it.
        var hasIdleWork = editor.entrySession.hasIdleWork
        while true {
            // Keys the terminal's own mode held as raw mode was entered (at the start, or again
            // after a stop) come before any read now; keys typed after the previous entry's
            // Enter are in the entry session already (Docs/Terminal.md, "Keys typed between
            // two entries").
            if rawMode.hasHeldInput { editor.entrySession.receive(rawMode.takeHeldInput()[...]) }
            if editor.entrySession.hasKeys, let outcome = try handleKeys() { return outcome.entry }
            let isSequencePending = editor.entrySession.isSequencePending
            if hasIdleWork && !isSequencePending { hasIdleWork = try doIdleWorkUntilReady(&watch) }
            observer?.sessionWillWait(isSequencePending: isSequencePending)
            // The first read of a batch: waited for in `read`, or in `poll` while the decoder
            // holds bytes that a timeout must flush.
            let inputIsReady: Bool
            var firstCount: Int?
            if waitsInRead && !isSequencePending {
                do {
                    let bytes = UnsafeMutableRawBufferPointer(buffer)
                    firstCount = try signals.map { try $0.read(from: input, into: bytes, rawAttributes: rawAttributes) }
                        ?? input.read(into: bytes)
                } catch let error as Errno {
                    throw LineEditorError(terminalFailure: error)
                }
                // Asked through the optional: a binding would retain the monitor per key.
                if signals?.hasPendingSignals == true, let signals { try handleSignals(signals.drain()) }
                inputIsReady = firstCount != nil
            } else {
                inputIsReady = try waitInPoll(&watch, isSequencePending: isSequencePending)
            }
            if inputIsReady, try !readAvailable(into: buffer, firstCount: firstCount) {
                try finish()
                return nil
            }
            if let outcome = try handleKeys() { return outcome.entry }
        }
    }

    /// Reads all that is available before drawing, `firstCount` bytes of it in `buffer`
    /// already: a paste or fast typing becomes many events and one frame. Returns false at the
    /// end of input.
    private func readAvailable(into buffer: UnsafeMutableBufferPointer<UInt8>, firstCount: Int?) throws -> Bool {
        var firstCount = firstCount
        repeat {
            let count: Int
            if let first = firstCount {
                count = first
                firstCount = nil
            } else {
                do {
                    count = try input.read(into: UnsafeMutableRawBufferPointer(buffer))
                } catch let error as Errno {
                    throw LineEditorError(terminalFailure: error)
                }
            }
            editor.sessionObserver?.sessionDidRead(count)
            if count == 0 { return false }
            editor.entrySession.receive(UnsafeBufferPointer(rebasing: buffer[0..<count]))
            // A read that did not fill the buffer took everything the terminal had.
            if count < buffer.count { break }
        } while bytesAvailable(on: input) > 0
        return true
    }

    /// Waits in `poll` for the terminal and everything else watched, until the escape timeout
    /// when the decoder holds a sequence (which it then flushes); handles what woke it besides
    /// the terminal. Returns whether the terminal has bytes to read.
    private func waitInPoll(_ watch: inout DescriptorWatch, isSequencePending: Bool) throws -> Bool {
        var timeout: Int32 = -1
        if let deadline = editor.entrySession.flushDeadline(now: monotonicMilliseconds()) {
            timeout = Int32(clamping: max(0, deadline - monotonicMilliseconds()))
        }
        let anyReady: Bool
        do {
            anyReady = try watch.wait(timeoutMilliseconds: timeout)
        } catch let error as Errno {
            throw LineEditorError(terminalFailure: error)
        }
        guard anyReady else {
            if isSequencePending { editor.entrySession.flush() }
            return false
        }
        if let signals, watch.isReady(signals.fileDescriptor) { try handleSignals(signals.drain()) }
        if let observer = editor.sessionObserver, watch.isReady(observer.resizeNotices) {
            observer.takeResizeNotices()
            try adoptWindowSize()
        }
        if let wakePipe = editor.wakePipe, watch.isReady(wakePipe.fileDescriptor) { try handleWakeUp(wakePipe) }
        return watch.isReady(input)
    }

    /// Does the core's idle work a step at a time until it is done or anything is ready: a key,
    /// a signal, a message to print. Returns whether work is left.
    private func doIdleWorkUntilReady(_ watch: inout DescriptorWatch) throws -> Bool {
        repeat {
            do {
                if try watch.wait(timeoutMilliseconds: 0) { return true }
            } catch let error as Errno {
                throw LineEditorError(terminalFailure: error)
            }
        } while editor.entrySession.performIdleStep()
        return false
    }

    // MARK: - Drawing and writing

    /// Hands the editor's appearance to the entry session when the app changed it.
    func adoptAppearance() {
        guard appearanceRevision != editor.appearanceRevision else { return }
        appearanceRevision = editor.appearanceRevision
        editor.entrySession.setAppearance(editor.appearance)
    }

    /// Writes the frame that shows the entry as it is now, once the terminal has measured the
    /// clusters it waits for.
    func draw() throws {
        adoptAppearance()
        try write(editor.entrySession.frame())
        try measureWidthsIfAwaited()
    }

    /// Draws the entry one last time, leaves the cursor on a fresh row below it and restores the
    /// terminal.
    func finish() throws {
        adoptAppearance()
        try write(editor.entrySession.finalFrame())
        try measureWidthsIfAwaited()
        try write(editor.entrySession.leaveArea())
        leave()
    }

    /// The terminal's size; without one, `COLUMNS` and `LINES`, else 80 by 24.
    func currentSize() -> WindowSize {
        if let size = windowSize(of: output) ?? windowSize(of: input) { return size }
        let columns = environmentValue("COLUMNS").flatMap { Int($0) } ?? 80
        let rows = environmentValue("LINES").flatMap { Int($0) } ?? 24
        // `WindowSize` clamps from above as well: `LINES=1000000000000` would otherwise size the frame.
        return WindowSize(columns: columns, rows: max(1, rows))
    }

    /// Every mode the entry set undone and the terminal's attributes restored; safe to call
    /// more than once.
    func leave() {
        guard isActive else { return }
        isActive = false
        editor.printQueue?.endReading(printingTo: output)
        awaitLateAnswers()
        // Every mode the entry set, undone through the one stack that recorded them.
        try? output.writeAll(editor.entrySession.undoEntryModes())
        rawMode.restore()
        signals?.uninstall()
    }

    func write(_ bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        do {
            // Through the buffer: the overload for collections is generic, and from this module
            // it runs unspecialized, through witness tables.
            try bytes.withUnsafeBytes { try output.writeAll($0) }
        } catch let error as Errno {
            throw LineEditorError(terminalFailure: error)
        }
    }
}
