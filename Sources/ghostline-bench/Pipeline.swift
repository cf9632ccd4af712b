import GhostlineCore

/// The loop an interactive session runs, without a terminal: the core's ``EntrySession`` fed
/// the bytes a terminal would send, each batch of reads ending in one frame into `output`.
///
/// Reads available at once become one batch of keys and one frame, and a submit draws the
/// entry one last time without ghost text, as in the session, so the figures measured here are
/// what a keystroke costs in the real program minus the system calls.
struct Pipeline {
    static let width = 80
    static let height = 24
    static let appearance = EntryAppearance(prompt: "> ", continuationPrompt: "… ", placeholder: "Type a message…")

    private var session: EntrySession
    /// The editing engine, as the keys left it.
    var editor: Editor { session.editor }
    /// Every byte the frames wrote, as a terminal would have received them.
    private(set) var output: [UInt8] = []
    /// The entry, once Enter submitted it.
    private(set) var submitted: String?
    /// Time spent in each stage since the pipeline started; all zero when `timesStages` is false.
    private(set) var stageTimes = StageTimes()
    /// Whether the stages are timed. The instruction budget (`make budget`) counts what the
    /// session runs, which reads no clock.
    private let timesStages: Bool

    /// Starts an entry holding `text` (as `ghostline --initial` does) and draws its first frame,
    /// its keys read through `keyMap` (in `editingMode`); Tab offers `completions` in a menu when
    /// there are some.
    init(text: String = "", isMultiline: Bool = false, keyMap: KeyMap = .standard, history: History = History(),
         completions: [CompletionCandidate] = [], editingMode: EditingMode = .emacs, timesStages: Bool = true) {
        self.timesStages = timesStages
        var editor = Editor(keyMap: keyMap, history: history)
        editor.isMultiline = isMultiline
        editor.editingMode = editingMode
        if !completions.isEmpty {
            editor.completion = { _ in completions }
            editor.completionOptions.style = .menu
        }
        // Without a delegate the session installs no veto and records no changes; nor does this.
        editor.recordsChanges = false
        session = EntrySession(editor: editor, appearance: Self.appearance)
        output = session.startEntry(text: text, drawsEntry: true, width: Self.width, height: Self.height)
        clearOutput()
        output.append(contentsOf: session.frame())
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
        let decodingStart = now()
        for read in reads {
            session.receive(read)
        }
        let editingStart = now()
        stageTimes.decoding += editingStart - decodingStart
        while let key = session.handleNextKey() {
            if case .submit(let text)? = key.request {
                let drawingStart = now()
                stageTimes.editing += drawingStart - editingStart
                submitted = text
                output.append(contentsOf: session.finish())
                stageTimes.drawing += now() - drawingStart
                return
            }
        }
        let drawingStart = now()
        stageTimes.editing += drawingStart - editingStart
        output.append(contentsOf: session.frame())
        stageTimes.drawing += now() - drawingStart
    }

    /// The monotonic clock's reading when the stages are timed, else 0.
    private func now() -> Int {
        timesStages ? MonotonicClock.now() : 0
    }
}
