import Glibc
import GhostlineCore
import Testing

/// Checks `Character.displayWidth` against the Python wcwidth library on the strings in
/// Fixtures/wcwidth-fixture.txt (written by Fixtures/make-width-fixture.py).
struct DisplayWidthConformanceTests {
    /// Strings where we disagree with wcwidth on purpose: the fixture line's code points, the width
    /// we give and why. Docs/Unicode.md explains each reason.
    static let knownDisagreements: [String: (width: Int, reason: String)] = [
        "0915 093F": (1, "a spacing mark (Mc) adds nothing to its base's cluster; wcwidth adds 1"),
        "0061 0903": (1, "a spacing mark (Mc) adds nothing to its base's cluster; wcwidth adds 1"),
        "1100 1100 1161": (2, "a syllable block of conjoining jamo is 2 however many leading jamo it has; wcwidth adds each"),
        "4DC0": (1, "Yijing hexagrams became East Asian Wide in Unicode 16.0; our tables are Unicode 15.0"),
        "4DFF": (1, "Yijing hexagrams became East Asian Wide in Unicode 16.0; our tables are Unicode 15.0"),
        "1FAE9": (1, "assigned in Unicode 16.0, after our tables' version, so still unassigned for us"),
    ]

    struct Case {
        let codePoints: String
        let text: String
        let expectedWidth: Int
    }

    @Test func fixtureHasEnoughStrings() throws {
        #expect(try Self.fixture().count >= 2_000)
    }

    @Test func widthsMatchWcwidthExceptKnownDisagreements() throws {
        let cases = try Self.fixture()
        var unexpected: [String] = []
        var known = 0
        for testCase in cases {
            let width = testCase.text.reduce(0) { $0 + $1.displayWidth }
            guard width != testCase.expectedWidth else { continue }
            if Self.knownDisagreements[testCase.codePoints]?.width == width {
                known += 1
            } else {
                unexpected.append("\(testCase.codePoints): wcwidth \(testCase.expectedWidth), we \(width)")
            }
        }
        print("wcwidth conformance: \(cases.count) strings, \(known) known disagreements, \(unexpected.count) unexpected")
        #expect(unexpected.count == 0, "strings that disagree with wcwidth:\n\(unexpected.prefix(50).joined(separator: "\n"))")
    }

    /// A known disagreement that no longer disagrees (or left the fixture) must leave the list,
    /// so the list stays a true record.
    @Test func everyKnownDisagreementStillDisagrees() throws {
        let cases = Dictionary(try Self.fixture().map { ($0.codePoints, $0) }) { first, _ in first }
        for (codePoints, disagreement) in Self.knownDisagreements {
            let testCase = try #require(cases[codePoints], "\(codePoints) is not in the fixture")
            #expect(testCase.text.reduce(0) { $0 + $1.displayWidth } == disagreement.width)
            #expect(testCase.expectedWidth != disagreement.width, "\(codePoints) now agrees with wcwidth")
        }
    }

    static func fixture() throws -> [Case] {
        let path = String(#filePath.prefix { _ in true }.split(separator: "/").dropLast().joined(separator: "/"))
        return try readFixture(at: "/" + path + "/Fixtures/wcwidth-fixture.txt")
    }

    struct FixtureError: Error, CustomStringConvertible {
        let description: String
    }

    static func readFixture(at path: String) throws -> [Case] {
        guard let file = fopen(path, "r") else { throw FixtureError(description: "cannot open \(path)") }
        defer { fclose(file) }
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        var cases: [Case] = []
        while getline(&buffer, &capacity, file) >= 0, let buffer {
            let line = String(cString: buffer)
            guard !line.hasPrefix("#") else { continue }
            let fields = line.split(separator: "\t")
            guard fields.count == 2,
                  let expectedWidth = Int(fields[1].filter { $0 != "\n" })
            else { throw FixtureError(description: "bad fixture line: \(line)") }
            var scalars = String.UnicodeScalarView()
            for hex in fields[0].split(separator: " ") {
                guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
                    throw FixtureError(description: "bad code point in fixture line: \(line)")
                }
                scalars.append(scalar)
            }
            cases.append(Case(codePoints: String(fields[0]), text: String(scalars), expectedWidth: expectedWidth))
        }
        return cases
    }
}
