import Testing

/// Docs/Testing.md quotes a test of the repository and the app code it tests; they must not drift
/// apart.
@Suite struct TestingGuideTests {
    /// The code block that follows `anchor` in `guide`.
    private static func block(after anchor: String, in guide: String) throws -> String {
        let note = try #require(guide.firstRange(of: anchor)?.upperBound, "the guide has \(anchor)")
        let start = try #require(guide[note...].firstRange(of: "```swift\n")?.upperBound)
        let end = try #require(guide[start...].firstRange(of: "```\n")?.lowerBound)
        return String(guide[start..<end])
    }

    /// The test, but for the import of the app's module: here the app's code is a file of the
    /// test module itself.
    @Test func theGuidesExampleIsTheTestThatRuns() throws {
        let guide = try repositoryFile("Docs/Testing.md")
        let example = try repositoryFile("Tests/GhostlineTests/TestingGuideExampleTests.swift")
        let quoted = try Self.block(after: "TestingGuideTests checks that they are the same. -->", in: guide)
        let appImport = "@testable import fruit\n"
        #expect(quoted.hasPrefix(appImport))
        #expect(String(quoted.dropFirst(appImport.count)) == example)
    }

    @Test func theGuidesAppCodeIsTheCodeTheTestRuns() throws {
        let guide = try repositoryFile("Docs/Testing.md")
        let app = try repositoryFile("Tests/GhostlineTests/TestingGuideExampleApp.swift")
        let quoted = try Self.block(after: "## The app's prompt, where a test reaches it", in: guide)
        let path = "// Sources/fruit/FruitPrompt.swift\n"
        #expect(quoted.hasPrefix(path))
        #expect(String(quoted.dropFirst(path.count)) == app)
    }
}
