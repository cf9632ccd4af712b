import Ghostline

/// The command line of `ghostline`, parsed.
struct Options: Equatable {
    var prompt = "> "
    var placeholder: String?
    var isMultiline = false
    var usesViMode = false
    var usesKeyboardProtocol = true
    var measuresCharacterWidths = true
    var ambiguousCharacterWidth = AmbiguousCharacterWidth.asTheTerminalDraws
    var copiesKillsToClipboard = false
    var initialText = ""
    var loops = false
    var historyPath: String?
    /// How many history entries are kept; nil for the library's default.
    var historySize: Int?
    var sharesHistory = false
    var usesColor = true
    var showsSuggestions = true
    var defaultText: String?
    var completions: [String] = []
    /// A file of candidates, a line each, a TAB and a description after it; nil for none.
    var completionsPath: String?
    var usesMenu = false
    var completesWhileTyping = false
    /// The most rows the menu shows; nil for the library's default.
    var menuRows: Int?
    var isSecret = false
    /// The mask's character, empty for none; nil for the locale's default.
    var mask: String?
    var keywords: [String] = []
    /// Milliseconds between the `tick N` lines printed above the prompt; nil for none.
    var tickerInterval: Int?
    /// A FIFO or growing file whose lines are printed above the prompt; nil for none.
    var printFromPath: String?
    var rightPrompt: String?
    var toolbar: String?
    var transientPrompt: String?
    /// The fewest characters an entry may have; nil for no validator.
    var minimumLength: Int?
    var usesShellIntegration = false
    /// Prints the key bindings and variables after the init file, as readline's dumpers do.
    var dumpsBindings = false
    var showsHelp = false

    static let usage = """
        usage: ghostline [--prompt STR] [--placeholder STR] [--multiline] [--initial STR]
                         [--loop] [--history FILE] [--history-size N|unlimited]
                         [--share-history] [--no-color] [--default STR]
                         [--completions "WORD WORD …"] [--completions-file FILE]
                         [--menu] [--menu-rows N] [--complete-while-typing]
                         [--secret] [--mask CHAR]
                         [--keywords "WORD WORD …"] [--ticker MS]
                         [--print-from FILE] [--no-suggestions] [--dump-bindings]
                         [--vi] [--legacy-keys] [--table-widths] [--ambiguous-wide]
                         [--ambiguous-narrow] [--osc52] [--right-prompt STR]
                         [--toolbar STR] [--transient-prompt STR] [--min-length N]
                         [--shell-integration]
        """

    /// Why a command line was refused; the message names the offending argument.
    struct Failure: Error, Equatable {
        var message: String
    }

    /// One option: its names, the value it takes, a line for `--help`, and what it sets.
    struct Option: Sendable {
        /// What an option does with the command line.
        enum Action: Sendable {
            /// Takes no value.
            case flag(@Sendable (inout Options) -> Void)
            /// Takes the next argument as its value, which may be refused.
            case value(@Sendable (inout Options, String) throws(Failure) -> Void)
        }

        let names: [String]
        /// How `--help` and the usage name the value; nil for a flag.
        let valueName: String?
        let summary: String
        let action: Action

        init(_ names: String..., flag summary: String, _ set: @escaping @Sendable (inout Options) -> Void) {
            self.names = names
            valueName = nil
            self.summary = summary
            action = .flag(set)
        }

        init(_ name: String, value valueName: String, _ summary: String,
             _ set: @escaping @Sendable (inout Options, String) throws(Failure) -> Void) {
            names = [name]
            self.valueName = valueName
            self.summary = summary
            action = .value(set)
        }

        /// The option as `--help` lists it: its names and its value.
        var synopsis: String {
            names.joined(separator: ", ") + (valueName.map { " " + $0 } ?? "")
        }
    }

