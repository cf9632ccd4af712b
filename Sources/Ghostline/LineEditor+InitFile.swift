import Glibc
import GhostlineCore

extension LineEditor {
    /// Reads the init file that ``initFile`` names and applies it: its emacs key bindings go
    /// into ``keyMap``, over what is there, its vi keymaps' bindings over vi mode's keys (those
    /// of a file read before are forgotten), and its variables set the editor's settings.
    /// Returns readline's complaints about its lines, each `readline: FILE: line N: …`, for the
    /// app to print on standard error; a bad line is skipped and never stops the prompt.
    ///
    /// ## Settings and the init file
    ///
    /// A setting the app makes in code wins over the file, whenever either is made: the file
    /// sets only those the app has not set (``editingMode``, ``escapeTimeout``,
    /// ``usesBracketedPaste``, ``bellStyle``, ``commentBegin``, ``completionIgnoresCase``,
    /// ``completionListing``, ``modeStrings``). Its `history-size` is the history's capacity
    /// unless the app gave the history or ``historyFile`` a capacity other than the default.
    /// `Docs/KeyBindings.md`, "Your ~/.inputrc", lists each variable and what it does here.
    ///
    /// ``readLine(initialText:)`` calls this before its first entry unless the app already
    /// did; calling it again reads the file again, as readline's `re-read-init-file`.
    /// `Docs/KeyBindings.md`, "Your ~/.inputrc", tells what is honoured.
    @discardableResult
    public func readInitFile() -> [String] {
        hasReadInitFile = true
        guard let file = InitFileReader.read(initFile, applicationName: applicationName, terminalName: terminalType) else {
            // A file read before set what this one, empty or gone, leaves to readline's defaults.
            if initFileContents != nil {
                initFileContents = nil
                engine.viKeyBindings = ViKeyBindings()
                applySettings(of: InitFileVariables())
            }
            return []
        }
        initFileContents = file
        var keys = keyMap
        keys.apply(file.emacsBindings)
        keyMap = keys
        var viKeys = ViKeyBindings()
        viKeys.apply(command: file.viCommandBindings, insert: file.viInsertBindings)
        engine.viKeyBindings = viKeys
        applySettings(of: file.variables)
        return file.diagnostics
    }

    /// The bindings and variables as readline's `bind -v` and `bind -p` print them, for
    /// `ghostline --dump-bindings`: the variables, then `set keymap emacs` and its bindings,
    /// `set keymap vi-move` and vi command mode's, `set keymap vi-insert` and insert mode's.
    package var readlineBindingsDump: String {
        (initFileContents?.variables ?? InitFileVariables()).dump
            + "set keymap emacs\n" + keyMap.readlineDump
            + "set keymap vi-move\n" + engine.viKeyBindings.commandModeDump(emacsKeys: keyMap)
            + "set keymap vi-insert\n" + engine.viKeyBindings.insertModeDump(emacsKeys: keyMap)
    }

    /// The program's file name, without its directory (and trailing slashes), for
    /// ``applicationName``; the whole path when it is nothing but slashes. Found in the bytes of
    /// `argv[0]`: `CommandLine.arguments` and splitting by characters cost the way to the prompt
    /// the array of every argument and grapheme breaking.
    static var programName: String {
        guard CommandLine.argc > 0, let first = CommandLine.unsafeArgv[0] else { return "" }
        let path = UnsafeRawBufferPointer(start: first, count: strlen(first))
        let slash = UInt8(ascii: "/")
        guard let end = path.lastIndex(where: { $0 != slash }) else { return String(decoding: path, as: UTF8.self) }
        let start = path[...end].lastIndex(of: slash).map { $0 + 1 } ?? 0
        return String(decoding: path[start...end], as: UTF8.self)
    }
}
