import Ghostline

// `password`: sets a new password, asked twice and compared, as `passwd` does. Not one typed
// character reaches the screen (each shows as `•`), none goes into the history, and a wrong
// pair is asked again, three times at most.

let editor = LineEditor(placeholder: "at least 8 characters")
editor.isSecret = true

/// The password, once it was typed the same way twice; nil when the user gave up.
func newPassword(from editor: LineEditor) throws -> String? {
    for _ in 1...3 {
        editor.prompt = "New password: "
        guard let password = try editor.readLine() else { return nil }
        guard password.count >= 8 else {
            print("Too short: a password has at least 8 characters.")
            continue
        }
        editor.prompt = "Repeat it: "
        guard let repeated = try editor.readLine() else { return nil }
        if repeated == password { return password }
        print("The two passwords differ.")
    }
    return nil
}

do {
    if let password = try newPassword(from: editor) {
        // A real app would hand `password` to its key store here; this one says only that it has it.
        print("Password set (\(password.count) characters).")
    } else {
        print("No password set.")
    }
} catch LineEditorError.interrupted {
    print("No password set.")
} catch {
    print("password: \(error)")
}
