import Testing

/// Docs/Testing.md quotes a test of the repository and the app code it tests; they must not drift
/// apart.
@Suite struct TestingGuideTests {
    /// The code block of Docs/Testing.md that follows `anchor`, without its first line, which
    /// must be `firstLine`: that line is the app's own (a path, an import of the app's module).
    private static func quotedCode(after anchor: String, firstLine: String) throws -> String {
        let guide = try repositoryFile("Docs/Testing.md")
        let note = try #require(guide.firstRange(of: anchor)?.upperBound, "the guide has \(anchor)")
        let start = try #require(guide[note...].firstRange(of: "```swift\n")?.upperBound)
        let end = try #require(guide[start...].firstRange(of: "```\n")?.lowerBound)
        let block = guide[start..<end]
        #expect(block.hasPrefix(firstLine + "\n"))
        return String(block.drop { $0 != "\n" }.dropFirst())
    }

    /// The test, but for the import of the app's module: here the app's code is a file of the
    /// test module itself.
    @Test func theGuidesExampleIsTheTestThatRuns() throws {
        let quoted = try Self.quotedCode(after: "TestingGuideTests checks that they are the same. -->",
                                         firstLine: "@testable import fruit")
        #expect(quoted == (try repositoryFile("Tests/GhostlineTests/TestingGuideExampleTests.swift")))
    }

    @Test func theGuidesAppCodeIsTheCodeTheTestRuns() throws {
        let quoted = try Self.quotedCode(after: "## The app's prompt, where a test reaches it",
                                         firstLine: "// Sources/fruit/FruitPrompt.swift")
        #expect(quoted == (try repositoryFile("Tests/GhostlineTests/TestingGuideExampleApp.swift")))
    }
}
