import Testing
import GhostlineTestSupport

/// `ghostline --vi` against vim for what vi mode has beyond readline's (Tests/Oracles/vim-vi.py
/// drives both in pseudo-terminals with the same keys): every case must leave the same line, with
/// the cursor where vim leaves it.
@Suite struct VimDifferentialTests {
    @Test func textObjectsWithCountsAndRepeatsLeaveTheLineVimLeaves() throws {
        var generator = SplitMix64(seed: 23)
        let cases = VimCaseGenerator.everyObjectFromEveryStart()
            + (0..<150).map { _ in VimCaseGenerator.randomCase(using: &generator) }
        Self.expectAgreement(try Self.runAgainstVim(cases), set: "vim text objects")
    }

    @Test func visualModeLeavesTheLineVimLeaves() throws {
        var generator = SplitMix64(seed: 29)
        let cases = (0..<300).map { _ in VimCaseGenerator.randomVisualCase(using: &generator) }
        Self.expectAgreement(try Self.runAgainstVim(cases), set: "vim visual mode")
    }

    static func expectAgreement(_ results: [(keys: String, vim: String?, ghostline: String?)], set: String) {
        let disagreeing = results.filter { $0.vim == nil || $0.vim != $0.ghostline }
        print("\(set): \(results.count - disagreeing.count) of \(results.count) cases agree with vim")
        for result in disagreeing.prefix(15) {
            Issue.record("\(ViCaseGenerator.shown(result.keys)): vim \(result.vim.map { "\"\($0)\"" } ?? "none"), ghostline \(result.ghostline.map { "\"\($0)\"" } ?? "none")")
        }
        #expect(disagreeing.isEmpty)
    }

    /// The cases' keys and the lines vim and ghostline left for them.
    static func runAgainstVim(_ cases: [String]) throws -> [(keys: String, vim: String?, ghostline: String?)] {
        let python = try #require(ViDifferentialTests.executablePath("python3"), "python3 is needed (.ci/run installs it)")
        try #require(ViDifferentialTests.executablePath("vim") != nil, "vim is needed (.ci/run installs it)")
        var input = "G " + builtProductPath("ghostline") + "\n"
        for keys in cases { input += "K " + ViDifferentialTests.hex(keys) + "\n" }
        let run = try PipedRun.run(python, arguments: [ViDifferentialTests.repositoryRoot + "/Tests/Oracles/vim-vi.py"],
                                   input: Array(input.utf8), environment: ["LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"],
                                   timeout: 300)
        #expect(run.status == .exited(0), "\(String(decoding: run.standardError, as: UTF8.self))")
        let lines = String(decoding: run.standardOutput, as: UTF8.self).split(separator: "\n")
        try #require(lines.first?.hasPrefix("V ") == true, "the driver found no vim")
        let pairs = lines.dropFirst().map {
            $0.split(separator: " ").dropFirst().map { $0 == "-" ? nil : ViDifferentialTests.unhex($0) }
        }
        try #require(pairs.count == cases.count)
        return zip(cases, pairs).map { ($0, $1[0], $1[1]) }
    }
}
