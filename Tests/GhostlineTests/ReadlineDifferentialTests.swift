import Glibc
import Testing
import GhostlineTestSupport

/// The differential test against GNU readline (Tests/Oracles/differential.py): seeded random
/// key sequences typed into readline 8 (through Python's ctypes, test-only) and into the built
/// `ghostline --loop`, each in a terminal of its own, and the entries compared. `.ci/run`
/// installs Python and libreadline; without them the test fails, saying so.
@Suite struct ReadlineDifferentialTests {
    /// The oracle's folder, from this file's place in the repository.
    static let oracles = String(#filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3)
        .joined(separator: "/")) + "/Tests/Oracles"

    /// The sets run (of emacs_keys.py, or MODULE:SET); every case of each must agree.
    /// Docs/KeyBindings.md, "Differences from readline", says which keys the sets leave out and why.
    static let sets = ["core", "wide", "marks", "macros", "searches", "readline_commands:commands"]
    static let casesPerSet = 300

    @Test func emacsKeysAgreeWithReadline() throws {
        try #require(access("/usr/bin/python3", X_OK) == 0, "python3 is needed for the readline oracle (.ci/run installs it)")
        let run = try PipedRun.run("/usr/bin/python3",
                                   arguments: [Self.oracles + "/differential.py", "--ghostline", ghostlinePath,
                                               "--seed", "1", "--cases", String(Self.casesPerSet), "--report-only", "--show", "20"]
                                       + Self.sets.flatMap { ["--set", $0] },
                                   environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"], timeout: 1200)
        let output = String(decoding: run.standardOutput, as: UTF8.self)
        let errors = String(decoding: run.standardError, as: UTF8.self)
        #expect(run.status == .exited(0), "\(output)\(errors)")
        for set in Self.sets {
            let name = set.split(separator: ":").last.map(String.init) ?? set
            let line = output.split(separator: "\n").first { $0.hasPrefix(name + ": ") }
            let words = line?.split(separator: " ") ?? []
            let agreed = words.count > 1 ? Int(words[1]) ?? 0 : 0
            #expect(agreed == Self.casesPerSet, "\(set): \(line ?? "no result")\n\(output)")
        }
    }
}
