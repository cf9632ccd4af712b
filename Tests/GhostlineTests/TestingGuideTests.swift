import Glibc
import Testing

/// Docs/Testing.md quotes a test of the repository whole; the two must not drift apart.
@Suite struct TestingGuideTests {
    /// The repository's root, from this file's place in it.
    private static let root = String(#filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3)
        .joined(separator: "/"))

    private static func contents(of path: String) throws -> String {
        guard let file = fopen(root + "/" + path, "r") else {
            throw TestingGuideError(description: "cannot open \(path)")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = fread(&buffer, 1, buffer.count, file), count > 0 {
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func theGuidesExampleIsTheTestThatRuns() throws {
        let guide = try Self.contents(of: "Docs/Testing.md")
        let example = try Self.contents(of: "Tests/GhostlineTests/TestingGuideExampleTests.swift")
        let anchor = "TestingGuideTests checks that the two are the same. -->\n```swift\n"
        let start = try #require(guide.firstRange(of: anchor)?.upperBound, "the guide names the example it quotes")
        let end = try #require(guide[start...].firstRange(of: "```\n")?.lowerBound)
        #expect(String(guide[start..<end]) == example)
    }
}

private struct TestingGuideError: Error, CustomStringConvertible {
    var description: String
}
