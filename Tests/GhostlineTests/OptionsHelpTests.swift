import Testing
import GhostlineTestSupport
@testable import ghostline

/// `ghostline --help` and Docs/CLI.md describe every option the parser takes: the list comes
/// from the parser's own table, so an option added there and left out of either fails here.
@Suite struct OptionsHelpTests {
    @Test func helpHasALineForEveryOptionTheParserTakes() throws {
        let run = try PipedRun.run(ghostlinePath, arguments: ["--help"])
        #expect(run.status == .exited(0))
        let help = String(decoding: run.standardOutput, as: UTF8.self)
        #expect(help.hasPrefix(Options.usage + "\n"))
        let lines = help.split(separator: "\n").map(String.init)
        for option in Options.table {
            let line = lines.first { $0.hasPrefix("  " + option.synopsis + " ") }
            #expect(line?.hasSuffix(" " + option.summary) == true, "no line for \(option.synopsis) in: \(help)")
            #expect(!option.summary.isEmpty)
        }
    }

    @Test func everyOptionTheParserTakesIsParsed() throws {
        for option in Options.table {
            for name in option.names {
                let arguments = option.valueName == nil ? [name] : [name, name == "--mask" ? "*" : "1"]
                #expect(throws: Never.self, "\(arguments)") { try Options.parse(arguments) }
            }
        }
        #expect(throws: Options.Failure(message: "unknown option --bogus")) { try Options.parse(["--bogus"]) }
        #expect(throws: Options.Failure(message: "option --prompt needs a value")) { try Options.parse(["--prompt"]) }
    }

    @Test func cliGuideDescribesEveryOptionTheParserTakes() throws {
        let guide = try repositoryFile("Docs/CLI.md")
        let rows = guide.split(separator: "\n").filter { $0.hasPrefix("| `-") }
        for option in Options.table {
            for name in option.names {
                #expect(rows.contains { $0.hasPrefix("| `\(name)") || $0.contains("`\(name)`") || $0.contains("`\(name) ") },
                        "Docs/CLI.md has no row for \(name)")
            }
            if !option.names.contains("--help") {
                #expect(guide.contains("[\(option.synopsis)]"), "Docs/CLI.md's synopsis lacks \(option.synopsis)")
                #expect(Options.usage.contains("[\(option.synopsis)]"), "the usage lacks \(option.synopsis)")
            }
        }
    }
}
