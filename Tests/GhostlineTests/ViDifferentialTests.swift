import Glibc
import Testing
import GhostlineTestSupport

/// `ghostline --vi` against GNU readline's vi mode (Tests/Oracles/readline-vi.py drives both in
/// pseudo-terminals with the same keys): every case must leave the same entry, with the cursor
/// where readline leaves it. Test-only: readline is loaded by the Python driver through ctypes and
/// is never linked into Ghostline.
@Suite struct ViDifferentialTests {
    /// The repository's root, from this file's place in it.
    static let repositoryRoot = String(#filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3)
        .joined(separator: "/"))

    @Test func randomCommandsLeaveTheEntryReadlineLeaves() throws {
        var generator = SplitMix64(seed: 23)
        let batches = (0..<4).map { _ in (0..<50).map { _ in ViCaseGenerator.readlineCase(using: &generator) } }
        let results = try Self.runAgainstReadline(batches)
        Self.expectAgreement(results, set: "random readline vi commands")
    }

    @Test func everyCommandWithEveryMotionAndCountLeavesTheEntryReadlineLeaves() throws {
        let cases = ViCaseGenerator.commandsByMotionsAndCounts()
        let batches = stride(from: 0, to: cases.count, by: 60).map { Array(cases[$0..<min($0 + 60, cases.count)]) }
        let results = try Self.runAgainstReadline(batches)
        Self.expectAgreement(results, set: "readline vi commands × motions × counts")
    }

    @Test func readlineOnlyCommandsLeaveTheEntryReadlineLeaves() throws {
        let results = try Self.runAgainstReadline(ViCaseGenerator.readlineOnlyCommands())
        Self.expectAgreement(results, set: "readline's own vi commands")
    }

    @Test func searchesLeaveTheEntryReadlineLeaves() throws {
        var generator = SplitMix64(seed: 29)
        let batches = ViCaseGenerator.searchCases(batches: 4, casesPerBatch: 40, using: &generator)
        let results = try Self.runAgainstReadline(batches)
        Self.expectAgreement(results, set: "vi searches (/ ? n N)")
    }

    /// Keys an init file bound in vi's command and insert keymaps, to vi functions of either
    /// case, to emacs functions and to a macro, typed among vi's own.
    @Test func keysBoundByAnInitFileLeaveTheEntryReadlineLeaves() throws {
        var generator = SplitMix64(seed: 29)
        let batches = (0..<3).map { _ in (0..<50).map { _ in ViCaseGenerator.boundKeysCase(using: &generator) } }
        let results = try Self.runAgainstReadline(batches, initFileLines: ViCaseGenerator.boundKeysInitFile)
        Self.expectAgreement(results, set: "keys bound in vi's keymaps by an init file")
    }

    /// The cases' keys and the entries readline and ghostline gave for them, both reading
    /// `initFileLines` from their init file after `set editing-mode vi`.
    static func runAgainstReadline(_ batches: [[String]], initFileLines: [String] = []) throws
        -> [(keys: String, readline: String?, ghostline: String?)] {
        let python = try #require(executablePath("python3"), "python3 is needed (.ci/run installs it)")
        var input = "G " + builtProductPath("ghostline") + "\n"
        for line in initFileLines { input += "I " + hex(line) + "\n" }
        for batch in batches {
            input += "B\n"
            for keys in batch { input += "K " + hex(keys) + "\n" }
        }
        let run = try PipedRun.run(python, arguments: [repositoryRoot + "/Tests/Oracles/readline-vi.py"],
                                   input: Array(input.utf8), environment: ["LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"],
                                   timeout: 300)
        #expect(run.status == .exited(0), "\(String(decoding: run.standardError, as: UTF8.self))")
        let lines = String(decoding: run.standardOutput, as: UTF8.self).split(separator: "\n")
        try #require(lines.first?.hasPrefix("V ") == true, "the driver found no GNU readline")
        let keys = batches.flatMap { $0 }
        let pairs = lines.dropFirst().map { $0.split(separator: " ").dropFirst().map { $0 == "-" ? nil : unhex($0) } }
        try #require(pairs.count == keys.count)
        return zip(keys, pairs).map { ($0, $1[0], $1[1]) }
    }

    static func expectAgreement(_ results: [(keys: String, readline: String?, ghostline: String?)], set: String) {
        let disagreeing = results.filter { $0.readline == nil || $0.readline != $0.ghostline }
        print("\(set): \(results.count - disagreeing.count) of \(results.count) cases agree with GNU readline")
        for result in disagreeing.prefix(15) {
            Issue.record("\(ViCaseGenerator.shown(result.keys)): readline \(result.readline.map { "\"\($0)\"" } ?? "none"), ghostline \(result.ghostline.map { "\"\($0)\"" } ?? "none")")
        }
        #expect(disagreeing.isEmpty)
    }

    static func hex(_ text: String) -> String {
        let digits = Array("0123456789abcdef")
        return String(text.utf8.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }

    static func unhex(_ text: Substring) -> String {
        let nibbles = text.utf8.map { $0 <= 0x39 ? $0 - 0x30 : $0 - 0x57 }
        return String(decoding: stride(from: 0, to: nibbles.count - 1, by: 2).map { nibbles[$0] << 4 | nibbles[$0 + 1] }, as: UTF8.self)
    }

    /// The first file named `name` in the directories of `PATH` (and the usual ones).
    static func executablePath(_ name: String) -> String? {
        let path = (getenv("PATH").map { String(cString: $0) } ?? "") + ":/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }
}
