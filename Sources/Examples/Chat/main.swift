import Ghostline

// `chat`: a chat room whose other members write while the user types. Their messages come from
// background tasks through a `LinePrinter`, which prints each above the prompt at once and draws
// the user's half-typed line again below it, intact. The room is simulated: two members talk
// among themselves, and one answers each line the user sends.

/// The members' own talk, a line every few seconds, for as long as the user stays.
func startTalking(through printer: LinePrinter) {
    Task.detached {
        let talk = [("ada", "has anyone tried typing while messages arrive?"),
                    ("grace", "yes: the line I was typing stays where it was"),
                    ("ada", "and the cursor too, mid-word"),
                    ("grace", "and a message without a newline still shows at once")]
        for turn in 0... {
            try? await Task.sleep(for: .milliseconds(2_500 + 1_000 * (turn % 3)))
            let (name, text) = talk[turn % talk.count]
            printer.print("\(name): \(text)")
        }
    }
}

/// Where the user's lines go: grace answers each, a moment later.
func startAnswering(through printer: LinePrinter) -> AsyncStream<String>.Continuation {
    let (lines, sending) = AsyncStream.makeStream(of: String.self)
    Task.detached {
        for await line in lines {
            try? await Task.sleep(for: .milliseconds(800))
            printer.print("grace: \(line.hasSuffix("?") ? "good question" : "noted"): \"\(line)\"")
        }
    }
    return sending
}

let editor = LineEditor(prompt: "you> ", placeholder: "say something; /quit leaves")
do {
    let printer = try editor.makePrinter()
    printer.print("Joined #ghostline as you; ada and grace are here.")
    startTalking(through: printer)
    let sending = startAnswering(through: printer)
    while let line = try editor.readLine(), line != "/quit" {
        if !line.allSatisfy(\.isWhitespace) { sending.yield(line) }
    }
    printer.print("Left #ghostline.")
} catch LineEditorError.interrupted {
    print("Left #ghostline.")
} catch {
    print("chat: \(error)")
}
