/// The display-width class of every code point, derived from the Unicode Character Database.
///
/// Each class is a byte: bits 0–1 hold the column width (0, 1 or 2) of the scalar on its own,
/// bit 2 is set when the scalar has an emoji-style variation sequence, that is when a following
/// VS16 (U+FE0F) asks for its two-column emoji presentation, bit 3 when it is a one-column
/// character of East Asian Width "A" (ambiguous: CJK terminals draw it in two), bit 4 when
/// terminals draw it in widths of their own: code points unassigned in this version (newer
/// characters) and the regional indicators that pair into flags.
/// The runtime decodes the same layout in `Sources/GhostlineCore/Unicode/ScalarWidthClass.swift`.
struct WidthClassification {
    static let emojiVariationFlag: UInt8 = 0b100
    static let ambiguousFlag: UInt8 = 0b1000
    static let disputedFlag: UInt8 = 0b1_0000
    static let widthBits: UInt8 = 0b11

    /// One class per code point, indexed by code point value.
    private(set) var classes: [UInt8]
    /// The Unicode version of the data, for the generated file's header.
    let unicodeVersion: String
    /// The data files and the versions they declare, for the generated file's header.
    let sources: [String]

    init(directory: String) throws {
        let eastAsianWidth = try UCDFile(directory: directory, name: "EastAsianWidth.txt")
        let unicodeData = try UCDFile(directory: directory, name: "UnicodeData.txt")
        let derivedCore = try UCDFile(directory: directory, name: "DerivedCoreProperties.txt")
        let propList = try UCDFile(directory: directory, name: "PropList.txt")
        let hangul = try UCDFile(directory: directory, name: "HangulSyllableType.txt")
        let emoji = try UCDFile(directory: directory, name: "emoji/emoji-data.txt")
        let variations = try UCDFile(directory: directory, name: "emoji/emoji-variation-sequences.txt")

        unicodeVersion = try eastAsianWidth.versionFromHeader()
        var sources: [String] = []
        for file in [eastAsianWidth, derivedCore, propList, hangul] {
            let version = try file.versionFromHeader()
            guard version == unicodeVersion else {
                throw UCDError(description: "\(file.path) is version \(version), EastAsianWidth.txt is \(unicodeVersion)")
            }
            sources.append("\(file.name) \(version)")
        }
        sources.append("\(unicodeData.name) (general categories)")
        for file in [emoji, variations] { sources.append("\(file.name) (\(emojiVersion(of: file)))") }
        self.sources = sources

        classes = Array(repeating: 1, count: 0x110000)

        for range in Self.unlistedWideDefaults { setWidth(2, in: range) }
        var ambiguous: [ClosedRange<UInt32>] = []
        for entry in try eastAsianWidth.entries() {
            let isWide = entry.fields.first == "W" || entry.fields.first == "F"
            setWidth(isWide ? 2 : 1, in: entry.range)
            if entry.fields.first == "A" { ambiguous.append(entry.range) }
        }
        for range in try emoji.ranges(withValue: "Emoji_Presentation") { setWidth(2, in: range) }

        let categories = try Self.generalCategories(unicodeData)
        var assigned = Array(repeating: false, count: classes.count)
        for range in Self.unlistedWideDefaults { for codePoint in range { assigned[Int(codePoint)] = true } }
        for (range, _) in categories { for codePoint in range { assigned[Int(codePoint)] = true } }
        for (range, category) in categories {
            // Marks draw onto their base; format characters and the line and paragraph
            // separators have no glyph.
            guard ["Mn", "Me", "Mc", "Cf", "Zl", "Zp"].contains(category) else { continue }
            setWidth(0, in: range)
        }
        for range in try derivedCore.ranges(withValue: "Default_Ignorable_Code_Point") { setWidth(0, in: range) }
        for range in try hangul.ranges(withValue: "V") { setWidth(0, in: range) }
        for range in try hangul.ranges(withValue: "T") { setWidth(0, in: range) }

        // Prepended concatenation marks (Arabic number sign…) are format characters that are
        // drawn, spanning the digits after them.
        for range in try propList.ranges(withValue: "Prepended_Concatenation_Mark") { setWidth(1, in: range) }
        // U+115F HANGUL CHOSEONG FILLER is default-ignorable, but it is a leading jamo: it opens a
        // syllable block that takes two columns like every other leading jamo.
        for range in try hangul.ranges(withValue: "L") { setWidth(2, in: range) }
        // SOFT HYPHEN is default-ignorable, yet terminals (glibc wcwidth, xterm, VTE) draw it as a
        // visible one-column hyphen; measuring it as 0 would desynchronise the cursor.
        setWidth(1, in: 0xAD...0xAD)

        for codePoint in try variations.sequenceStarts(withValue: "emoji style") {
            classes[Int(codePoint)] |= Self.emojiVariationFlag
        }
        // Marks in the ambiguous ranges stay zero-width on every terminal; only characters
        // drawn in one column may be drawn in two.
        for range in ambiguous {
            for codePoint in range where classes[Int(codePoint)] & Self.widthBits == 1 {
                classes[Int(codePoint)] |= Self.ambiguousFlag
            }
        }
        for codePoint in classes.indices where !assigned[codePoint] { classes[codePoint] |= Self.disputedFlag }
        for codePoint in 0x1F1E6...0x1F1FF { classes[codePoint] |= Self.disputedFlag }
    }

    /// UAX #11 gives unlisted code points in these blocks and planes the width "W", even before
    /// they are assigned, so newer ideographs are measured correctly by older tables.
    private static let unlistedWideDefaults: [ClosedRange<UInt32>] = [
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private mutating func setWidth(_ width: UInt8, in range: ClosedRange<UInt32>) {
        for codePoint in range {
            classes[Int(codePoint)] = (classes[Int(codePoint)] & ~Self.widthBits) | width
        }
    }

    /// General categories from UnicodeData.txt, where big blocks are given as a pair of lines
    /// `<CJK Ideograph, First>` / `<CJK Ideograph, Last>`.
    private static func generalCategories(_ file: UCDFile) throws -> [(ClosedRange<UInt32>, Substring)] {
        var result: [(ClosedRange<UInt32>, Substring)] = []
        var openRangeStart: UInt32?
        for entry in try file.entries() {
            guard entry.fields.count >= 2 else {
                throw UCDError(description: "\(file.path): line for \(entry.range) has too few fields")
            }
            let name = entry.fields[0]
            let category = entry.fields[1]
            if name.hasSuffix(", First>") {
                openRangeStart = entry.range.lowerBound
            } else if name.hasSuffix(", Last>"), let start = openRangeStart {
                result.append((start...entry.range.upperBound, category))
                openRangeStart = nil
            } else {
                result.append((entry.range, category))
            }
        }
        return result
    }
}

/// The version stated in an emoji data file's header ("Used with Emoji Version 15.0 and…"), whose
/// first line, unlike the other files', does not carry it.
private func emojiVersion(of file: UCDFile) -> String {
    for line in file.lines {
        guard let found = line.firstRange(of: "Emoji Version ") else { continue }
        return "Emoji " + line[found.upperBound...].prefix { $0 == "." || $0.isNumber }
    }
    return "emoji version not stated"
}
