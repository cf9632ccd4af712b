import FuzzDriver
import Ghostline
import GhostlineTerminal
import Glibc

// Piped input bytes → entries, through `LineEditor.readLine()` on a descriptor that is not a
// terminal, checked byte for byte against a plain split of the whole input (see Docs/Fuzzing.md).
// The first byte chooses the mode (one entry per line, or all of it as one), whether the input
// starts with nearly 64 KiB of padding, so that its lines straddle the editor's reads, and whether
// the editor owns its input (reads it ahead) or takes each entry exactly: then, after each entry,
// the file's offset must be just past the entry's line break, where the next reader starts.

/// The program's entry; see EditorFuzzer.swift for why it is one of its own.
@_cdecl("ghostline_fuzz_piped_input_main")
func fuzzPipedInputMain(_ argumentCount: CInt, _ arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argumentCount: argumentCount, arguments: arguments) { testOneInput($0, $1) }
}

/// Where the input is put for the editor to read: a regular file, without a writer thread for
/// inputs longer than a pipe holds; read ahead and sought back when the editor takes entries exactly.
private let inputDescriptor: Int32 = {
    let descriptor = open(ScratchFile.path("input"), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { fatalError("cannot create the input file: errno \(errno)") }
    return descriptor
}()

/// Bytes before the input that take the first read but a few bytes of the 64 KiB one.
private let padding = [UInt8](repeating: UInt8(ascii: "p"), count: 65_530)

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = inputBytes(data, size)
    guard let mode = input.first else { return 0 }
    let isMultiline = mode & 1 != 0
    let ownsInput = mode & 4 != 0
    let bytes = (mode & 2 != 0 ? padding : []) + Array(input.dropFirst())
    check(ftruncate(inputDescriptor, 0) == 0 && pwrite(inputDescriptor, bytes, bytes.count, 0) == bytes.count
          && lseek(inputDescriptor, 0, SEEK_SET) == 0, "cannot write the input file: errno \(errno)")

    let editor = LineEditor(prompt: "> ", input: FileDescriptor(rawValue: inputDescriptor))
    editor.isMultiline = isMultiline
    editor.ownsInput = ownsInput
    let ends = isMultiline ? [bytes.count] : entryEnds(bytes)
    var entries: [[UInt8]] = []
    do {
        while let entry = try editor.readLine() {
            entries.append(Array(entry.utf8))
            check(entries.count <= bytes.count + 1, "more entries than the input has bytes")
            if !ownsInput && entries.count <= ends.count {
                let offset = lseek(inputDescriptor, 0, SEEK_CUR)
                check(offset == ends[entries.count - 1], "entry \(entries.count) left the offset at \(offset), not \(ends[entries.count - 1])")
            }
        }
    } catch {
        fatalError("reading a regular file failed: \(error)")
    }
    let expected = isMultiline ? wholeInputEntry(bytes) : lineEntries(bytes)
    check(entries == expected, "entries \(readable(entries)) instead of \(readable(expected)) for \(bytes.suffix(200))")
    return 0
}

/// Where each line's entry ends in the input: just past its `\n`, or at the end of a last line
/// without one.
private func entryEnds(_ bytes: [UInt8]) -> [Int] {
    var ends = bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
    if (ends.last ?? 0) < bytes.count { ends.append(bytes.count) }
    return ends
}

/// One entry per line, without its `\n` or `\r\n`; a last line without a line break is one too,
/// whole. Each is decoded on its own, invalid UTF-8 as U+FFFD.
private func lineEntries(_ bytes: [UInt8]) -> [[UInt8]] {
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    return lines.indices.compactMap { index in
        let line = lines[index]
        guard index < lines.count - 1 else { return line.isEmpty ? nil : decoded(line) }
        return decoded(line.last == 0x0D ? line.dropLast() : line)
    }
}

/// All of the input as one entry, one final line break (`\n` or `\r\n`) dropped; none for an
/// empty input.
private func wholeInputEntry(_ bytes: [UInt8]) -> [[UInt8]] {
    guard !bytes.isEmpty else { return [] }
    var entry = bytes[...]
    if entry.last == 0x0A {
        entry = entry.dropLast()
        if entry.last == 0x0D { entry = entry.dropLast() }
    }
    return [decoded(entry)]
}

/// The UTF-8 of `bytes` read as UTF-8, each invalid sequence replaced by U+FFFD.
private func decoded(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
    Array(String(decoding: bytes, as: UTF8.self).utf8)
}

private func readable(_ entries: [[UInt8]]) -> String {
    entries.map { String(decoding: $0, as: UTF8.self).debugDescription }.joined(separator: ", ")
}
