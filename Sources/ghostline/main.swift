import Glibc
import Ghostline
import GhostlineTerminal

/// `ghostline`: reads entries with a Ghostline prompt and prints each one on standard output.
/// Exit status: 0 after an entry, 1 at end of input with none, 130 on Ctrl-C, 2 on a bad
/// command line.
func writeStandardError(_ text: String) {
    try? FileDescriptor.standardError.writeAll(Array(text.utf8))
}

/// Prints `tick 1`, `tick 2`, … above the prompt every `milliseconds`, from a thread of its own,
/// as a program's background work would.
func startTicker(every milliseconds: Int, printer: LinePrinter) throws {
    try DetachedThread.start {
        var count = 0
        while true {
            var interval = timespec(tv_sec: milliseconds / 1000, tv_nsec: milliseconds % 1000 * 1_000_000)
            var remaining = timespec()
            // A signal (a resize, say) cuts the sleep short; the rest of it is slept.
            while nanosleep(&interval, &remaining) != 0 && errno == EINTR { interval = remaining }
            count += 1
            printer.print("tick \(count)")
        }
    }
}

let options: Options
do {
    options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    writeStandardError("ghostline: \(error.message)\n\(Options.usage)\n")
    exit(2)
}
if options.showsHelp {
    try? FileDescriptor.standardOutput.writeAll(Array((Options.usage + "\n").utf8))
    exit(0)
}

let editor = LineEditor(prompt: options.prompt, placeholder: options.placeholder)
editor.isMultiline = options.isMultiline
editor.defaultText = options.defaultText
if !options.usesColor { editor.usesColor = false }
if let path = options.historyPath { editor.historyFile = HistoryFile(path: path) }
if !options.completions.isEmpty {
    let words = options.completions
    editor.completion = { context in words.filter { $0.hasPrefix(context.word) } }
}

if let interval = options.tickerInterval {
    do {
        try startTicker(every: interval, printer: editor.makePrinter())
    } catch {
        writeStandardError("ghostline: --ticker: \(error)\n")
        exit(1)
    }
}

var submitted = 0
var initialText = options.initialText
while true {
    let entry: String?
    do {
        entry = try editor.readLine(initialText: initialText)
    } catch LineEditorError.interrupted {
        exit(130)
    } catch {
        writeStandardError("ghostline: \(error)\n")
        exit(1)
    }
    guard let entry else { break }
    initialText = ""
    submitted += 1
    do {
        try FileDescriptor.standardOutput.writeAll(Array((entry + "\n").utf8))
    } catch {
        exit(1)
    }
    if !options.loops { break }
}
exit(submitted > 0 ? 0 : 1)
