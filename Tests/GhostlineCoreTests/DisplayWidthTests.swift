@testable import GhostlineCore
import Testing

struct DisplayWidthTests {
    @Test(arguments: [
        ("a", 1), ("中", 2), ("e\u{301}", 1), ("\u{301}", 0), ("👍", 2), ("👍🏽", 2),
        ("👨‍👩‍👧‍👦", 2), ("🇫🇷", 2), ("1️⃣", 2), ("1\u{20E3}", 1), ("☺", 1), ("☺️", 2), ("☺︎", 1),
        ("⌚", 2), ("⌚︎", 2), ("Ａ", 2), ("ｱ", 1), ("\u{200D}", 0), ("\u{FE0F}", 0),
        ("\u{1100}\u{1161}\u{11A8}", 2), ("\u{1100}\u{1161}", 2), ("\u{1161}\u{11A8}", 0), ("한", 2),
        ("❤️‍🔥", 2), ("🏳️‍🌈", 2), ("🏴󠁧󠁢󠁳󠁣󠁴󠁿", 2), ("a\u{FE0F}", 1), ("\u{AD}", 1), ("\u{2028}", 0),
        ("ก\u{E33}", 2), ("\u{600}1", 2), ("\u{1B}", 2), ("\u{7F}", 2), ("\u{9B}", 2), ("\r\n", 2),
    ])
    func clusterWidth(text: String, width: Int) {
        #expect(text.count == 1, "the case must be one grapheme cluster")
        #expect(text.first?.displayWidth == width)
    }

    @Test(arguments: [
        (0x61, 1), (0x4E2D, 2), (0x301, 0), (0x200D, 0), (0xFE0F, 0), (0xAD, 1), (0x115F, 2),
        (0x1160, 0), (0x11A8, 0), (0x2028, 0), (0x263A, 1), (0x1F44D, 2), (0x1F1EB, 2), (0xFF21, 2),
        (0xFF71, 1), (0xE0001, 0), (0x3000, 2), (0x20000, 2), (0x2A6E0, 2), (0x0, -1), (0x1B, -1),
        (0x7F, -1), (0x85, -1), (0x9F, -1), (0xA0, 1), (0x10FFFF, 1),
    ] as [(UInt32, Int)])
    func scalarWidth(value: UInt32, width: Int) throws {
        let scalar = try #require(Unicode.Scalar(value))
        #expect(scalar.displayWidth == width)
    }

    @Test func textWidthIsTheSumOverClusters() {
        let width = "Hi 世界 👋🏽!".reduce(0) { $0 + $1.displayWidth }
        // "Hi" 2, spaces 1 each, two ideographs 2 each, the waving hand with skin tone 2, "!" 1.
        #expect(width == 11)
    }

    /// The generated runs must start at U+0000 and be strictly increasing, or the binary search
    /// would answer for the wrong run.
    @Test func generatedRunsAreSortedFromZero() {
        let runs = scalarWidthClassRuns
        #expect(runs.first.map { $0 >> 5 } == 0)
        #expect(zip(runs, runs.dropFirst()).allSatisfy { $0 >> 5 < $1 >> 5 })
        #expect(runs.allSatisfy { $0 & 0b11 <= 2 && $0 >> 5 <= 0x10FFFF })
    }

    /// Cross-checks the generated tables against the standard library's own Unicode data, for the
    /// scalars both know (assigned by Unicode 15.0, the tables' version).
    @Test func tablesAgreeWithTheStandardLibraryOnSharedProperties() {
        var disagreements: [String] = []
        for value in UInt32(0xA0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age,
                  age.major < 15 || (age.major == 15 && age.minor == 0)
            else { continue }
            let properties = scalar.properties
            let expected: Int?
            switch properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark, .lineSeparator, .paragraphSeparator:
                expected = 0
            default:
                if properties.isEmojiPresentation {
                    expected = 2
                } else if properties.isDefaultIgnorableCodePoint && value != 0xAD && value != 0x115F {
                    expected = 0
                } else {
                    expected = nil
                }
            }
            if let expected, scalar.displayWidth != expected {
                disagreements.append("U+\(String(value, radix: 16, uppercase: true)): \(scalar.displayWidth), expected \(expected)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
    }
}
