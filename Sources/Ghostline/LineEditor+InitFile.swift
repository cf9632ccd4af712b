import GhostlineCore

extension LineEditor {
    /// Reads the init file that ``initFile`` names and applies it: its emacs key bindings go
    /// into ``keyMap``, over what is there, and its `set editing-mode vi` chooses vi mode unless
    /// the app set ``editingMode`` itself. Returns readline's complaints about its lines,
    /// each `readline: FILE: line N: …`, for the app to print on standard error; a bad line
    /// is skipped and never stops the prompt.
    ///
    /// ``readLine(initialText:)`` calls this before its first entry unless the app already
    /// did; calling it again reads the file again, as readline's `re-read-init-file`.
    /// `Docs/KeyBindings.md`, "Your ~/.inputrc", tells what is honoured.
    @discardableResult
    public func readInitFile() -> [String] {
        hasReadInitFile = true
        guard let file = InitFileReader.read(initFile, applicationName: applicationName, terminalName: terminalType) else {
            initFileContents = nil
            return []
        }
        initFileContents = file
        var keys = keyMap
        keys.apply(file.emacsBindings)
        keyMap = keys
        if !hasChosenEditingMode { engine.editingMode = file.variables.editingMode }
        return file.diagnostics
    }

    /// The bindings and variables as readline's `bind -v` and `bind -p` print them, for
    /// `ghostline --dump-bindings`: the variables, then `set keymap emacs` and its bindings.
    package var readlineBindingsDump: String {
        (initFileContents?.variables ?? InitFileVariables()).dump + "set keymap emacs\n" + keyMap.readlineDump
    }

    /// The program's file name, without its directory, for ``applicationName``.
    static var programName: String {
        let path = CommandLine.arguments.first ?? ""
        return String(path.split(separator: "/").last ?? Substring(path))
    }
}
