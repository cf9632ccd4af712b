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

    /// The keymaps both sides dump, in the order they print them.
    static let keymaps = ["emacs", "vi-move", "vi-insert"]

    /// One side's dump: the variables, and each keymap's bindings by key bytes.
    struct Dump: Equatable {
        var variables: [String: String] = [:]
        var keymaps: [String: [[UInt8]: String]] = [:]

        init(_ text: String) {
            var keymap: String?
            for line in text.split(separator: "\n") {
                // The variables' dump has a `set keymap` of its own, before the keymaps'.
                if line.hasPrefix("set keymap "), variables["keymap"] != nil {
                    keymap = String(line.dropFirst("set keymap ".count))
                    continue
                }
                if keymap == nil, line.hasPrefix("set ") {
                    let parts = line.dropFirst(4).split(separator: " ", maxSplits: 1)
                    variables[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
                    continue
                }
                guard let keymap, line.hasPrefix("\""), let close = Self.closingQuote(in: line) else { continue }
                let keys = ReadlineKeySequence.bytes(translating: line[line.index(after: line.startIndex)..<close].utf8)
                let value = line[line.index(close, offsetBy: 3)...]
                keymaps[keymap, default: [:]][keys] = String(value)
            }
            // A key readline made a prefix keeps its function in the new keymap's "any other
            // key" entry, which its dumper prints as the prefix and NUL (`"\e\e\C-@"` for the
            // `"\e\e": complete` a binding of `"\e\e[C"` shadows): it is the prefix's binding.
            for (name, bindings) in keymaps {
                for (keys, value) in bindings where keys.count > 1 && keys.last == 0 {
                    let prefix = Array(keys.dropLast())
                    if bindings.keys.contains(where: { $0.count > prefix.count && $0.starts(with: prefix) && $0 != keys }) {
                        keymaps[name]?[keys] = nil
                        keymaps[name]?[prefix] = value
                    }
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

        /// What a key does in a keymap, as far as the comparison goes: a function Ghostline has
        /// there, a macro's text, or "unbound".
        func meaning(of keys: [UInt8], in keymap: String) -> String {
            guard let value = keymaps[keymap]?[keys] else { return "unbound" }
            if value.hasPrefix("\"") { return "macro " + value }
            if keymap == "vi-move", let viKeys = ViKeyBindings.commandModeKeys(of: value) { return "vi key \(viKeys)" }
            if keymap == "vi-insert" {
                if value.lowercased() == "vi-movement-mode" { return "leave insert" }
                if let command = ViKeyBindings.insertModeCommands.first(where: { value.lowercased() == $0.function })?.command {
                    return "\(command)"
                }
            }
            // Functions that run one command (`backward-kill-line`, `unix-line-discard`) agree.
            switch ReadlineFunction.named(value)?.support {
            case .command(let command)?: return "\(command)"
            case .insertsKey?: return value
            default: return "unbound"
            }
        }
    }

    static func readlineDump(of path: String) throws -> (dump: Dump, errors: String) {
        let run = try PipedRun.run("/usr/bin/env", arguments: ["python3", driver, "ghostline", path] + keymaps,
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
        var files = 0, variables = 0, keys = 0, viKeys = 0, printableKeys = 0, diagnostics = 0
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
        for keymap in keymaps {
            compareBindings(in: keymap, readline: readline.dump, ghostline: ghostline.dump, baseline: baseline, named: name, counts: &counts)
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

    /// The keys either side's file changed in `keymap`, each compared as the bytes readline
    /// binds and as the keys Ghostline decodes them to.
    static func compareBindings(in keymap: String, readline: Dump, ghostline: Dump, baseline: (readline: Dump, ghostline: Dump),
                                named name: String, counts: inout Counts) {
        let readlineBindings = readline.keymaps[keymap] ?? [:], ghostlineBindings = ghostline.keymaps[keymap] ?? [:]
        let ghostlineByEvents = Dictionary(ghostlineBindings.keys.map { (ReadlineKeySequence.events(of: $0), $0) },
                                           uniquingKeysWith: { first, _ in first })
        var touched = Set<[UInt8]>()
        for (keys, _) in readlineBindings where readline.meaning(of: keys, in: keymap) != baseline.readline.meaning(of: keys, in: keymap) {
            touched.insert(keys)
        }
        for (keys, _) in baseline.readline.keymaps[keymap] ?? [:] where readlineBindings[keys] == nil { touched.insert(keys) }
        // Ghostline's vi modes read the keys they do not bind through emacs mode's key map,
        // which holds the file's emacs bindings (Docs/KeyBindings.md, "Your ~/.inputrc"): a key
        // the file bound there is compared in vi's keymaps only where the file bound it in them.
        let emacsKeys = keymap == "emacs" ? [] : Set((ghostline.keymaps["emacs"] ?? [:]).keys.filter {
            ghostline.meaning(of: $0, in: "emacs") != baseline.ghostline.meaning(of: $0, in: "emacs")
        } + (baseline.ghostline.keymaps["emacs"] ?? [:]).keys.filter { ghostline.keymaps["emacs"]?[$0] == nil })
        for (keys, _) in ghostlineBindings where ghostline.meaning(of: keys, in: keymap) != baseline.ghostline.meaning(of: keys, in: keymap) {
            if !emacsKeys.contains(keys) { touched.insert(keys) }
        }
        for (keys, _) in baseline.ghostline.keymaps[keymap] ?? [:] where ghostlineBindings[keys] == nil && !emacsKeys.contains(keys) {
            touched.insert(keys)
        }
        // Sequences that decode to the same key (`"\e[1;3C"` and `"\e\e[C"`, Alt-Right) are one
        // key in Ghostline, bound as the file bound either.
        let readlineByEvents = Dictionary(grouping: readlineBindings.keys, by: { ReadlineKeySequence.events(of: $0) })
        for keys in touched {
            let expected = readline.meaning(of: keys, in: keymap)
            let events = ReadlineKeySequence.events(of: keys)
            let ghostlineKeys = ghostlineByEvents[events] ?? keys
            let actual = ghostline.meaning(of: ghostlineKeys, in: keymap)
            let sameKey = (readlineByEvents[events] ?? []).map { readline.meaning(of: $0, in: keymap) }
            // A printable character always inserts itself in Ghostline's emacs mode and vi insert
            // mode (Docs/KeyBindings.md, "Your ~/.inputrc"): readline's unbinding of one is a
            // difference on purpose.
            if keys.count == 1, (0x20..<0x7F).contains(keys[0]), actual == "self-insert" {
                counts.printableKeys += 1
                continue
            }
            counts.keys += 1
            if keymap != "emacs" { counts.viKeys += 1 }
            if expected != actual && !sameKey.contains(actual) {
                counts.mismatches.append("\(name) \(keymap): \"\(ReadlineKeySequence.text(of: keys))\": readline \(expected), ghostline \(actual)")
            }
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
        print("init-file oracle: \(counts.files) files, \(counts.variables) variables, \(counts.keys) keys (\(counts.viKeys) in vi's keymaps), \(counts.diagnostics) complaints compared; \(counts.mismatches.count) differ; \(counts.printableKeys) printable keys readline rebinds that insert themselves here")
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
