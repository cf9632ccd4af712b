/// The marks of shell integration (OSC 133, FinalTerm's, which kitty, WezTerm, iTerm2, VS Code,
/// Windows Terminal and foot read): where a prompt starts, where its input starts, where the
/// command's output starts and how the command ended, so that the terminal can jump between
/// prompts, select a command's output and show its status.
package enum ShellIntegrationMarks {
    /// Before the prompt: a prompt starts here.
    package static let promptStart = Array("\u{1B}]133;A\u{07}".utf8)
    /// After the prompt: what the user types starts here.
    package static let inputStart = Array("\u{1B}]133;B\u{07}".utf8)
    /// On the row below a submitted entry: the command's output starts here.
    package static let outputStart = Array("\u{1B}]133;C\u{07}".utf8)

    /// The command ended with `exitStatus`.
    package static func commandFinished(exitStatus: Int32) -> [UInt8] {
        Array("\u{1B}]133;D;\(exitStatus)\u{07}".utf8)
    }
}
