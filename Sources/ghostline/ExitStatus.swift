import Glibc

/// How `ghostline` ends, each way with a status of its own so that a script can tell them apart
/// (Docs/CLI.md lists them).
enum ExitStatus: Int32 {
    /// An entry was submitted; with `--loop`, input ended after at least one.
    case submitted = 0
    /// Input ended with nothing submitted.
    case nothingSubmitted = 1
    /// The command line was refused.
    case badCommandLine = 2
    /// The terminal went away (its window closed, its line hung up) while an entry was read.
    case terminalLost = 3
    /// An entry could not be written to standard output: closed, full, or a pipe nobody reads.
    case entryNotWritten = 4
    /// Reading an entry failed otherwise; the message says how.
    case failed = 5
    /// The user pressed Ctrl-C: 128 plus `SIGINT`, as a shell reports a process that signal ended.
    case interrupted = 130
}

/// Ends the process with `status`.
func exit(_ status: ExitStatus) -> Never {
    Glibc.exit(status.rawValue)
}
