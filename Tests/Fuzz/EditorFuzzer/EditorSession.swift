import FuzzDriver
import GhostlineCore
import GhostlineTesting
import GhostlineTestSupport

/// An entry edited through the core's `EntrySession`, the loop the terminal session runs —
/// keys decoded from bytes read in chunks, each key handled, frames drawn — on a virtual
/// screen, with every check of the editor fuzzer made as it goes.
struct EditorSession {
    private let setting: FuzzSetting
    private var session: EntrySession
    private var screen: VirtualScreen
    /// The screen row where the current entry's area began, and how many rows had scrolled off
    /// the top by then: together they say where the area's first row is now.
    private var areaStartRow = 0
    private var rowsScrolledBeforeArea = 0

    init(setting: FuzzSetting) {
        self.setting = setting
        var editor = Editor(history: setting.history)
        editor.isMultiline = setting.isMultiline
        if setting.hasCompletion { editor.completion = FuzzSetting.completions }
        if setting.usesMenu { editor.completionOptions.style = .menu }
        editor.completionOptions.menuRows = setting.menuRows
        if setting.validates { editor.validator = FuzzSetting.validation }
        editor.homeDirectory = FuzzSetting.homeDirectory
        if setting.isVi {
            editor.editingMode = .vi
            if setting.bindsViKeys {
                let file = InitFile(text: Array(FuzzSetting.viBindings.utf8), name: "inputrc", environment: .init(applicationName: "fuzz"))
                editor.viKeyBindings.apply(command: file.viCommandBindings, insert: file.viInsertBindings)
            }
        }
        let appearance = EntryAppearance(prompt: setting.prompt, promptStyle: Style(foreground: .basic(4), isBold: true),
                                         continuationPrompt: setting.continuationPrompt, placeholder: setting.placeholder,
                                         chrome: setting.chrome)
        session = EntrySession(editor: editor, appearance: appearance)
        session.marksShellIntegration = setting.marksPrompts
        if setting.drawsOwnWidths { session.terminalWidths = FuzzSetting.measuredWidths }
        screen = Self.screen(for: setting)
        startEntry()
    }

    /// Types `keys`, read in chunks of lengths the setting's seed chooses.
    mutating func type(_ keys: [UInt8]) {
        draw()
        var random = SplitMix64(seed: setting.chunkingSeed)
        var decoded: [KeyEvent] = []
        var paused = false
        var start = 0
        while start < keys.count {
            let length = random.next() % 16 == 0 ? keys.count : Int(1 + random.next() % 8)
            let end = min(keys.count, start + length)
            session.receive(keys[start..<end])
            if setting.pausesBetweenChunks && random.next() % 4 == 0 {
                session.flush()
                paused = true
            }
            decoded += session.waitingKeys
            handleKeys()
            start = end
        }
        session.flush()
        decoded += session.waitingKeys
        handleKeys()
        DecodingChecks.checkEvents(decoded)
        // A pause makes a lone ESC a key of its own, which read at once it is not.
        if !paused { DecodingChecks.checkChunkingChangesNothing(keys, decoded: decoded) }
    }

    /// The most text an input edits; past it, the rest of the input is decoded but not handled.
    /// Three keys double a yanked word (Ctrl-Y Ctrl-Y Ctrl-W, then Ctrl-Y again), and the checks
    /// lay the whole text out again at every event: an input of 129 bytes grew the text to 1.9 MB
    /// and took 13 s, past the fuzzer's timeout (the CLI itself took it in well under a second).
    private static let largestText = 1 << 16

    /// The text's length in UTF-8 bytes, without joining its lines.
    private var textByteCount: Int {
        let state = session.editor.state
        return (0..<state.lineCount).reduce(state.lineCount - 1) { $0 + state.line($1).utf8.count }
    }

    /// Handles the keys of a batch read together, drawing after each one or after the batch.
    private mutating func handleKeys() {
        let isEmpty = !session.hasKeys
        while let event = session.waitingKeys.first {
            guard textByteCount <= Self.largestText else {
                session.discardKeys()
                return
            }
            guard let key = session.handleNextKey() else { break }
            StateChecks.check(session.editor.state, after: event)
            switch key.request {
            case nil, .custom?, .bell?, .readInitFileAgain?:
                break
            case .editExternally(let text)?:
                // As the session does: the area left for the editor, a fresh row, the edited
                // text (here the text and a mark) taken, and the next frame drawn afresh.
                emit(session.stop())
                screen.feed("\r\n")
                emit(session.resumeAfterStop(onFreshRow: true))
                beginArea()
                session.editor.finishExternalEdit(with: text + "!")
            case .submit?, .endOfFile?, .interrupt?:
                endEntry()
            case .suspend?:
                // As the session does: the area left with the cursor where it is, the shell's
                // line break, and the next frame drawn afresh there.
                emit(session.stop())
                screen.feed("\r\n")
                emit(session.resumeAfterStop(onFreshRow: true))
                beginArea()
            case .clearScreen?, .clearDisplay?:
                screen.feed(session.clearScreen(includingScrollback: key.request == .clearDisplay))
                beginArea()
            case .redrawEntry?:
                // The area erased from its first row, where the next frame draws it in full.
                emit(session.redrawEntry())
                beginArea()
            }
            if !setting.drawsPerBatch { draw() }
        }
        if setting.drawsPerBatch && !isEmpty { draw() }
    }

