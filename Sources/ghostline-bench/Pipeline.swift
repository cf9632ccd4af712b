import GhostlineCore

/// The chain an interactive session runs, without a terminal: bytes go through the key decoder
/// and the editor, and each batch of reads ends in one layout and one render into `output`.
///
/// It follows `InteractiveSession.run` step for step (printable ASCII read at once at a line's
/// end takes the typing lane, `Editor.type(ascii:echoingIn:width:)`, then when the display's room
/// declines `Display.echo(typedIn:…)` or a frame; other reads
/// available at once become one batch of events and one frame; text changes are taken after
/// every event; a submit draws the entry one last time without ghost text), so the figures
/// measured here are what a keystroke costs in the real program minus the system calls.
struct Pipeline {
    static let width = 80
    static let height = 24
    static let prompt = StyledText("> ", style: .plain)
    static let continuationPrompt = StyledText("… ", style: .plain)
    static let placeholder = StyledText("Type a message…", style: .placeholder)

    private var decoder = KeyDecoder()
    private var events: [KeyEvent] = []
    private var display = Display()
    private(set) var editor = Editor()
    /// Every byte the frames wrote, as a terminal would have received them.
    private(set) var output: [UInt8] = []
    /// The entry, once Enter submitted it.
    private(set) var submitted: String?
    /// Time spent in each stage since the pipeline started.
    private(set) var stageTimes = StageTimes()

    /// Starts an entry holding `text` (as `ghostline --initial` does) and draws its first frame.
    init(text: String = "", isMultiline: Bool = false, history: History = History()) {
        editor.isMultiline = isMultiline
        editor.history = history
        editor.geometry = TextGeometry(width: Self.width, firstLineStart: 2, otherLinesStart: 2)
        editor.startNewEntry(text: text)
        // Without a delegate the session installs no veto and records no changes; nor does this.
        editor.recordsChanges = false
        draw(final: false)
    }

    /// Forgets the bytes written so far, so that a measurement counts only its own.
    mutating func clearOutput() {
        output.removeAll(keepingCapacity: true)
    }

    /// One read followed by a frame.
    mutating func receive(_ read: [UInt8]) {
        receive(reads: CollectionOfOne(read[...]))
    }

    /// Reads that arrived together (the session reads while bytes are available), then a frame.
    mutating func receive<Reads: Sequence<ArraySlice<UInt8>>>(reads: Reads) {
        guard submitted == nil else { return }
        var batch = reads.makeIterator()
        if let read = batch.next(), batch.next() == nil, typeWithoutDecoding(read) { return }
        // Kept with its capacity from batch to batch, as the session keeps its event array.
        defer { events.removeAll(keepingCapacity: true) }
        let decodingStart = MonotonicClock.now()
        for read in reads {
            decoder.feed(read, appendingTo: &events)
        }
        let editingStart = MonotonicClock.now()
        stageTimes.decoding += editingStart - decodingStart
        for event in events {
            if case .submit(let text)? = editor.handle(event) {
                editor.pendingChanges.removeAll(keepingCapacity: true)
                stageTimes.editing += MonotonicClock.now() - editingStart
                submitted = text
                draw(final: true)
                let finishing = MonotonicClock.now()
                output.append(contentsOf: display.finish())
                stageTimes.drawing += MonotonicClock.now() - finishing
                return
            }
            editor.pendingChanges.removeAll(keepingCapacity: true)
        }
        stageTimes.editing += MonotonicClock.now() - editingStart
        draw(final: false)
    }

    /// The session's typing lane: printable ASCII at a line's end, edited and echoed without
    /// decoding or presenting; false when the read takes the way every other key takes.
    private mutating func typeWithoutDecoding(_ read: ArraySlice<UInt8>) -> Bool {
        guard !decoder.isPending, !decoder.isInsidePaste else { return false }
        let editingStart = MonotonicClock.now()
        let outcome = read.withUnsafeBufferPointer { editor.type(ascii: $0, echoingIn: &display, width: Self.width) }
        switch outcome {
        case .notTaken:
            return false
        case .echoed:
            // Editing and the room's check are one call, counted as editing.
            output.append(contentsOf: read)
            stageTimes.editing += MonotonicClock.now() - editingStart
            return true
        case .typed:
            break
        }
        let drawingStart = MonotonicClock.now()
        stageTimes.editing += drawingStart - editingStart
        guard editor.presentsTextAlone,
              let echo = display.echo(typedIn: editor.state, prompt: Self.prompt, continuationPrompt: Self.continuationPrompt,
                                      width: Self.width, height: Self.height) else {
            draw(final: false)
            return true
        }
        output.append(contentsOf: echo)
        stageTimes.drawing += MonotonicClock.now() - drawingStart
        return true
    }

    private mutating func draw(final: Bool) {
        let presentingStart = MonotonicClock.now()
        var presentation = editor.presentation(prompt: Self.prompt, continuationPrompt: Self.continuationPrompt,
                                               placeholder: Self.placeholder)
        if final { presentation = presentation.finished }
        let drawingStart = MonotonicClock.now()
        stageTimes.presenting += drawingStart - presentingStart
        output.append(contentsOf: display.draw(presentation, width: Self.width, height: Self.height))
        stageTimes.drawing += MonotonicClock.now() - drawingStart
    }
}
