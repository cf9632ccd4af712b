import GhostlineCore
import GhostlineTerminal

/// The keys of a batch, and what the editor asks of the program after one: the one place the
/// session answers an `EditorRequest`.
extension InteractiveSession {
    /// The end of an entry: the text submitted, or nil at end of input.
    struct Outcome {
        var entry: String?
    }

    /// Applies the keys waiting in the entry session, answering each key's request, and draws
    /// one frame. Returns how the entry ended when a key ended it.
    func handleKeys() throws -> Outcome? {
        while let key = editor.entrySession.handleNextKey() {
            guard let request = key.request else {
                if key.textChanged { reportChange() }
                continue
            }
            if case .submit = request, key.textChanged { reportChange() }
            if let outcome = try perform(request) { return outcome }
            if key.textChanged { reportChange() }
        }
        try draw()
        return nil
    }

    /// Does what the editor asked for; returns how the entry ended when the request ends it.
    private func perform(_ request: EditorRequest) throws -> Outcome? {
        switch request {
        case .submit(let text):
            try finish()
            try write(editor.entrySession.outputStartMark())
            return Outcome(entry: text)
        case .endOfFile:
            try finish()
            return Outcome(entry: nil)
        case .interrupt:
            try finish()
            throw LineEditorError.interrupted
        case .suspend:
            try suspend()
        case .clearScreen, .clearDisplay:
            try write(editor.entrySession.clearScreen(includingScrollback: request == .clearDisplay))
        case .redrawEntry:
            try write(editor.entrySession.redrawEntry())
        case .readInitFileAgain:
            // The file's complaints are dropped rather than written over the entry; an app that
            // wants them calls `readInitFile()` itself, which returns them.
            editor.readInitFile()
        case .custom(let name):
            editor.customCommandHandler?(name, editor)
        case .bell:
            try ringBell()
        case .editExternally(let text):
            try editExternally(text)
        }
        return nil
    }

    /// The bell, as ``LineEditor/bellStyle`` has it: `BEL`; or the screen in reverse video until
    /// the next key or for a tenth of a second, whichever comes first; or nothing.
    private func ringBell() throws {
        switch editor.bellStyle {
        case .audible:
            try write([0x07])
        case .visible:
            try write(Self.reverseVideoOn)
            var watch = DescriptorWatch(.readable, of: [input])
            _ = try? watch.wait(timeoutMilliseconds: 100)
            try write(Self.reverseVideoOff)
        case .none:
            break
        }
    }

    private static let reverseVideoOn = Array("\u{1B}[?5h".utf8)
    private static let reverseVideoOff = Array("\u{1B}[?5l".utf8)

    /// Tells the delegate the text changed: once per key or paste that changed it, before the
    /// next frame is drawn, as a text view tells its delegate once per user action.
    private func reportChange() {
        editor.delegate?.lineEditorDidChange(editor)
    }
}
