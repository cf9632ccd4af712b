import GhostlineCore
import GhostlineTerminal

/// Reading an entry: in a terminal through an `InteractiveSession`, else as plain lines.
extension LineEditor {
    /// Reads one entry. Returns nil at the end of input (Ctrl-D on an empty entry, or the end of
    /// piped input).
    ///
    /// - Parameter initialText: The text the entry starts with.
    /// - Throws: ``LineEditorError/interrupted`` on Ctrl-C, ``LineEditorError/terminalLost(_:)``
    ///   when the terminal went away, ``LineEditorError/system(_:)`` when it cannot be used or
    ///   piped input cannot be read; never for the history file, whose failures go to
    ///   ``historyFileErrorHandler``.
    ///
    /// It blocks the calling thread until the entry ends, so it is unavailable from async code,
    /// where a blocked thread is one of Swift's few cooperative ones: there, `import
    /// GhostlineConcurrency` and `try await editor.readLineAsync()`.
    @available(*, noasync, message: "it blocks the thread; import GhostlineConcurrency and use 'try await editor.readLineAsync()'")
    public func readLine(initialText: String = "") throws -> String? {
        reportHistoryFileLoadFailure()
        if !hasReadInitFile { readInitFile() }
        engine.isMultiline = isMultiline
        guard input.isTerminal else {
            // Not a terminal: a script's answers, which are not the user's history (see `historyFile`).
            if pipedInput == nil { pipedInput = PipedInput(descriptor: input) }
            pipedInput?.readsAhead = ownsInput
            return try pipedInput?.nextEntry(wholeInput: isMultiline, cancellation: cancellation).map(replacingEmptyWithDefault)
        }
        let output = userInterfaceOutput()
        let isDumb = terminalType.isEmpty || terminalType.utf8.elementsEqual("dumb".utf8)
        if isDumb && !isSecret {
            finishLoadingHistoryFile()
            let entry = try readPlainly(input: input, output: output).map(replacingEmptyWithDefault)
            if let entry {
                // Kept as the editor keeps an entry it read, in the history and in its file.
                engine.history.add(entry)
                saveToHistoryFile(entry)
            }
            return entry
        }
        let session = try InteractiveSession(editor: self, input: input, output: output, drawsEntry: !isDumb)
        self.session = session
        defer { self.session = nil }
        // A history file that could not be read while the prompt was up is reported below it.
        defer { reportHistoryFileLoadFailure() }
        let entry = try session.run(initialText: initialText)
        if let entry, !isSecret { saveToHistoryFile(entry) }
        return entry
    }

    /// An empty line read without the editor (piped, or by a dumb terminal) is Enter on an empty
    /// entry, so it submits the default there as the editor does, and a script answers
    /// `printf '\n' | tool` as a user pressing Enter would.
    private func replacingEmptyWithDefault(_ entry: String) -> String {
        entry.isEmpty ? defaultText ?? entry : entry
    }

    /// Where the prompt is drawn: standard output when it is the terminal, else the terminal
    /// itself, so that `answer=$(tool)` captures only the entry.
    func userInterfaceOutput() -> FileDescriptor {
        if let output { return output }
        if FileDescriptor.standardOutput.isTerminal { return .standardOutput }
        if let terminalOutput { return terminalOutput }
        let opened = (try? FileDescriptor.openTerminal()) ?? .standardError
        terminalOutput = opened
        return opened
    }

    /// With a terminal that cannot move its cursor: the prompt, then the terminal's own line
    /// editing, which echoes the keys. The prompt's control characters are shown as the layout
    /// shows them. A secret is read by the editor instead (``readLine(initialText:)``), in raw
    /// mode, drawing only the prompt: nothing echoes it, and Ctrl-C, Ctrl-Z and the signals
    /// end or stop it as they do any entry.
    private func readPlainly(input: FileDescriptor, output: FileDescriptor) throws -> String? {
        do {
            try output.writeAll(Array(prompt.replacingControlCharactersWithCaretNotation().utf8))
        } catch let error as Errno {
            throw LineEditorError(terminalFailure: error)
        }
        if pipedInput == nil { pipedInput = PipedInput(descriptor: input) }
        do {
            return try pipedInput?.nextEntry(wholeInput: false, cancellation: cancellation)
        } catch LineEditorError.system(let error) {
            throw LineEditorError(terminalFailure: error)
        }
    }
}
