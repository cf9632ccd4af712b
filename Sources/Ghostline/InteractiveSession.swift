import Glibc
import GhostlineCore
import GhostlineTerminal

/// One entry read in a terminal: raw mode, the key loop, frames, signals, and the way out.
///
/// The only place the façade talks to the terminal. Every way out — submit, end of input,
/// Ctrl-C, a fatal signal, a thrown error — restores the saved terminal attributes, turns
/// bracketed paste off and leaves the cursor at the start of a fresh row below the entry.
final class InteractiveSession {
    /// How long a lone Escape waits for the rest of a sequence, in milliseconds.
    static let escapeTimeout: Int32 = 25
    /// Bracketed paste on and off.
    private static let pasteOn = Array("\u{1B}[?2004h".utf8)
    private static let pasteOff = Array("\u{1B}[?2004l".utf8)
    private static let showCursor = Array("\u{1B}[?25h".utf8)

    /// Strong: the editor holds its session only while it reads an entry.
    private let editor: LineEditor
    private let input: FileDescriptor
    private let output: FileDescriptor
    private let rawMode: RawModeSession
    private let signals: SignalMonitor?
    // Only the session's own methods touch these, one access at a time (the delegate and the
    // app's commands reach the editor, never the session): every key would otherwise pay the
    // runtime's access checks for them.
    @exclusivity(unchecked) private var display = Display()
    @exclusivity(unchecked) private var size: WindowSize
    private var isActive = true

