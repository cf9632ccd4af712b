/// The marks of shell integration (OSC 133, FinalTerm's, which kitty, WezTerm, iTerm2, VS Code,
/// Windows Terminal and foot read): where a prompt starts, where its input starts, where the
/// command's output starts and how the command ended, so that the terminal can jump between
/// prompts, select a command's output and show its status.
package enum ShellIntegrationMarks {
    /// Before the prompt: a prompt starts here. `redraw=0` has kitty re-wrap the prompt's rows on
    /// a resize as other terminals do, which the entry's redraw counts on to find the area's
    /// start; otherwise kitty keeps those rows unwrapped, where the entry would not look.
    package static let promptStart = Array("\u{1B}]133;A;redraw=0\u{07}".utf8)
    /// Before a continuation prompt; kitty reads `redraw` again at every `A`.
    package static let continuationPromptStart = Array("\u{1B}]133;A;k=s;redraw=0\u{07}".utf8)
    /// Before the right prompt.
    package static let rightPromptStart = Array("\u{1B}]133;P;k=r\u{07}".utf8)
    /// After each prompt: what the user types starts here.
    package static let inputStart = Array("\u{1B}]133;B\u{07}".utf8)
    /// On the row below a submitted entry: the command's output starts here.
    package static let outputStart = Array("\u{1B}]133;C\u{07}".utf8)

    /// The command ended with `exitStatus`.
    package static func commandFinished(exitStatus: Int32) -> [UInt8] {
        Array("\u{1B}]133;D;\(exitStatus)\u{07}".utf8)
    }
}
