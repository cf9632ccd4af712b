import Glibc

// Usage: generate-unicode-tables [UCD-directory] [output-file]
// Reads the Unicode Character Database (by default the unicode-data package's copy) and writes
// the display-width tables GhostlineCore looks scalars up in.

let arguments = CommandLine.arguments.dropFirst()
let directory = arguments.first ?? "/usr/share/unicode"
let output = arguments.dropFirst().first ?? "Sources/GhostlineCore/Unicode/UnicodeWidthTables.swift"

do {
    let classification = try WidthClassification(directory: directory)
    let writer = TableWriter(classification: classification)
    try writer.write(to: output)
    print("wrote \(output): \(writer.runCount) runs, Unicode \(classification.unicodeVersion)")
} catch {
    // Glibc's `stderr` is a mutable global that Swift 6 will not touch, so write to the descriptor.
    var message = "generate-unicode-tables: \(error)\n"
    message.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(1)
}