    /// Every option the parser knows, in the order `--help` lists them: the parser finds an
    /// option here and nowhere else, so `--help` describes each one it takes.
    static let table: [Option] = [
        Option("--prompt", value: "STR", "drawn before the entry; default \"> \"") { $0.prompt = $1 },
        Option("--placeholder", value: "STR", "gray text shown while the entry is empty") { $0.placeholder = $1 },
        Option("--multiline", flag: "Enter adds a line, Alt-Enter submits") { $0.isMultiline = true },
        Option("--vi", flag: "vi keys: insert mode, Escape for command mode") { $0.usesViMode = true },
        Option("--legacy-keys", flag: "ask the terminal for no keyboard protocol") { $0.usesKeyboardProtocol = false },
        Option("--table-widths", flag: "lay clusters out by the Unicode tables, asking the terminal nothing") {
            $0.measuresCharacterWidths = false
        },
        Option("--ambiguous-wide", flag: "ambiguous-width characters take two columns, as on CJK terminals") {
            $0.ambiguousCharacterWidth = .wide
        },
        Option("--ambiguous-narrow", flag: "ambiguous-width characters take one column") { $0.ambiguousCharacterWidth = .narrow },
        Option("--osc52", flag: "kills go to the system clipboard too (OSC 52)") { $0.copiesKillsToClipboard = true },
        Option("--initial", value: "STR", "the first entry starts with this text") { $0.initialText = $1 },
        Option("--loop", flag: "read entries until the end of input") { $0.loops = true },
        Option("--history", value: "FILE", "load history from FILE, append each entry") { $0.historyPath = $1 },
        Option("--history-size", value: "N|unlimited", "history entries kept; default 1000000") { options, text throws(Failure) in
            options.historySize = try historySize(text)
        },
        Option("--share-history", flag: "see entries other sessions append to FILE") { $0.sharesHistory = true },
        Option("--no-color", flag: "no colors, as when NO_COLOR is set") { $0.usesColor = false },
        Option("--default", value: "STR", "the value Enter submits on an empty entry") { $0.defaultText = $1 },
        Option("--completions", value: "\"WORD WORD …\"", "the words Tab completes") {
            $0.completions = $1.split(separator: " ").map(String.init)
        },
        Option("--completions-file", value: "FILE", "candidates Tab completes, a line each, TAB description after") {
            $0.completionsPath = $1
        },
        Option("--menu", flag: "Tab offers several candidates in a menu below the entry") { $0.usesMenu = true },
        Option("--menu-rows", value: "N", "the most rows the menu shows; default 8") { options, text throws(Failure) in
            guard let rows = Int(text), rows > 0 else {
                throw Failure(message: "option --menu-rows needs a number of rows (1 or more), not \(text)")
            }
            options.menuRows = rows
        },
        Option("--complete-while-typing", flag: "with --menu: the menu opens as a word is typed") {
            $0.completesWhileTyping = true
        },
        Option("--secret", flag: "a password: each character shown as a mask") { $0.isSecret = true },
        Option("--mask", value: "CHAR", "with --secret: the mask; \"\" shows nothing") { options, mask throws(Failure) in
            guard mask.count <= 1 else { throw Failure(message: "option --mask takes one character or none") }
            options.mask = mask
        },
        Option("--keywords", value: "\"WORD WORD …\"", "highlight these words bold and blue") {
            $0.keywords = $1.split(separator: " ").map(String.init)
        },
        Option("--ticker", value: "MS", "print tick N above the prompt every MS ms") { options, text throws(Failure) in
            guard let interval = Int(text), interval > 0 else {
                throw Failure(message: "option --ticker needs a positive number of milliseconds, not \(text)")
            }
            options.tickerInterval = interval
        },
        Option("--print-from", value: "FILE", "print each line of FILE (FIFO or growing file) above the prompt") {
            $0.printFromPath = $1
        },
        Option("--no-suggestions", flag: "no inline suggestions from history") { $0.showsSuggestions = false },
        Option("--dump-bindings", flag: "print the keys and variables after ~/.inputrc, as readline's bind -p, and exit") {
            $0.dumpsBindings = true
        },
        Option("--right-prompt", value: "STR", "drawn at the right of the first row while there is room") {
            $0.rightPrompt = $1
        },
        Option("--toolbar", value: "STR", "rows below the entry while it is edited, a row per line") { $0.toolbar = $1 },
        Option("--transient-prompt", value: "STR", "the prompt a finished entry is left with") { $0.transientPrompt = $1 },
        Option("--min-length", value: "N", "refuse entries shorter than N characters, with a message") {
            options, text throws(Failure) in
            guard let length = Int(text), length >= 0 else {
                throw Failure(message: "option --min-length needs a number of characters (0 or more), not \(text)")
            }
            options.minimumLength = length
        },
        Option("--shell-integration", flag: "write the OSC 133 marks of prompts, entries and output") {
            $0.usesShellIntegration = true
        },
        Option("--help", "-h", flag: "print this help and exit") { $0.showsHelp = true },
    ]

    /// What `--help` prints: the usage, then each option of ``table`` in a line.
    static var help: String {
        let width = table.map(\.synopsis.count).max() ?? 0
        let lines = table.map { option in
            "  " + option.synopsis + String(repeating: " ", count: width - option.synopsis.count + 3) + option.summary
        }
        return usage + "\n\nReads entries with a Ghostline prompt and prints each one on standard output.\n\n"
            + lines.joined(separator: "\n")
    }

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(Failure) -> Options {
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard let option = table.first(where: { $0.names.contains(argument) }) else {
                throw Failure(message: "unknown option \(argument)")
            }
            switch option.action {
            case .flag(let set):
                set(&options)
            case .value(let set):
                guard let value = remaining.popFirst() else { throw Failure(message: "option \(argument) needs a value") }
                try set(&options, value)
            }
        }
        return options
    }

    /// A history size: a whole number of entries, at least 1, or `unlimited`.
    private static func historySize(_ text: String) throws(Failure) -> Int {
        if text == "unlimited" { return History.unlimited }
        guard let size = Int(text), size > 0 else {
            throw Failure(message: "--history-size needs a number of entries (1 or more) or unlimited, not \(text)")
        }
        return size
    }
}
