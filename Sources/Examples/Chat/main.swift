import Ghostline
import GhostlineConcurrency

// `chat`: a chat room whose other members write while the user types. Their messages come from
// background tasks through a `LinePrinter`, which prints each above the prompt at once and draws
// the user's half-typed line again below it, intact. The room is simulated: two members talk
// among themselves, and one answers each line the user sends. Entries are read with
// `for try await line in editor.entries`, which holds no thread of Swift's pool while it waits.
// Around the entry: the room's name as a right prompt, who is here and how to leave in a
// toolbar below it, a validator that refuses a line too long to send, and the room's commands
// in a completion menu with what each does, opened by Tab at the line's start.

/// The members' own talk, a line every few seconds, until the task is cancelled.
func startTalking(through printer: LinePrinter) -> Task<Void, Never> {
    Task.detached {
        let talk = [("ada", "has anyone tried typing while messages arrive?"),
                    ("grace", "yes: the line I was typing stays where it was"),
                    ("ada", "and the cursor too, mid-word"),
                    ("grace", "and a message without a newline still shows at once")]
        for turn in 0... {
            do { try await Task.sleep(for: .milliseconds(2_500 + 1_000 * (turn % 3))) } catch { return }
            let (name, text) = talk[turn % talk.count]
            printer.print("\(name): \(text)")
        }
    }
}

/// Where the user's lines go, and the task in which grace answers each a moment later, until
/// it is cancelled.
func startAnswering(through printer: LinePrinter) -> (AsyncStream<String>.Continuation, Task<Void, Never>) {
    let (lines, sending) = AsyncStream.makeStream(of: String.self)
    let answering = Task.detached {
        for await line in lines {
            do { try await Task.sleep(for: .milliseconds(800)) } catch { return }
            printer.print("grace: \(line.hasSuffix("?") ? "good question" : "noted"): \"\(line)\"")
        }
    }
    return (sending, answering)
}

/// The longest line the room takes.
let longestLine = 280

/// The room's commands, with what each does.
let commands = [CompletionCandidate("/help", description: "list the commands"),
                CompletionCandidate("/me", description: "say what you are doing"),
                CompletionCandidate("/quit", description: "leave the room"),
                CompletionCandidate("/who", description: "who is here")]

let editor = LineEditor(prompt: "you> ", placeholder: "say something; /quit leaves")
editor.rightPrompt = "#ghostline"
editor.rightPromptStyle = Style(foreground: .basic(6))
editor.bottomToolbar = "ada, grace and you · Tab: commands · /quit or Ctrl-C leaves"
editor.completionStyle = .menu
// Commands are offered only as the line's first word.
editor.completionCandidates = { context in
    context.textBeforeCursor == context.word ? commands.filter(context.matches) : []
}
editor.validator = { line in
    line.count <= longestLine ? .accepted : .refused(message: "\(line.count - longestLine) characters too long to send")
}
do {
    let printer = try editor.makePrinter()
    printer.print("Joined #ghostline as you; ada and grace are here.")
    let talking = startTalking(through: printer)
    let (sending, answering) = startAnswering(through: printer)
    var failure: (any Error)?
    do {
        for try await line in editor.entries {
            let command = line.split(separator: " ", maxSplits: 1).first.map(String.init)
            if command == "/quit" { break }
            switch command {
            case "/help": printer.print(commands.map { "\($0.text)  \($0.description ?? "")" }.joined(separator: "\n"))
            case "/who": printer.print("here: ada, grace and you")
            case "/me": printer.print("* you" + line.dropFirst(3))
            default: if !line.allSatisfy(\.isWhitespace) { sending.yield(line) }
            }
        }
    } catch LineEditorError.interrupted {
        // Ctrl-C leaves, as /quit does.
    } catch {
        failure = error
    }
    // Nobody speaks after the user has left: the members stop before the goodbye is printed.
    talking.cancel()
    answering.cancel()
    await talking.value
    await answering.value
    printer.print(failure.map { "chat: \($0)" } ?? "Left #ghostline.")
} catch {
    print("chat: cannot print above the prompt: \(error)")
}
