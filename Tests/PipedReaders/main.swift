import Ghostline

// A test program for PipedInputConsumptionTests: one entry read by one `LineEditor`, the next by
// a second editor (a secret one, as an app's separate password prompt is), the next by Swift's
// `readLine()`, each printed on a line of its own; what is left of standard input is read by the
// command that runs next. The first argument, when given, is the first editor's ownsInput.

let name = LineEditor(prompt: "Name: ")
name.ownsInput = CommandLine.arguments.dropFirst().first == "owns-input"
let password = LineEditor(prompt: "Password: ")
password.isSecret = true
let first = try name.readLine()
let second = try password.readLine()
let third = readLine()
print("editor: \(first ?? "nil")")
print("second editor: \(second ?? "nil")")
print("readLine: \(third ?? "nil")")
