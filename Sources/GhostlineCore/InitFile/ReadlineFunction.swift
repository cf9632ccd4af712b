/// One of GNU readline's bindable function names (`funmap.c`), and what it does in Ghostline.
///
/// The table is the one place that joins ``Command`` to readline's names: the init-file reader
/// looks names up here, `ghostline --dump-bindings` prints commands by these names, and
/// `Docs/KeyBindings.md` lists every entry (a test checks the page against the table).
package struct ReadlineFunction: Sendable {
    /// What a readline function is in Ghostline.
    package enum Support: Equatable, Sendable {
        /// Runs this command.
        case command(Command)
        /// Inserts the key it is bound to (readline's `self-insert`).
        case insertsKey
        /// A function of readline's vi mode, which the vi mode maps.
        case viMode
        /// Means nothing in Ghostline, for the reason given; a key bound to it is unbound.
        case notApplicable(String)
    }

    /// The name, as readline spells it.
    package let name: String
    /// What it does here.
    package let support: Support

    /// The command the function runs, if it runs one.
    package var command: Command? {
        if case .command(let command) = support { return command }
        return nil
    }

    /// The function called `name`, if readline has one by that name: spelled exactly, else
    /// compared without regard to case as readline compares (`vi-bWord` and `vi-bword` differ
    /// only in case, and the exact spelling tells them apart).
    package static func named(_ name: some StringProtocol) -> ReadlineFunction? {
        if let index = SortedNames.index(of: name, count: all.count, nameAt: { all[$0].name }) { return all[index] }
        return all.first { SortedNames.equalFoldingCase(name, $0.name) }
    }

    /// The name readline's dumpers print for `command`: its readline name, or Ghostline's own
    /// name for a command readline does not have; nil for ``Command/ignore`` (an unbound key) and
    /// ``Command/insert(_:)`` and ``Command/macro(_:)``, which are printed as macros.
    package static func name(of command: Command) -> String? {
        switch command {
        case .insert("\t"): "tab-insert"
        case .insert, .macro, .ignore: nil
        case .submitOrInsertNewline: "accept-line"
        case .moveRight: "forward-char"
        case .moveWordRight, .acceptSuggestionWord: "forward-word"
        case .deleteForward, .deleteForwardOrEndOfFile: "delete-char"
        case .killToLineStart: "unix-line-discard"
        case .cancel: "abort"
        case .custom(let name): name
        default:
            all.first { $0.command == command }?.name ?? ghostlineNames.first { $0.command == command }?.name
        }
    }

    /// The command a name runs: readline's functions that Ghostline has, and Ghostline's own
    /// names for its commands that readline lacks (in an `$if ghostline` block, since readline
    /// unbinds a key bound to a name it does not know).
    package static func command(named name: some StringProtocol) -> Command? {
        if let function = named(name) { return function.command }
        return ghostlineNames.first { SortedNames.equalFoldingCase(name, $0.name) }?.command
    }

    /// Ghostline's own names, for the commands readline has no function for.
    package static let ghostlineNames: [(name: String, command: Command)] = [
        ("insert-newline", .insertNewline),
        ("submit", .submit),
        ("move-up", .moveUp),
        ("move-down", .moveDown),
        ("move-to-start", .moveToStart),
        ("move-to-end", .moveToEnd),
        ("redo", .redo),
        ("accept-suggestion", .acceptSuggestion),
        ("interrupt", .interrupt),
        ("suspend", .suspend),
        ("edit-in-external-editor", .editInExternalEditor),
    ]
}

extension ReadlineFunction {
    private static let decoderReadsIt = "the key decoder reads it"
    private static let readline83 = "readline 8.3"

