import GhostlineCore

/// The chain an interactive session runs, without a terminal: bytes go through the key decoder
/// and the editor, and each batch of reads ends in one layout and one render into `output`.
///
/// It follows `InteractiveSession.run` step for step (reads available at once become one batch
/// of events and one draw; text changes are taken after every event; a submit draws the entry
/// one last time without ghost text), so the figures measured here are what a keystroke costs in
/// the real program minus the system calls.
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
    /// Time spent in each stage since the pipeline started; all zero when `timesStages` is false.
    private(set) var stageTimes = StageTimes()
    /// Whether the stages are timed. The instruction budget (`make budget`) counts what the
    /// session runs, which reads no clock.
    private let timesStages: Bool

    /// Starts an entry holding `text` (as `ghostline --initial` does) and draws its first frame.
    init(text: String = "", isMultiline: Bool = false, history: History = History(), timesStages: Bool = true) {
        self.timesStages = timesStages
        editor.isMultiline = isMultiline
        editor.history = history
        editor.geometry = TextGeometry(width: Self.width, firstLineStart: 2, otherLinesStart: 2, height: Self.height)
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
        // Kept with its capacity from batch to batch, as the session keeps its event array.
        defer { events.removeAll(keepingCapacity: true) }
        let decodingStart = now()
        for read in reads {
            decoder.feed(read, appendingTo: &events)
        }
        let editingStart = now()
        stageTimes.decoding += editingStart - decodingStart
        for event in events {
            if case .submit(let text)? = editor.handle(event) {
                editor.pendingChanges.removeAll(keepingCapacity: true)
                stageTimes.editing += now() - editingStart
                submitted = text
                draw(final: true)
                let finishing = now()
                output.append(contentsOf: display.finish())
                stageTimes.drawing += now() - finishing
                return
            }
            editor.pendingChanges.removeAll(keepingCapacity: true)
        }
        stageTimes.editing += now() - editingStart
        draw(final: false)
    }

    /// The monotonic clock's reading when the stages are timed, else 0.
    private func now() -> Int {
        timesStages ? MonotonicClock.now() : 0
    }

    private mutating func draw(final: Bool) {
        let presentingStart = now()
        var presentation = editor.presentation(prompt: Self.prompt, continuationPrompt: Self.continuationPrompt,
                                               placeholder: Self.placeholder)
        if final { presentation = presentation.finished }
        let drawingStart = now()
        stageTimes.presenting += drawingStart - presentingStart
        output.append(contentsOf: display.draw(presentation, width: Self.width, height: Self.height))
        stageTimes.drawing += now() - drawingStart
    }
}
