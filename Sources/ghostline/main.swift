import Glibc
import Ghostline
import GhostlineTerminal

// `ghostline`: reads entries with a Ghostline prompt and prints each one on standard output.
// Each way it can end has an exit status of its own (`ExitStatus`), and every failure is told
// on standard error as a sentence naming what failed.

/// Writes `text` to standard error; when that fails, nothing is left to tell.
func writeStandardError(_ text: String) {
    try? FileDescriptor.standardError.writeAll(Array(text.utf8))
}

/// Tells the user why the program stops, as a sentence after the program's name, and ends it
/// with `status`.
func fail(_ message: String, status: ExitStatus) -> Never {
    writeStandardError("ghostline: \(message)\n")
    exit(status)
}

// The editor's callbacks are made here, outside the top-level code: a closure written there
// belongs to the main actor, and Swift would check the actor on each call, which links the whole
// concurrency runtime and Dispatch (about 1 MB) into a program that never runs a task.

/// Tells the user that the history file could not be read or written; the entry is not lost.
func reportHistoryFileError(_ error: HistoryFileError) {
    writeStandardError("ghostline: \(error)\n")
}

/// The command line's arguments after the program's path. `CommandLine.arguments` would make the
/// path a string too, on the heap, for nothing, as the program starts.
func argumentsAfterProgramPath() -> [String] {
    (1..<Int(CommandLine.argc)).map { String(cString: CommandLine.unsafeArgv[$0]!) }
}

/// Overwrites the CLI's own copies of a secret once it is written (SecretErasure.swift).
func overwrite(_ bytes: inout [UInt8], _ entry: inout String) {
    bytes.overwriteUnusedCapacity(with: 0)
    bytes.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    entry.overwriteWithZeros()
}

/// The completion function offering those of `candidates` that begin with the word at the
/// cursor (in any case when the init file says `set completion-ignore-case on`).
func completion(among candidates: [CompletionCandidate]) -> (CompletionContext) -> [CompletionCandidate] {
    { context in
        // Every candidate begins with an empty word: the list is given as it is, not copied.
        guard !context.word.isEmpty else { return candidates }
        // Room for all at once, so that a hundred thousand are not copied each time the
        // array grows; by index, since a loop over the elements would copy each one whole.
        var matching: [CompletionCandidate] = []
        matching.reserveCapacity(candidates.count)
        for index in candidates.indices where context.matches(candidates[index].text) {
            matching.append(candidates[index])
        }
        return matching
    }
}

/// The candidates of `--completions` (`words`) and of `--completions-file` (`path`), the words
/// first; a file that cannot be read ends the program.
func completionCandidates(words: [String], path: String?) -> [CompletionCandidate] {
    let candidates = words.map { CompletionCandidate($0) }
    guard let path else { return candidates }
    do {
        return try candidates + CompletionsFile.candidates(at: path)
    } catch {
        fail("cannot read completions from \(path): \(error)", status: .failed)
    }
}

/// The validator refusing entries shorter than `length` characters.
func validator(refusingShorterThan length: Int) -> (String) -> Validation {
    { entry in
        entry.count >= length ? .accepted : .refused(message: "at least \(length) characters (\(entry.count) typed)")
    }
}

// Before anything opens a descriptor: a closed standard stream must not become the next file.
FileDescriptor.occupyClosedStandardStreams()

/// Prints `tick 1`, `tick 2`, … above the prompt every `milliseconds`, from a thread of its own,
/// as a program's background work would.
func startTicker(every milliseconds: Int, printer: LinePrinter) throws {
    try DetachedThread.start {
        var count = 0
        while true {
            var interval = timespec(tv_sec: milliseconds / 1000, tv_nsec: milliseconds % 1000 * 1_000_000)
            var remaining = timespec()
            // A signal (a resize, say) cuts the sleep short; the rest of it is slept.
            while nanosleep(&interval, &remaining) != 0 && errorNumber == EINTR { interval = remaining }
            count += 1
            printer.print("tick \(count)")
        }
    }
}

let options: Options
do {
    options = try Options.parse(argumentsAfterProgramPath())
} catch {
    writeStandardError("ghostline: \(error.message)\n\(Options.usage)\n")
    exit(.badCommandLine)
}
if options.showsHelp {
    try? FileDescriptor.standardOutput.writeAll(Array((Options.help + "\n").utf8))
    exit(.submitted)
}