    /// Every function name of readline's `funmap.c` (8.3, 145 names), in its alphabetical order,
    /// which sorts them by their bytes (`vi-bWord` before `vi-back-to-indent`): ``named(_:)``
    /// searches it so.
    package static let all: [ReadlineFunction] = [
        .init(name: "abort", support: .command(.cancel)),
        .init(name: "accept-line", support: .command(.submitOrInsertNewline)),
        .init(name: "arrow-key-prefix", support: .notApplicable(decoderReadsIt + ": arrow keys arrive as keys")),
        .init(name: "backward-byte", support: .notApplicable("the cursor moves by characters, never into one")),
        .init(name: "backward-char", support: .command(.moveLeft)),
        .init(name: "backward-delete-char", support: .command(.deleteBackward)),
        .init(name: "backward-kill-line", support: .command(.killToLineStart)),
        .init(name: "backward-kill-word", support: .command(.killWordBackward)),
        .init(name: "backward-word", support: .command(.moveWordLeft)),
        .init(name: "beginning-of-history", support: .command(.historyFirst)),
        .init(name: "beginning-of-line", support: .command(.moveToLineStart)),
        .init(name: "bracketed-paste-begin", support: .notApplicable(decoderReadsIt + ": a bracketed paste arrives as one event")),
        .init(name: "call-last-kbd-macro", support: .command(.callKeyboardMacro)),
        .init(name: "capitalize-word", support: .command(.capitalizeWord)),
        .init(name: "character-search", support: .command(.characterSearch)),
        .init(name: "character-search-backward", support: .command(.characterSearchBackward)),
        .init(name: "clear-display", support: .command(.clearDisplay)),
        .init(name: "clear-screen", support: .command(.clearScreen)),
        .init(name: "complete", support: .command(.complete)),
        .init(name: "copy-backward-word", support: .command(.copyWordBackward)),
        .init(name: "copy-forward-word", support: .command(.copyWordForward)),
        .init(name: "copy-region-as-kill", support: .command(.copyRegion)),
        .init(name: "delete-char", support: .command(.deleteForward)),
        .init(name: "delete-char-or-list", support: .command(.deleteForwardOrListCompletions)),
        .init(name: "delete-horizontal-space", support: .command(.deleteHorizontalSpace)),
        .init(name: "digit-argument", support: .command(.digitArgument)),
        .init(name: "do-lowercase-version", support: .command(.performLowercaseKey)),
        .init(name: "downcase-word", support: .command(.lowercaseWord)),
        .init(name: "dump-functions", support: .notApplicable("`ghostline --dump-bindings` prints the bindings")),
        .init(name: "dump-macros", support: .notApplicable("`ghostline --dump-bindings` prints the macros")),
        .init(name: "dump-variables", support: .notApplicable("`ghostline --dump-bindings` prints the variables")),
        .init(name: "emacs-editing-mode", support: .viMode),
        .init(name: "end-kbd-macro", support: .command(.endKeyboardMacro)),
        .init(name: "end-of-history", support: .command(.historyLast)),
        .init(name: "end-of-line", support: .command(.moveToLineEnd)),
        .init(name: "exchange-point-and-mark", support: .command(.exchangePointAndMark)),
        .init(name: "execute-named-command", support: .command(.performNamedCommand)),
        .init(name: "export-completions", support: .notApplicable(readline83 + ": completions are the app's, not a program's to export")),
        .init(name: "fetch-history", support: .command(.fetchHistory)),
        .init(name: "forward-backward-delete-char", support: .command(.deleteForwardOrBackward)),
        .init(name: "forward-byte", support: .notApplicable("the cursor moves by characters, never into one")),
        .init(name: "forward-char", support: .command(.moveRight)),
        .init(name: "forward-search-history", support: .command(.forwardSearch)),
        .init(name: "forward-word", support: .command(.acceptSuggestionWord)),
        .init(name: "history-search-backward", support: .command(.historySearchBackward)),
        .init(name: "history-search-forward", support: .command(.historySearchForward)),
        .init(name: "history-substring-search-backward", support: .command(.historySubstringSearchBackward)),
        .init(name: "history-substring-search-forward", support: .command(.historySubstringSearchForward)),
        .init(name: "insert-comment", support: .command(.insertComment)),
        .init(name: "insert-completions", support: .command(.insertCompletions)),
        .init(name: "kill-line", support: .command(.killToLineEnd)),
        .init(name: "kill-region", support: .command(.killRegion)),
        .init(name: "kill-whole-line", support: .command(.killWholeLine)),
        .init(name: "kill-word", support: .command(.killWordForward)),
        .init(name: "menu-complete", support: .command(.menuComplete)),
        .init(name: "menu-complete-backward", support: .command(.menuCompleteBackward)),
        .init(name: "next-history", support: .command(.historyNext)),
        .init(name: "next-screen-line", support: .command(.moveDownScreenRow)),
        .init(name: "non-incremental-forward-search-history", support: .command(.nonIncrementalSearchForward)),
        .init(name: "non-incremental-forward-search-history-again", support: .command(.nonIncrementalSearchForwardAgain)),
        .init(name: "non-incremental-reverse-search-history", support: .command(.nonIncrementalSearchBackward)),
        .init(name: "non-incremental-reverse-search-history-again", support: .command(.nonIncrementalSearchBackwardAgain)),
        .init(name: "old-menu-complete", support: .command(.menuCompleteToTypedWord)),
        .init(name: "operate-and-get-next", support: .command(.submitAndRecallNext)),
        .init(name: "overwrite-mode", support: .command(.toggleOverwrite)),
        .init(name: "paste-from-clipboard", support: .notApplicable(readline83 + ": the terminal pastes, as a bracketed paste")),
        .init(name: "possible-completions", support: .command(.listCompletions)),
        .init(name: "previous-history", support: .command(.historyPrevious)),
        .init(name: "previous-screen-line", support: .command(.moveUpScreenRow)),
        .init(name: "print-last-kbd-macro", support: .command(.showKeyboardMacro)),
        .init(name: "quoted-insert", support: .command(.quotedInsert)),
        .init(name: "re-read-init-file", support: .command(.readInitFileAgain)),
        .init(name: "redraw-current-line", support: .command(.redrawEntry)),
        .init(name: "reverse-search-history", support: .command(.reverseSearch)),
        .init(name: "revert-line", support: .command(.revertLine)),
        .init(name: "self-insert", support: .insertsKey),
        .init(name: "set-mark", support: .command(.setMark)),
        .init(name: "skip-csi-sequence", support: .notApplicable(decoderReadsIt + ": unknown sequences are dropped whole")),
        .init(name: "start-kbd-macro", support: .command(.startKeyboardMacro)),
        .init(name: "tab-insert", support: .command(.insert("\t"))),
        .init(name: "tilde-expand", support: .command(.tildeExpand)),
        .init(name: "transpose-chars", support: .command(.transposeCharacters)),
        .init(name: "transpose-words", support: .command(.transposeWords)),
        .init(name: "tty-status", support: .notApplicable("Linux terminals have no status character (SIGINFO)")),
        .init(name: "undo", support: .command(.undo)),
        .init(name: "universal-argument", support: .command(.universalArgument)),
        .init(name: "unix-filename-rubout", support: .command(.killPathComponentBackward)),
        .init(name: "unix-line-discard", support: .command(.killToLineStart)),
        .init(name: "unix-word-rubout", support: .command(.killWhitespaceWordBackward)),
        .init(name: "upcase-word", support: .command(.uppercaseWord)),
    ] + viFunctions.map { ReadlineFunction(name: $0, support: .viMode) } + [
        .init(name: "yank", support: .command(.yank)),
        .init(name: "yank-last-arg", support: .command(.yankLastArgument)),
        .init(name: "yank-nth-arg", support: .command(.yankNthArgument)),
        .init(name: "yank-pop", support: .command(.yankPop)),
    ]

    /// The 51 functions of readline's vi mode (`vi_mode.c`).
    private static let viFunctions = [
        "vi-append-eol", "vi-append-mode", "vi-arg-digit", "vi-bWord", "vi-back-to-indent", "vi-backward-bigword",
        "vi-backward-word", "vi-bword", "vi-change-case", "vi-change-char", "vi-change-to", "vi-char-search",
        "vi-column", "vi-complete", "vi-delete", "vi-delete-to", "vi-eWord", "vi-editing-mode", "vi-end-bigword",
        "vi-end-word", "vi-eof-maybe", "vi-eword", "vi-fWord", "vi-fetch-history", "vi-first-print",
        "vi-forward-bigword", "vi-forward-word", "vi-fword", "vi-goto-mark", "vi-insert-beg", "vi-insertion-mode",
        "vi-match", "vi-movement-mode", "vi-next-word", "vi-overstrike", "vi-overstrike-delete", "vi-prev-word",
        "vi-put", "vi-redo", "vi-replace", "vi-rubout", "vi-search", "vi-search-again", "vi-set-mark", "vi-subst",
        "vi-tilde-expand", "vi-undo", "vi-unix-word-rubout", "vi-yank-arg", "vi-yank-pop", "vi-yank-to",
    ]
}
