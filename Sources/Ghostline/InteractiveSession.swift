import Glibc
import GhostlineCore
import GhostlineTerminal

/// One entry read in a terminal: raw mode, the key loop, frames, signals, and the way out.
///
/// The only place the façade talks to the terminal. Every way out — submit, end of input,
/// Ctrl-C, a fatal signal, a thrown error — restores the saved terminal attributes, turns
/// bracketed paste off and leaves the cursor at the start of a fresh row below the entry.
///
/// On a terminal that cannot move its cursor (`TERM=dumb`) a secret is read the same way but
/// not drawn (`drawsEntry` false): the prompt is written as plain text (again after a stop or a
/// message), then nothing until the entry ends with a line break, and no escape sequence at all.
final class InteractiveSession {
    /// How long a lone Escape waits for the rest of a sequence, in milliseconds.
    static let escapeTimeout: Int32 = 25
    /// Bracketed paste on and off.
    private static let pasteOn = Array("\u{1B}[?2004h".utf8)
    private static let pasteOff = Array("\u{1B}[?2004l".utf8)
    private static let showCursor = Array("\u{1B}[?25h".utf8)
    private static let plainStyle = Array("\u{1B}[0m".utf8)

    /// Strong: the editor holds its session only while it reads an entry.
    private let editor: LineEditor
    private let input: FileDescriptor
    private let output: FileDescriptor
    private let rawMode: RawModeSession
    private let signals: SignalMonitor?
    /// While a secret is read, no core file (see `CoreDumpSuppression`); kept to the end of the
    /// session, and past a signal that ends the process.
    private let coreDumps: CoreDumpSuppression?
    private var display = Display()
    private var size: WindowSize
    private var isActive = true
    /// Whether the entry is drawn; false for a secret on a terminal that cannot move its cursor.
    private let drawsEntry: Bool

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
        size = Self.currentSize(of: output, fallback: input)
    }

    deinit {
        leave()
    }

    /// Reads one entry; nil at end of input.
    func run(initialText: String) throws -> String? {
        let editor = self.editor
        editor.engine.startNewEntry(text: initialText)
        editor.asksDelegateBeforeChanges(true)
        defer { editor.asksDelegateBeforeChanges(false) }
        // Bracketed paste on, and the cursor shown in case the program before us hid it.
        try write(drawsEntry ? Self.pasteOn + Self.showCursor : plainPrompt())
        // Messages printed from now on wait for this loop, which prints them above the entry.
        editor.printQueue?.beginReading()
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
        // Keys typed after the previous entry's Enter belong to this one: first those the
        // previous entry read in raw mode, then those the terminal's own mode held between the
        // two (Docs/Terminal.md, "Keys typed between two entries").
        var events = editor.typedAhead
        editor.typedAhead.removeAll()
        var decoder = editor.decoder
        defer { editor.decoder = decoder }
        // A secret is overwritten where the session and the engine kept it (SecretErasure.swift),
        // the bytes read, the room the decoded keys and events left, the engine's copies; the
        // entry returned is the app's own.
        defer {
            if editor.isSecret {
                buffer.update(repeating: 0)
                decoder.overwriteUnusedCapacity()
                events.overwriteUnusedCapacity(with: .text(""))
                editor.engine.overwriteStoredText()
                editor.engine.startNewEntry()
            }
        }
        var decoderIsPending = decoder.isPending
        // When the pending bytes' timeout runs out; a printer's wake-up or a signal in between
        // must not start it again, or messages coming faster than it would hold an Escape back.
        var escapeDeadline: Int64?
        // Asked once: entries the history gains during the entry (another session's, when the
        // file is shared) are found through the prefix index until the next entry sorts them,
        // and a key pays no look at the history for it.
        var historyIsUnsorted = Self.hasIndexingToDo(&editor.engine.history)
        while true {
            // Keys the terminal's own mode held as raw mode was entered (at the start, or again
            // after a stop) come before any read now.
            if rawMode.hasHeldInput {
                decoder.feed(rawMode.takeHeldInput()[...], appendingTo: &events)
                decoderIsPending = decoder.isPending
            }
            if !events.isEmpty, let outcome = try handle(&events) { return outcome.entry }
            if historyIsUnsorted && !decoderIsPending { historyIsUnsorted = try indexHistoryUntilReady(&watch) }
            observer?.sessionWillWait(isSequencePending: decoderIsPending)
            // The first read of a batch: waited for in `read`, or in `poll` while the decoder
            // holds bytes that a timeout must flush.
            let inputIsReady: Bool
            var firstCount: Int?
            if waitsInRead && !decoderIsPending {
                do {
                    let bytes = UnsafeMutableRawBufferPointer(buffer)
                    firstCount = try signals.map { try $0.read(from: input, into: bytes, rawAttributes: rawAttributes) }
                        ?? input.read(into: bytes)
                } catch let error as Errno {
                    throw LineEditorError(terminalFailure: error)
                }
                inputIsReady = firstCount != nil
                // Asked through the optional: a binding would retain the monitor per key.
                if signals?.hasPendingSignals == true, let signals { try handleSignals(signals.drain()) }
            } else {
                var timeout: Int32 = -1
                if decoderIsPending {
                    let deadline = escapeDeadline ?? monotonicMilliseconds() + Int64(Self.escapeTimeout)
                    escapeDeadline = deadline
                    timeout = Int32(clamping: max(0, deadline - monotonicMilliseconds()))
                }
                let anyReady: Bool
                do {
                    anyReady = try watch.wait(timeoutMilliseconds: timeout)
                } catch let error as Errno {
                    throw LineEditorError(terminalFailure: error)
                }
                if let signals, anyReady && watch.isReady(signals.fileDescriptor) {
                    try handleSignals(signals.drain())
                }
                if let observer, anyReady && watch.isReady(observer.resizeNotices) {
                    observer.takeResizeNotices()
                    try adoptWindowSize()
                }
                if let wakePipe, anyReady && watch.isReady(wakePipe.fileDescriptor) {
                    try handleWakeUp(wakePipe)
                }
                inputIsReady = anyReady && watch.isReady(input)
                if !anyReady && decoderIsPending {
                    events = decoder.flush()
                    decoderIsPending = decoder.isPending
                    escapeDeadline = nil
                }
            }
            if inputIsReady {
                // Read all that is available before drawing: a paste or fast typing becomes
                // many events and one frame.
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
                    observer?.sessionDidRead(count)
                    if count == 0 {
                        try finish()
                        return nil
                    }
                    decoder.feed(UnsafeBufferPointer(rebasing: buffer[0..<count]), appendingTo: &events)
                    decoderIsPending = decoder.isPending
                    // New bytes: a sequence still incomplete gets the whole timeout again.
                    escapeDeadline = nil
                    // A read that did not fill the buffer took everything the terminal had.
                    if count < buffer.count { break }
                } while bytesAvailable(on: input) > 0
            }
            if let outcome = try handle(&events) { return outcome.entry }
        }
    }

    /// Sorts the history's entries a step at a time (see `History.hasIndexingToDo`) until it is
    /// done or anything is ready: a key, a signal, a message to print. A step is at most a few
    /// milliseconds, all a key typed meanwhile waits; a million entries take about 160, spent
    /// while the user has not typed yet. Returns whether sorting is left to do.
    private func indexHistoryUntilReady(_ watch: inout DescriptorWatch) throws -> Bool {
        while Self.hasIndexingToDo(&editor.engine.history) {
            do {
                if try watch.wait(timeoutMilliseconds: 0) { return true }
            } catch let error as Errno {
                throw LineEditorError(terminalFailure: error)
            }
            editor.engine.history.continueIndexing()
        }
        return false
    }

    /// Asked where the history lives: read through `editor.engine` as a value, the history is
    /// copied out of the editor first (see ``lineCount(of:)``).
    private static func hasIndexingToDo(_ history: inout History) -> Bool {
        history.hasIndexingToDo
    }

    /// The end of an entry: the text submitted, or nil at end of input.
    private struct Outcome {
        var entry: String?
    }

    /// Applies a batch of events and draws one frame. When an event ends the entry, the events
    /// after it are kept for the next entry, as a shell keeps typed-ahead lines.
    private func handle(_ events: inout [KeyEvent]) throws -> Outcome? {
        var index = 0
        // Emptied from the end an event at a time, keeping the storage: the general removal
        // destroyed the events through their type's metadata, read at a session's first key.
        defer { while events.popLast() != nil {} }
        while index < events.count {
            let request = editor.engine.handle(events[index])
            index += 1
            switch request {
            case nil:
                break
            case .submit(let text)?:
                reportChanges()
                editor.typedAhead = Array(events[index...])
                try finish()
                return Outcome(entry: text)
            case .endOfFile?:
                try finish()
                return Outcome(entry: nil)
            case .interrupt?:
                try finish()
                throw LineEditorError.interrupted
            case .suspend?:
                try suspend()
            case .clearScreen? where drawsEntry:
                try write(Array("\u{1B}[H\u{1B}[2J".utf8))
                display.reset()
            case .clearScreen?:
                break
            case .custom(let name)?:
                editor.customCommandHandler?(name, editor)
            case .bell?:
                try write([0x07])
            case .editExternally(let text)?:
                try editExternally(text)
            }
            reportChanges()
        }
        try draw()
        return nil
    }

    /// Tells the delegate the text changed: once per key or paste that changed it, before the
    /// next frame is drawn, as a text view tells its delegate once per user action.
    private func reportChanges() {
        guard !editor.engine.pendingChanges.isEmpty else { return }
        editor.engine.pendingChanges.removeAll(keepingCapacity: true)
        editor.delegate?.lineEditorDidChange(editor)
    }

    // MARK: - Drawing

    /// The styled prompts and placeholder, and the geometry they give, for the appearance they
    /// were made from: rebuilt only when the app changes it or the terminal is resized. An
    /// object, which every frame reads in place; as a value it would be copied out of the
    /// session, its prompts and all, on every key.
    private final class Decorations {
        let appearanceRevision: Int
        let size: WindowSize
        /// Whether a continuation prompt can show: in multi-line mode, or once the text has a
        /// second line. Otherwise it is left empty, unmade and unmeasured: the default `… ` is the
        /// only non-ASCII text on the way to the prompt, and laying it out would bring the
        /// standard library's grapheme breaking into an idle prompt's memory
        /// (Docs/Performance.md, "What embedding costs").
        let showsContinuation: Bool
        let styledPrompt: StyledText
        let styledContinuationPrompt: StyledText
        let styledPlaceholder: StyledText?
        let geometry: TextGeometry

        /// The decorations of `editor`'s appearance now, for a terminal of `size`.
        init(of editor: LineEditor, size: WindowSize, showsContinuation: Bool) {
            var promptStyle = editor.promptStyle
            var ghostStyle = editor.placeholderStyle
            if !editor.usesColor {
                promptStyle = promptStyle.withoutColor
                ghostStyle = ghostStyle.withoutColor
            }
            let continuation = showsContinuation ? editor.effectiveContinuationPrompt : ""
            appearanceRevision = editor.appearanceRevision
            self.size = size
            self.showsContinuation = showsContinuation
            let columns = size.columns
            styledPrompt = StyledText(editor.prompt, style: promptStyle)
            styledContinuationPrompt = StyledText(continuation, style: promptStyle)
            styledPlaceholder = editor.placeholder.map { StyledText($0, style: ghostStyle) }
            geometry = TextGeometry(width: columns, firstLineStart: Layout.columns(ofPrompt: editor.prompt, width: columns),
                                    otherLinesStart: Layout.columns(ofPrompt: continuation, width: columns),
                                    height: size.rows)
        }
    }

    private var decorations: Decorations?

    private func currentDecorations() -> Decorations {
        let showsContinuation = editor.isMultiline || Self.lineCount(of: &editor.engine) > 1
        if let decorations, decorations.appearanceRevision == editor.appearanceRevision, decorations.size == size,
           decorations.showsContinuation == showsContinuation {
            return decorations
        }
        let made = Decorations(of: editor, size: size, showsContinuation: showsContinuation)
        decorations = made
        // Up and Down move by the rows of this geometry, which changes only with the decorations.
        editor.engine.geometry = made.geometry
        return made
    }

    /// The engine's line count, read where the engine lives: read through `editor.engine` as a
    /// value, the whole state is copied out of the editor first (see
    /// ``presentation(of:decorations:)``).
    private static func lineCount(of engine: inout Editor) -> Int {
        engine.state.lineCount
    }

    private func presentation(final: Bool, decorations: Decorations) -> Presentation {
        var presentation = Self.presentation(of: &editor.engine, decorations: decorations)
        if final { presentation = presentation.finished }
        return presentation
    }

    /// The engine's presentation, asked where the engine lives. Asked of `editor.engine` as a
    /// value, Swift copies the whole engine out of the editor first (a class's stored struct is
    /// copied to be read), on every key. In
    /// place, the app code the engine asks (the highlighter, a suggestion function) reads the
    /// editor from the copy the engine hands it then (`Editor.appCodeIsRunning`).
    private static func presentation(of engine: inout Editor, decorations: Decorations) -> Presentation {
        engine.presentation(prompt: decorations.styledPrompt, continuationPrompt: decorations.styledContinuationPrompt,
                            placeholder: decorations.styledPlaceholder)
    }

    private func draw(final: Bool = false) throws {
        guard drawsEntry else { return }
        try write(frame(final: final))
    }

    /// The prompt of an entry that is not drawn, as plain text: its control characters in
    /// caret notation, as the layout shows them.
    private func plainPrompt() -> [UInt8] {
        Array(editor.prompt.replacingControlCharactersWithCaretNotation().utf8)
    }

    /// The bytes that draw the entry as it is now.
    private func frame(final: Bool = false) -> [UInt8] {
        let decorations = currentDecorations()
        return display.draw(presentation(final: final, decorations: decorations), width: size.columns, height: size.rows)
    }

    private static func currentSize(of output: FileDescriptor, fallback: FileDescriptor) -> WindowSize {
        if let size = windowSize(of: output) ?? windowSize(of: fallback) { return size }
        let columns = environmentValue("COLUMNS").flatMap { Int($0) } ?? 80
        let rows = environmentValue("LINES").flatMap { Int($0) } ?? 24
        // `WindowSize` clamps from above as well: `LINES=1000000000000` would otherwise size the frame.
        return WindowSize(columns: columns, rows: max(1, rows))
    }

    // MARK: - Printing above the entry

    private static let synchronizedOutputOn = Array("\u{1B}[?2026h".utf8)
    private static let synchronizedOutputOff = Array("\u{1B}[?2026l".utf8)

    /// A printer has messages, or the task reading asynchronously was cancelled.
    private func handleWakeUp(_ wakePipe: WakePipe) throws {
        // Taken before the messages: a message queued after this wakes the loop again.
        wakePipe.drain()
        if editor.cancellation?.isRequested == true {
            try finish()
            throw EntryCancelled()
        }
        guard let messages = editor.printQueue?.takePending(), !messages.isEmpty else { return }
        guard drawsEntry else {
            // Below the prompt, which follows them again.
            try write(Array("\r\n".utf8) + messages.flatMap(\.terminalBytes) + plainPrompt())
            return
        }
        // Erase the entry, print where it began, draw it again below: one write, in
        // synchronized output, so the terminal never shows the entry gone.
        var bytes = Self.synchronizedOutputOn + display.eraseArea(rowsAbove: display.rowsAbove(afterResizeTo: size.columns))
        for message in messages { bytes += message.terminalBytes }
        // An unfiltered message may have changed anything; the modes the entry is read with
        // are set again before it is drawn.
        if messages.contains(where: \.isUnfiltered) { bytes += Self.plainStyle + Self.pasteOn + Self.showCursor }
        try write(bytes + frame() + Self.synchronizedOutputOff)
    }

    // MARK: - Signals and the ways out

    private func handleSignals(_ received: [Int32]) throws {
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
                try write(drawsEntry ? Self.pasteOn + display.eraseArea(rowsAbove: display.rowsAbove(afterResizeTo: size.columns))
                                     : Array("\r\n".utf8) + plainPrompt())
            case SIGTSTP:
                try suspend()
            default:
                leave()
                signals?.uninstall()
                reraise(signal)
            }
        }
    }

    /// Reads the terminal's size after a resize and, when it changed, erases the entry's rows
    /// where the terminal left them, for the next frame to draw it anew.
    private func adoptWindowSize() throws {
        let newSize = Self.currentSize(of: output, fallback: input)
        guard newSize != size else { return }
        let rowsAbove = display.rowsAbove(afterResizeTo: editor.terminalReflowsOnResize ? newSize.columns : size.columns)
        size = newSize
        guard drawsEntry else { return }
        try write(display.eraseArea(rowsAbove: min(rowsAbove, max(0, newSize.rows - 1))))
    }

    /// Ctrl-X Ctrl-E: the terminal handed to the user's editor in its own modes, as for a
    /// suspend, and the entry redrawn with what the editor left (see `ExternalEditor`).
    private func editExternally(_ text: String) throws {
        if drawsEntry { try write(display.finish(startingFreshRow: false) + Self.pasteOff + [0x0D, 0x0A]) }
        rawMode.restore()
        let edited = ExternalEditor.edit(text, in: input)
        do {
            try rawMode.reenter()
        } catch let error as Errno {
            throw LineEditorError(terminalFailure: error)
        }
        if let edited { editor.engine.finishExternalEdit(with: edited) }
        try write(drawsEntry ? Self.pasteOn : plainPrompt())
        display.reset()
    }

    private func suspend() throws {
        // Ignored at start, `SIGTSTP` stays ignored: Ctrl-Z then does nothing, as it would with
        // the terminal's own line editing. Under the test kit too, since stopping would stop the
        // whole test process.
        guard !isIgnored(SIGTSTP), editor.sessionObserver == nil else { return }
        // The shell starts a row of its own for its "Stopped" line.
        if drawsEntry { try write(display.finish(startingFreshRow: false) + Self.pasteOff) }
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
        let freshRow = Array((received.contains(SIGCONT) ? "\r" : "\r\n").utf8)
        try write(drawsEntry ? Self.pasteOn + freshRow : freshRow + plainPrompt())
        display.reset()
        try handleSignals(received.filter { $0 != SIGCONT && $0 != SIGTSTP })
    }

    /// Draws the entry one last time without ghost text (what was typed stays visible, as with
    /// readline) and leaves the cursor on a fresh row below it.
    private func finish() throws {
        try draw(final: true)
        try write(drawsEntry ? display.finish() : Array("\r\n".utf8))
        leave()
    }

    /// Bracketed paste off and the terminal restored; safe to call more than once.
    private func leave() {
        guard isActive else { return }
        isActive = false
        editor.printQueue?.endReading(printingTo: output)
        if drawsEntry { try? output.writeAll(Self.pasteOff) }
        rawMode.restore()
        signals?.uninstall()
    }

    private func write(_ bytes: [UInt8]) throws {
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