let editor = LineEditor(prompt: options.prompt, placeholder: options.placeholder)
// `$if ghostline` in the user's ~/.inputrc is this program, whatever its file is called.
editor.applicationName = "ghostline"
// The init file's complaints are readline's, on standard error; a bad line never stops the prompt.
for diagnostic in editor.readInitFile() {
    writeStandardError(diagnostic + "\n")
}
if options.dumpsBindings {
    try? FileDescriptor.standardOutput.writeAll(Array(editor.readlineBindingsDump.utf8))
    exit(.submitted)
}
editor.isMultiline = options.isMultiline
if options.usesViMode { editor.editingMode = .vi }
editor.usesKeyboardProtocol = options.usesKeyboardProtocol
editor.measuresCharacterWidths = options.measuresCharacterWidths
editor.ambiguousCharacterWidth = options.ambiguousCharacterWidth
editor.copiesKillsToClipboard = options.copiesKillsToClipboard
editor.defaultText = options.defaultText
if !options.usesColor { editor.usesColor = false }
if !options.showsSuggestions { editor.showsSuggestions = false }
// A history file that cannot be read or written costs the history, never the entry: say why and go on.
editor.historyFileErrorHandler = reportHistoryFileError
if let path = options.historyPath {
    editor.historyFile = HistoryFile(path: path, capacity: options.historySize ?? History.defaultCapacity,
                                     sharesHistory: options.sharesHistory)
}
editor.isSecret = options.isSecret
if let mask = options.mask { editor.mask = TextMask(mask.first) }
if !options.keywords.isEmpty { editor.highlighter = KeywordHighlighter(keywords: options.keywords) }
let candidates = completionCandidates(words: options.completions, path: options.completionsPath)
if !candidates.isEmpty { editor.completionCandidates = completion(among: candidates) }
if options.usesMenu { editor.completionStyle = .menu }
if let rows = options.menuRows { editor.menuRows = rows }
editor.completesWhileTyping = options.completesWhileTyping
editor.rightPrompt = options.rightPrompt
editor.bottomToolbar = options.toolbar
editor.transientPrompt = options.transientPrompt
editor.usesShellIntegration = options.usesShellIntegration
if let length = options.minimumLength { editor.validator = validator(refusingShorterThan: length) }

// With --loop every entry up to the end of input is read here: piped input may be read ahead.
editor.ownsInput = options.loops

/// The printer of `--ticker` or `--print-from` (one queue), whose lock entries are written under (see `writeEntry`).
var printer: LinePrinter?
if let interval = options.tickerInterval {
    do {
        let made = try editor.makePrinter()
        try startTicker(every: interval, printer: made)
        printer = made
    } catch {
        fail("cannot start the --ticker thread: \(error)", status: .failed)
    }
}

if let path = options.printFromPath {
    do {
        let made = try editor.makePrinter()
        try MessageFile.startPrinting(linesOf: path, through: made)
        printer = made
    } catch {
        fail("cannot print from \(path): \(error)", status: .failed)
    }
}

/// Writes an entry and its line break to standard output whole: with a `printer`, while its
/// messages are held, so that no tick falls inside an entry that a slow pipe takes in many writes.
func writeEntry(_ bytes: [UInt8], besideMessagesOf printer: LinePrinter?) throws {
    guard let printer else { return try FileDescriptor.standardOutput.writeAll(bytes) }
    try printer.withMessagesHeld { try FileDescriptor.standardOutput.writeAll(bytes) }
}

var submitted = 0
var initialText = options.initialText
while true {
    let entry: String?
    do {
        entry = try editor.readLine(initialText: initialText)
    } catch LineEditorError.interrupted {
        exit(.interrupted)
    } catch let error as LineEditorError {
        if case .terminalLost = error { fail("\(error)", status: .terminalLost) }
        fail("cannot read an entry: \(error)", status: .failed)
    } catch {
        fail("\(error)", status: .failed)
    }
    guard var entry else { break }
    initialText = ""
    submitted += 1
    // The contract prints the entry, a secret too; on a terminal that shows it, so say so.
    if options.isSecret && submitted == 1 && FileDescriptor.standardOutput.isTerminal {
        writeStandardError("ghostline: the secret is printed on standard output, which is the terminal; capture it instead: answer=$(ghostline --secret)\n")
    }
    var bytes = Array(entry.utf8)
    bytes.append(UInt8(ascii: "\n"))
    do {
        try writeEntry(bytes, besideMessagesOf: printer)
    } catch {
        fail("cannot write the entry to standard output: \(error)", status: .entryNotWritten)
    }
    if options.isSecret { overwrite(&bytes, &entry) }
    // Printing the entry is this program's command: it has finished.
    editor.markCommandFinished(exitStatus: 0)
    if !options.loops { break }
}
exit(submitted > 0 ? .submitted : .nothingSubmitted)
