import Glibc
import GhostlineCore
import GhostlineTestSupport
import Testing

/// `ghostline --dump-bindings` against GNU readline's own dumpers (`Tests/Oracles/readline-dump.py`,
/// readline loaded by Python's ctypes: test-only, never linked), over readline-like init files and
/// seeded random ones: every variable both know, and every key either side's file changed,
/// compared where Ghostline has the function (a function it lacks unbinds the key, so both sides
/// count it as unbound).
@Suite struct InitFileOracleTests {
    /// Where the oracle's driver is, from this file's place in the repository.
    static let driver = String(#filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3)
        .joined(separator: "/")) + "/Tests/Oracles/readline-dump.py"

    /// Whether Python can load libreadline; `.ci/run` installs both, so only a bare machine skips.
    static let isOracleAvailable: Bool = {
        let run = try? PipedRun.run("/usr/bin/env", arguments: ["python3", "-c", "import ctypes; ctypes.CDLL('libreadline.so.8')"],
                                    environment: ["PATH": environmentPath])
        return run?.status == .exited(0)
    }()

    static var environmentPath: String { getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin" }

    /// One side's dump: the variables, and the emacs bindings by key bytes.
    struct Dump: Equatable {
        var variables: [String: String] = [:]
        var bindings: [[UInt8]: String] = [:]

        init(_ text: String) {
            var inKeymap = false
            for line in text.split(separator: "\n") {
                if line.hasPrefix("set keymap ") && !inKeymap && variables["keymap"] != nil {
                    inKeymap = true
                    continue
                }
                if !inKeymap, line.hasPrefix("set ") {
                    let parts = line.dropFirst(4).split(separator: " ", maxSplits: 1)
                    variables[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
                    continue
                }
                guard line.hasPrefix("\""), let close = Self.closingQuote(in: line) else { continue }
                let keys = ReadlineKeySequence.bytes(translating: line[line.index(after: line.startIndex)..<close].utf8)
                let value = line[line.index(close, offsetBy: 3)...]
                bindings[keys] = String(value)
            }
            // A key readline made a prefix keeps its function in the new keymap's "any other
            // key" entry, which its dumper prints as the prefix and NUL (`"\e\e\C-@"` for the
            // `"\e\e": complete` a binding of `"\e\e[C"` shadows): it is the prefix's binding.
            for (keys, value) in bindings where keys.count > 1 && keys.last == 0 {
                let prefix = Array(keys.dropLast())
                if bindings.keys.contains(where: { $0.count > prefix.count && $0.starts(with: prefix) && $0 != keys }) {
                    bindings[keys] = nil
                    bindings[prefix] = value
                }
            }
        }

        private static func closingQuote(in line: Substring) -> Substring.Index? {
            var index = line.index(after: line.startIndex)
            while index < line.endIndex {
                if line[index] == "\\" { index = line.index(after: index) } else if line[index] == "\"" { return index }
                if index < line.endIndex { index = line.index(after: index) }
            }
            return nil
        }

        /// What a key does, as far as the comparison goes: a function Ghostline has, a macro's
        /// text, or "unbound".
        func meaning(of keys: [UInt8]) -> String {
            guard let value = bindings[keys] else { return "unbound" }
            if value.hasPrefix("\"") { return "macro " + value }
            // Functions that run one command (`backward-kill-line`, `unix-line-discard`) agree.
            switch ReadlineFunction.named(value)?.support {
            case .command(let command)?: return "\(command)"
            case .insertsKey?: return value
            default: return "unbound"
            }
        }
    }

    static func readlineDump(of path: String) throws -> (dump: Dump, errors: String) {
        let run = try PipedRun.run("/usr/bin/env", arguments: ["python3", driver, "ghostline", path, "emacs"],
                                   environment: ["PATH": environmentPath, "LC_ALL": "C", "TERM": "xterm", "INPUTRC": "/dev/null", "HOME": "/nonexistent"])
        #expect(run.status == .exited(0), "\(String(decoding: run.standardError, as: UTF8.self))")
        return (Dump(String(decoding: run.standardOutput, as: UTF8.self)), String(decoding: run.standardError, as: UTF8.self))
    }

    static func ghostlineDump(of path: String) throws -> (dump: Dump, errors: String) {
        let run = try PipedRun.run(ghostlinePath, arguments: ["--dump-bindings"],
                                   environment: ["LC_ALL": "C.UTF-8", "TERM": "xterm", "INPUTRC": path, "HOME": "/nonexistent"])
        #expect(run.status == .exited(0))
        return (Dump(String(decoding: run.standardOutput, as: UTF8.self)), String(decoding: run.standardError, as: UTF8.self))
    }

    /// Variables whose readline defaults follow the locale, which the oracle runs in C (so that
    /// `\M-` is an Escape prefix there, as it always is in Ghostline).
    static let localeVariables: Set = ["convert-meta", "input-meta", "meta-flag", "output-meta"]

    struct Counts {
        var files = 0, variables = 0, keys = 0, printableKeys = 0, diagnostics = 0
        var mismatches: [String] = []
    }

    static func compare(_ text: String, named name: String, in directory: TemporaryDirectory,
                        baseline: (readline: Dump, ghostline: Dump), counts: inout Counts) throws {
        let path = directory.path(name)
        try writeFile(text, to: path)
        let readline = try readlineDump(of: path)
        let ghostline = try ghostlineDump(of: path)
        counts.files += 1
        for (variable, value) in readline.dump.variables where !localeVariables.contains(variable) {
            counts.variables += 1
            if ghostline.dump.variables[variable] != value {
                counts.mismatches.append("\(name): set \(variable): readline \(value), ghostline \(ghostline.dump.variables[variable] ?? "none")")
            }
        }
        // The keys either side's file changed, each compared as the bytes readline binds and as
        // the keys Ghostline decodes them to.
        let ghostlineByEvents = Dictionary(ghostline.dump.bindings.keys.map { (ReadlineKeySequence.events(of: $0), $0) },
                                           uniquingKeysWith: { first, _ in first })
        var touched = Set<[UInt8]>()
        for (keys, _) in readline.dump.bindings where readline.dump.meaning(of: keys) != baseline.readline.meaning(of: keys) { touched.insert(keys) }
        for (keys, _) in baseline.readline.bindings where readline.dump.bindings[keys] == nil { touched.insert(keys) }
        for (keys, _) in ghostline.dump.bindings where ghostline.dump.meaning(of: keys) != baseline.ghostline.meaning(of: keys) { touched.insert(keys) }
        for (keys, _) in baseline.ghostline.bindings where ghostline.dump.bindings[keys] == nil { touched.insert(keys) }
        for keys in touched {
            let expected = readline.dump.meaning(of: keys)
            let ghostlineKeys = ghostlineByEvents[ReadlineKeySequence.events(of: keys)] ?? keys
            let actual = ghostline.dump.meaning(of: ghostlineKeys)
            // A printable character always inserts itself in Ghostline (Docs/KeyBindings.md,
            // "Your ~/.inputrc"): readline's unbinding of one is a difference on purpose.
            if keys.count == 1, (0x20..<0x7F).contains(keys[0]), actual == "self-insert" {
                counts.printableKeys += 1
                continue
            }
            counts.keys += 1
            if expected != actual {
                counts.mismatches.append("\(name): \"\(ReadlineKeySequence.text(of: keys))\": readline \(expected), ghostline \(actual)")
            }
        }
        let readlineErrors = readline.errors.split(separator: "\n").map { $0.replacingOccurrences(of: path, with: "F") }
        // After an `$include`, readline 8.2 forgets that it reads a file and names no file and
        // line in its complaints; Ghostline names them, so they are compared without.
        let ghostlineErrors = ghostline.errors.split(separator: "\n").enumerated().map { index, line in
            let ghostlineLine = line.replacingOccurrences(of: path, with: "F")
            guard index < readlineErrors.count, !readlineErrors[index].hasPrefix("readline: F: line "),
                  let place = ghostlineLine.firstRange(of: ": line ") else { return ghostlineLine }
            let afterNumber = ghostlineLine[place.upperBound...].drop { $0.isNumber }.dropFirst(2)
            return "readline: " + afterNumber
        }
        counts.diagnostics += readlineErrors.count
        if readlineErrors != ghostlineErrors {
            counts.mismatches.append("\(name): complaints: readline \(readlineErrors), ghostline \(ghostlineErrors)")
        }
    }

    @Test(.enabled(if: isOracleAvailable, "python3 cannot load libreadline.so.8; .ci/run installs libreadline8 and python3"))
    func dumpsAgreeWithReadlinesOwnDumpers() throws {
        let directory = try TemporaryDirectory()
        try writeFile("", to: directory.path("empty"))
        let baseline = (readline: try Self.readlineDump(of: directory.path("empty")).dump,
                        ghostline: try Self.ghostlineDump(of: directory.path("empty")).dump)
        var counts = Counts()
        try writeFile(InitFileCorpus.included, to: directory.path("included"))
        for (index, text) in InitFileCorpus.samples(includePath: directory.path("included")).enumerated() {
            try Self.compare(text, named: "sample\(index)", in: directory, baseline: baseline, counts: &counts)
        }
        var generator = SplitMix64(seed: 23)
        for index in 0..<InitFileCorpus.randomFileCount {
            let text = InitFileCorpus.randomFile(using: &generator, includePath: directory.path("included"))
            try Self.compare(text, named: "random\(index)", in: directory, baseline: baseline, counts: &counts)
        }
        print("init-file oracle: \(counts.files) files, \(counts.variables) variables, \(counts.keys) keys, \(counts.diagnostics) complaints compared; \(counts.mismatches.count) differ; \(counts.printableKeys) printable keys readline rebinds that insert themselves here")
        #expect(counts.mismatches.isEmpty, "\(counts.mismatches.prefix(40).joined(separator: "\n"))")
    }
}

extension String {
    /// The string with every `target` replaced; Foundation's is not at hand.
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

extension Substring {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        String(self).replacingOccurrences(of: target, with: replacement)
    }
}