    /// The last frame of an entry without ghost text, the cursor to a fresh row, and the next
    /// entry started there, as the next `readLine` does.
    private mutating func endEntry() {
        emit(session.finalFrame())
        checkScreen(showing: session.presentation(final: true))
        emit(session.leaveArea())
        startEntry()
    }

    private mutating func startEntry() {
        emit(session.startEntry(text: "", drawsEntry: true, width: setting.width, height: setting.height))
        beginArea()
    }

    private mutating func beginArea() {
        areaStartRow = screen.cursorRow
        rowsScrolledBeforeArea = screen.scrolledOffLines.count
    }

    private mutating func draw() {
        emit(session.frame())
        checkScreen(showing: session.presentation())
        // In vi mode the cursor takes the mode's shape (a block, a bar, an underline).
        if setting.isVi {
            let shape = switch session.editor.viMode {
            case .command, .visual: 2
            case .insert: 6
            case .replace: 4
            }
            check(screen.cursorShape == shape, "cursor shape \(screen.cursorShape) in \(session.editor.viMode) mode")
        }
    }

    /// Writes `bytes` from the entry session to the screen, once they passed the output checks
    /// (clearing the screen, which the renderer does not send, goes to it directly).
    private mutating func emit(_ bytes: [UInt8]) {
        OutputChecks.checkOnlyRendererSequences(in: bytes)
        screen.feed(bytes)
        check(screen.rawControlBytesSeen.isEmpty, "raw control bytes reached the screen: \(screen.rawControlBytesSeen)")
        // The marks of shell integration are the only sequences the screen ignores, and every
        // frame leaves the terminal in the input's zone.
        check(screen.unsupportedSequences.isEmpty && screen.ignoredSequences.count == screen.shellIntegrationMarks.count,
              "sequences the renderer does not send: \(screen.unsupportedSequences + screen.ignoredSequences)")
        check(screen.shellIntegrationMarks.last.map { $0.command == "B" } ?? true,
              "the bytes end in a prompt's zone: \(screen.shellIntegrationMarks.suffix(3))")
        check(screen.synchronizedOutputDepth == 0, "a synchronized update left open")
    }
    /// The frame's rows fit the width and the cursor is in them; when the whole entry fits on the
    /// screen (the frame has fewer rows than the screen, so none were cut), the screen shows
    /// exactly what a fresh display draws for it on a blank screen, cursor included, from the
    /// area's first row, with nothing below.
    /// A screen of the setting's size that draws clusters as the setting's terminal does.
    private static func screen(for setting: FuzzSetting) -> VirtualScreen {
        var screen = VirtualScreen(columns: setting.width, rows: setting.height)
        if setting.drawsOwnWidths {
            screen.clusterWidths = FuzzSetting.drawnWidths
            screen.drawsAmbiguousCharactersWide = true
        }
        return screen
    }

    private func checkScreen(showing presentation: Presentation) {
        let width = setting.width, height = setting.height
        var layout = Layout()
        if setting.drawsOwnWidths { layout.use(FuzzSetting.measuredWidths) }
        let frame = layout.frame(for: presentation, width: width, height: height)
        check(frame.rows.count <= height, "\(frame.rows.count) rows for a screen of \(height)")
        for (index, row) in frame.rows.enumerated() {
            let columns = row.reduce(0) { $0 + Int($1.width) }
            check(columns <= width, "row \(index) is \(columns) columns wide in a terminal of \(width)")
        }
        check(frame.cursor.row >= 0 && frame.cursor.row < frame.rows.count
              && frame.cursor.column >= 0 && frame.cursor.column < width,
              "the cursor \(frame.cursor) is outside the \(frame.rows.count) rows of \(width) columns")
        let areaTop = areaStartRow - (screen.scrolledOffLines.count - rowsScrolledBeforeArea)
        guard frame.rows.count < height, areaTop >= 0 else { return }
        var freshDisplay = Display()
        if setting.drawsOwnWidths { freshDisplay.use(FuzzSetting.measuredWidths) }
        var fresh = Self.screen(for: setting)
        fresh.feed(freshDisplay.draw(presentation, width: width, height: height))
        for row in 0..<(height - areaTop) {
            for column in 0..<width where screen[areaTop + row, column] != fresh[row, column] {
                fatalError("""
                    screen row \(areaTop + row) differs from a fresh draw at column \(column): \
                    \(screen.line(areaTop + row).debugDescription) instead of \(fresh.line(row).debugDescription)
                    """)
            }
        }
        check(screen.cursorRow == areaTop + fresh.cursorRow && screen.cursorColumn == fresh.cursorColumn,
              "cursor at \(screen.cursorRow),\(screen.cursorColumn); a fresh draw puts it at \(areaTop + fresh.cursorRow),\(fresh.cursorColumn)")
    }
}