    init(editor: LineEditor, input: FileDescriptor, output: FileDescriptor) throws {
        self.editor = editor
        self.input = input
        self.output = output
        do {
            rawMode = try RawModeSession(terminal: input)
        } catch let error as Errno {
            throw LineEditorError(terminalFailure: error)
        }
        signals = editor.handlesSignals
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
        try write(Self.pasteOn + Self.showCursor)
        editor.delegate?.lineEditorDidBeginEditing(editor)
        defer { editor.delegate?.lineEditorDidEndEditing(editor) }
        try draw()
        // Allocated rather than an array: reading into an array takes a closure, whose context
        // retained the signal monitor per key.
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 65_536)
        defer { buffer.deallocate() }
        let signals = self.signals
        var watch = DescriptorWatch(.readable, of: [input] + (signals.map { [$0.fileDescriptor] } ?? []))
        // Keys are waited for in `read` itself, one system call per key instead of two, unless
        // this thread blocks a watched signal, which then could not end the wait.
        let rawAttributes = rawMode.rawAttributes
        let waitsInRead = signals?.prepareReading(from: input, rawAttributes: rawAttributes) ?? true
        // Keys typed after the previous entry's Enter belong to this one. Only those the terminal
        // received in raw mode are here as typed: between two entries the terminal's own line
        // discipline handles them (Docs/Terminal.md, "Keys typed between two entries").
        var events = editor.typedAhead
        editor.typedAhead.removeAll()
        var decoder = editor.decoder
        defer { editor.decoder = decoder }
        // Asked of the decoder only after it was fed: the typing lane leaves it as it was.
        var decoderIsPending = decoder.isPending, decoderIsInsidePaste = decoder.isInsidePaste
        keys: while true {
            if !events.isEmpty, let outcome = try handle(&events) { return outcome.entry }
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
                let timeout: Int32 = decoderIsPending ? Self.escapeTimeout : -1
                let anyReady: Bool
                do {
                    anyReady = try watch.wait(timeoutMilliseconds: timeout)
                } catch let error as Errno {
                    throw LineEditorError(terminalFailure: error)
                }
                if let signals, anyReady && watch.isReady(signals.fileDescriptor) {
                    try handleSignals(signals.drain())
                }
                inputIsReady = anyReady && watch.isReady(input)
                if !anyReady && decoderIsPending {
                    events = decoder.flush()
                    decoderIsPending = decoder.isPending
                    decoderIsInsidePaste = decoder.isInsidePaste
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
                    if count == 0 {
                        try finish()
                        return nil
                    }
                    if count < buffer.count, events.isEmpty, !decoderIsPending, !decoderIsInsidePaste,
                       try typeWithoutDecoding(UnsafeBufferPointer(rebasing: buffer[0..<count])) {
                        continue keys
                    }
                    decoder.feed(UnsafeBufferPointer(rebasing: buffer[0..<count]), appendingTo: &events)
                    decoderIsPending = decoder.isPending
                    decoderIsInsidePaste = decoder.isInsidePaste
                    // A read that did not fill the buffer took everything the terminal had.
                    if count < buffer.count { break }
                } while bytesAvailable(on: input) > 0
            }
            if let outcome = try handle(&events) { return outcome.entry }
        }
    }

    /// The end of an entry: the text submitted, or nil at end of input.
    private struct Outcome {
        var entry: String?
    }

    /// Applies a batch of events and draws one frame. When an event ends the entry, the events
    /// after it are kept for the next entry, as a shell keeps typed-ahead lines.
    private func handle(_ events: inout [KeyEvent]) throws -> Outcome? {
        var index = 0
        defer { events.removeAll(keepingCapacity: true) }
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
            case .clearScreen?:
                try write(Array("\u{1B}[H\u{1B}[2J".utf8))
                display.reset()
            case .custom(let name)?:
                editor.customCommandHandler?(name, editor)
            }
            reportChanges()
        }
        try draw()
        return nil
    }

    /// Edits and echoes printable ASCII typed at the end of a line while the entry shows text
    /// alone, without decoding, presenting or laying out; false, having done nothing, when the
    /// bytes need the way every other key takes.
    ///
    /// Typing is nearly every key, and between two keys the caches go cold: what costs a key is
    /// less the instructions it runs than the code and data it touches, so this way touches as
    /// little as it can. It ends where the other way would: same edits, same change events,
    /// same screen.
    private func typeWithoutDecoding(_ bytes: UnsafeBufferPointer<UInt8>) throws -> Bool {
        let appearance = editor.appearanceRevision
        // Compared in place: bound to a constant, the decorations would be retained per key.
        guard decorations?.appearanceRevision == appearance, decorations?.columns == size.columns else {
            return false
        }
        let width = size.columns, height = size.rows
        // The display's echo that checks the prompts too; nil for a frame.
        func echoWithPrompts(_ engine: inout Editor) -> [UInt8]? {
            guard engine.presentsTextAlone, let decorations else { return nil }
            return display.echo(typedIn: engine.state, prompt: decorations.styledPrompt,
                                continuationPrompt: decorations.styledContinuationPrompt, width: width, height: height)
        }
        var echo: [UInt8]?
        if editor.mayHaveDelegate {
            guard editor.withEngine({ $0.type(ascii: bytes) }) else { return false }
            // The delegate, told of the change, may change the appearance or the text.
            reportChanges()
            if editor.appearanceRevision == appearance {
                let echoedTyped = editor.withEngine { engine in
                    engine.presentsTextAlone && display.echo(typed: bytes, in: engine.state, width: width)
                }
                if echoedTyped { try write(bytes); return true }
                echo = editor.withEngine { echoWithPrompts(&$0) }
            }
        } else {
            // Without a delegate to tell in between, typing and echoing take one access to the
            // engine (and the engine records no changes, see `LineEditor.asksDelegateBeforeChanges`).
            switch editor.withEngine({ $0.type(ascii: bytes, echoingIn: &display, width: width) }) {
            case .notTaken: return false
            case .echoed: try write(bytes); return true
            case .typed: echo = editor.withEngine { echoWithPrompts(&$0) }
            }
        }
        if let echo { try write(echo) } else { try draw() }
        return true
    }

    /// Tells the delegate the text changed: once per key or paste that changed it, before the
    /// next frame is drawn, as a text view tells its delegate once per user action.
    private func reportChanges() {
        // Through an inout access: reading the list as a property of the editor object would
        // copy the whole engine first.
        let changed = editor.withEngine { engine in
            defer { engine.pendingChanges.removeAll(keepingCapacity: true) }
            return !engine.pendingChanges.isEmpty
        }
        if changed { editor.delegate?.lineEditorDidChange(editor) }
    }

    // MARK: - Drawing

    /// The styled prompts and placeholder, and the geometry they give, for the appearance they
    /// were made from: rebuilt only when the app changes it or the terminal is resized. A class,
    /// so that a key takes one reference to them rather than a copy of every field.
    private final class Decorations {
        let appearanceRevision: Int
        let columns: Int
        let styledPrompt: StyledText
        let styledContinuationPrompt: StyledText
        let styledPlaceholder: StyledText?
        let geometry: TextGeometry

        /// The decorations of `editor`'s appearance now, for a terminal `columns` wide.
        init(of editor: LineEditor, columns: Int) {
            var promptStyle = editor.promptStyle
            var ghostStyle = editor.placeholderStyle
            if !editor.usesColor {
                promptStyle = promptStyle.withoutColor
                ghostStyle = ghostStyle.withoutColor
            }
            let continuation = editor.effectiveContinuationPrompt
            appearanceRevision = editor.appearanceRevision
            self.columns = columns
            styledPrompt = StyledText(editor.prompt, style: promptStyle)
            styledContinuationPrompt = StyledText(continuation, style: promptStyle)
            styledPlaceholder = editor.placeholder.map { StyledText($0, style: ghostStyle) }
            geometry = TextGeometry(width: columns, firstLineStart: Layout.columns(ofPrompt: editor.prompt, width: columns),
                                    otherLinesStart: Layout.columns(ofPrompt: continuation, width: columns))
        }
    }

    @exclusivity(unchecked) private var decorations: Decorations?

    private func currentDecorations() -> Decorations {
        if let decorations, decorations.appearanceRevision == editor.appearanceRevision,
           decorations.columns == size.columns {
            return decorations
        }
        let made = Decorations(of: editor, columns: size.columns)
        decorations = made
        return made
    }

    private func presentation(final: Bool, decorations: Decorations) -> Presentation {
        // Through an inout access: calling a method on the engine as a plain property of the
        // editor object would copy the whole engine first.
        var presentation = editor.withEngine { engine in
            engine.presentation(prompt: decorations.styledPrompt, continuationPrompt: decorations.styledContinuationPrompt,
                                placeholder: decorations.styledPlaceholder)
        }
        if final { presentation = presentation.finished }
        return presentation
    }

    private func draw(final: Bool = false) throws {
        let decorations = currentDecorations()
        if editor.engine.geometry != decorations.geometry { editor.engine.geometry = decorations.geometry }
        try write(display.draw(presentation(final: final, decorations: decorations), width: size.columns, height: size.rows))
    }

    private static func currentSize(of output: FileDescriptor, fallback: FileDescriptor) -> WindowSize {
        if let size = windowSize(of: output) ?? windowSize(of: fallback) { return size }
        let columns = environmentValue("COLUMNS").flatMap { Int($0) } ?? 80
        let rows = environmentValue("LINES").flatMap { Int($0) } ?? 24
        // `WindowSize` clamps from above as well: `LINES=1000000000000` would otherwise size the frame.
        return WindowSize(columns: columns, rows: max(1, rows))
    }

    // MARK: - Signals and the ways out

    private func handleSignals(_ received: [Int32]) throws {
        for signal in received {
            switch signal {
            case SIGWINCH:
                let newSize = Self.currentSize(of: output, fallback: input)
                guard newSize != size else { continue }
                let rowsAbove = display.rowsAbove(afterResizeTo: editor.terminalReflowsOnResize ? newSize.columns : size.columns)
                size = newSize
                try write(display.eraseArea(rowsAbove: min(rowsAbove, max(0, newSize.rows - 1))))
            case SIGCONT:
                // Continued after a stop: whoever stopped us may have changed the terminal, so
                // raw mode is set again and the entry repainted where it is.
                do {
                    try rawMode.reenter()
                } catch let error as Errno {
                    throw LineEditorError(terminalFailure: error)
                }
                try write(Self.pasteOn + display.eraseArea(rowsAbove: display.rowsAbove(afterResizeTo: size.columns)))
            case SIGTSTP:
                try suspend()
            default:
                leave()
                signals?.uninstall()
                reraise(signal)
            }
        }
    }

    private func suspend() throws {
        // Ignored at start, `SIGTSTP` stays ignored: Ctrl-Z then does nothing, as it would with
        // the terminal's own line editing.
        guard !isIgnored(SIGTSTP) else { return }
        // The shell starts a row of its own for its "Stopped" line.
        try write(display.finish(startingFreshRow: false) + Self.pasteOff)
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
        try write(Self.pasteOn + Array((received.contains(SIGCONT) ? "\r" : "\r\n").utf8))
        display.reset()
        try handleSignals(received.filter { $0 != SIGCONT && $0 != SIGTSTP })
    }

    /// Draws the entry one last time without ghost text (what was typed stays visible, as with
    /// readline) and leaves the cursor on a fresh row below it.
    private func finish() throws {
        try draw(final: true)
        try write(display.finish())
        leave()
    }

    /// Bracketed paste off and the terminal restored; safe to call more than once.
    private func leave() {
        guard isActive else { return }
        isActive = false
        try? output.writeAll(Self.pasteOff)
        rawMode.restore()
        signals?.uninstall()
    }

    // Inlined: on the typing lane a function of its own was one more page of code per key.
    @inline(__always)
    private func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBufferPointer { try write($0) }
    }

    @inline(__always)
    private func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        guard !bytes.isEmpty else { return }
        do {
            try output.writeAll(UnsafeRawBufferPointer(bytes))
        } catch let error as Errno {
            throw LineEditorError(terminalFailure: error)
        }
    }
}
