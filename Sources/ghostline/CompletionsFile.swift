import Glibc
import Ghostline
import GhostlineTerminal

/// `--completions-file FILE`: the candidates Tab offers, one a line, each with a description
/// after a TAB if it has one. Empty lines are skipped; bytes that are not UTF-8 become U+FFFD.
enum CompletionsFile {
    /// The most bytes read: a file larger than this is refused rather than held.
    static let largestFile = 64 << 20

    /// The candidates of the file at `path`.
    ///
    /// - Throws: The `Errno` of a file that cannot be opened or read, or `EFBIG` for one larger
    ///   than ``largestFile``.
    static func candidates(at path: String) throws(Errno) -> [CompletionCandidate] {
        let file = try FileDescriptor.open(path, flags: O_RDONLY)
        defer { try? file.close() }
        let bytes = try file.read(atMost: largestFile + 1, fromOffset: 0)
        guard bytes.count <= largestFile else { throw Errno(rawValue: EFBIG) }
        return candidates(in: bytes)
    }

    /// The candidates of a file's bytes.
    static func candidates(in bytes: [UInt8]) -> [CompletionCandidate] {
        bytes.split(separator: UInt8(ascii: "\n")).map { line in
            let text = line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...]
            guard let tab = text.firstIndex(of: UInt8(ascii: "\t")) else {
                return CompletionCandidate(String(decoding: text, as: UTF8.self))
            }
            return CompletionCandidate(String(decoding: text[..<tab], as: UTF8.self),
                                       description: String(decoding: text[(tab + 1)...], as: UTF8.self))
        }
    }
}
