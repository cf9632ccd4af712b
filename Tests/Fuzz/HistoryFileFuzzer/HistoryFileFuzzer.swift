import FuzzDriver
import Ghostline
import Glibc

// History file bytes → load → append → load, through `HistoryFile`'s public API on a file of the
// target's own (see Docs/Fuzzing.md). The first byte chooses the capacity (small, so loads
// compact the file), the second how many of the next bytes are the entry appended; the rest is
// the file.

/// The program's entry; see EditorFuzzer.swift for why it is one of its own.
@_cdecl("ghostline_fuzz_history_file_main")
func fuzzHistoryFileMain(_ argumentCount: CInt, _ arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argumentCount: argumentCount, arguments: arguments) { testOneInput($0, $1) }
}

private let path = ScratchFile.path("history")

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = inputBytes(data, size)
    guard input.count >= 2 else { return 0 }
    let capacity = 1 + Int(input[0] % 8)
    let entryEnd = min(input.count, 2 + Int(input[1] % 32))
    let entry = String(decoding: input[2..<entryEnd], as: UTF8.self)
    let file = Array(input[entryEnd...])
    writeFile(file)

    let history = HistoryFile(path: path, capacity: capacity)
    let lines = ReferenceHistory.lines(of: file)
    let first = loadEntries(history)
    let expectedFirst = ReferenceHistory.entries(lines[...], capacity: capacity)
    check(exact(first) == exact(expectedFirst), "loaded \(first) instead of \(expectedFirst) from \(file)")

    do {
        try history.append(entry)
    } catch {
        fatalError("appending \(entry.debugDescription) failed: \(error)")
    }
    var status = stat()
    check(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o600, "the file's mode is not 0600 after an append")
    let second = loadEntries(history)
    // A blank entry is not saved.
    let linesAfter = entry.allSatisfy(\.isWhitespace) ? lines : lines + [entry]
    let expectedSecond = ReferenceHistory.entries(linesAfter[...], capacity: capacity)
    check(exact(second) == exact(expectedSecond),
          "after appending \(entry.debugDescription), loaded \(second) instead of \(expectedSecond) from \(file)")
    return 0
}

/// The entries the file holds now; a regular file of the fuzzer's own always loads.
private func loadEntries(_ history: HistoryFile) -> [String] {
    do {
        return Array(try history.load().entries)
    } catch {
        fatalError("loading the history file failed: \(error)")
    }
}

/// Each entry's bytes: `String`'s `==` takes canonically equal texts for equal.
private func exact(_ entries: [String]) -> [[UInt8]] {
    entries.map { Array($0.utf8) }
}

private func writeFile(_ bytes: [UInt8]) {
    unlink(path)
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    check(descriptor >= 0 && write(descriptor, bytes, bytes.count) == bytes.count, "cannot write the history file: errno \(errno)")
    close(descriptor)
}
