import Ghostline

/// What a history file means, written plainly from its description (`HistoryFile`'s comment):
/// one entry per line, empty lines skipped, `\` followed by `n` standing for a line break and by
/// any other byte for that byte.
enum ReferenceHistory {
    /// The file's lines, each an entry decoded.
    static func lines(of file: [UInt8]) -> [String] {
        file.split(separator: 0x0A).map(decode)
    }

    /// The entries a history of `capacity` keeps from all of `lines`, added in order: the newest
    /// `capacity` entries, counted as the history counts them (blank lines and repeats are none).
    static func entries(_ lines: ArraySlice<String>, capacity: Int) -> [String] {
        Array(History(entries: Array(lines), capacity: capacity).entries)
    }

    private static func decode(_ line: ArraySlice<UInt8>) -> String {
        var bytes: [UInt8] = []
        var index = line.startIndex
        while index < line.endIndex {
            if line[index] == UInt8(ascii: "\\") {
                index += 1
                guard index < line.endIndex else { break }
                bytes.append(line[index] == UInt8(ascii: "n") ? 0x0A : line[index])
            } else {
                bytes.append(line[index])
            }
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
