import GhostlineCore
import GhostlineTerminal

// The marks of shell integration (OSC 133) that a terminal reads to know where prompts,
// entries and commands' output are.

extension LineEditor {
    /// Whether each entry read in a terminal writes the marks of shell integration (OSC 133,
    /// read by kitty, WezTerm, iTerm2, VS Code, Windows Terminal, foot): `A` where the prompt
    /// starts, `A;k=s` where each continuation prompt does, `P;k=r` where the right prompt does,
    /// `B` where the input starts after each, and `C` on the row below a submitted entry, where the
    /// command's output starts; ``markCommandFinished(exitStatus:)`` writes `D` once the app has
    /// run it. With them the terminal can jump from prompt to prompt and select a command's
    /// output. False unless set; piped input and a dumb terminal write none.
    public var usesShellIntegration: Bool {
        get { entrySession.marksShellIntegration }
        set { entrySession.marksShellIntegration = newValue }
    }

    /// Tells the terminal that the command of the last entry finished with `exitStatus` (the
    /// `D` mark of OSC 133), when ``usesShellIntegration`` is on and that entry was submitted
    /// in a terminal, which marked where its output starts; call it after running the command
    /// and before the next ``readLine(initialText:)``. Nothing is written otherwise (a piped
    /// entry, a second call), and a failure to write is not reported: the mark is a hint.
    public func markCommandFinished(exitStatus: Int32) {
        let mark = entrySession.commandFinishedMark(exitStatus: exitStatus)
        guard !mark.isEmpty else { return }
        try? userInterfaceOutput().writeAll(mark)
    }
}
