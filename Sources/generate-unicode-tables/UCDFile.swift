import Glibc

/// A failure to read or make sense of a Unicode Character Database file.
struct UCDError: Error, CustomStringConvertible {
    let description: String
}

/// One data line of a UCD property file: a code point range and the fields after it.
struct UCDEntry {
    let range: ClosedRange<UInt32>
    let fields: [Substring]
}

/// A text file of the Unicode Character Database, read whole with `getline`.
///
/// The generator uses only the standard library and Glibc, like the rest of the package, so it
/// does its own line splitting instead of reaching for Foundation.
struct UCDFile {
    /// The file's path inside the UCD directory, as in `emoji/emoji-data.txt`.
    let name: String
    let path: String
    let lines: [String]

    init(directory: String, name: String) throws {
        self.name = name
        path = directory + "/" + name
        guard let file = fopen(path, "r") else {
            throw UCDError(description: "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        var lines: [String] = []
        while getline(&buffer, &capacity, file) >= 0, let buffer {
            var line = String(cString: buffer)
            if line.hasSuffix("\n") { line.removeLast() }
            lines.append(line)
        }
        self.lines = lines
    }

    /// The version named on the first line, as in `# EastAsianWidth-15.0.0.txt`.
    func versionFromHeader() throws -> String {
        guard let first = lines.first, first.hasPrefix("# "), first.hasSuffix(".txt"),
              let dash = first.lastIndex(of: "-")
        else {
            throw UCDError(description: "\(path): first line does not name the file's version")
        }
        return String(first[first.index(after: dash)..<first.index(first.endIndex, offsetBy: -4)])
    }

    /// The data lines, comments stripped, as ranges with their semicolon-separated fields.
    func entries() throws -> [UCDEntry] {
        var entries: [UCDEntry] = []
        for (number, line) in lines.enumerated() {
            let data = line.prefix { $0 != "#" }
            var fields = data.split(separator: ";", omittingEmptySubsequences: false).map(trimmed)
            guard let first = fields.first, !first.isEmpty else { continue }
            guard let range = codePointRange(first) else {
                throw UCDError(description: "\(path):\(number + 1): bad code point field '\(first)'")
            }
            fields.removeFirst()
            entries.append(UCDEntry(range: range, fields: fields))
        }
        return entries
    }

    /// The first code points of the sequences whose first field equals `value`, as in
    /// `0023 FE0F  ; emoji style;` in emoji-variation-sequences.txt.
    func sequenceStarts(withValue value: String) throws -> [UInt32] {
        var starts: [UInt32] = []
        for (number, line) in lines.enumerated() {
            let fields = line.prefix { $0 != "#" }.split(separator: ";").map(trimmed)
            guard fields.count >= 2, fields[1] == Substring(value) else { continue }
            guard let first = fields[0].split(separator: " ").first, let start = UInt32(first, radix: 16) else {
                throw UCDError(description: "\(path):\(number + 1): bad sequence '\(fields[0])'")
            }
            starts.append(start)
        }
        return starts
    }

    /// The ranges whose first field equals `value`, as in `0600..0605 ; Prepended_Concatenation_Mark`.
    func ranges(withValue value: String) throws -> [ClosedRange<UInt32>] {
        try entries().filter { $0.fields.first == Substring(value) }.map(\.range)
    }
}

private func trimmed(_ text: Substring) -> Substring {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let start = text.firstIndex(where: { !isBlank($0) }),
          let end = text.lastIndex(where: { !isBlank($0) })
    else { return "" }
    return text[start...end]
}

private func codePointRange(_ text: Substring) -> ClosedRange<UInt32>? {
    let bounds = text.split(separator: ".", omittingEmptySubsequences: true)
    guard bounds.count == 1 || bounds.count == 2,
          let lower = UInt32(bounds[0], radix: 16),
          let upper = UInt32(bounds[bounds.count - 1], radix: 16),
          lower <= upper, upper <= 0x10FFFF
    else { return nil }
    return lower...upper
}
