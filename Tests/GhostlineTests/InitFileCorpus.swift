import GhostlineTestSupport

/// Init files for the differential test against readline (InitFileOracleTests): files like the
/// ones readline ships and distributions install, and seeded random ones covering every line
/// form and directive.
enum InitFileCorpus {
    static let randomFileCount = 60

    /// A file another includes.
    static let included = """
        # included
        "\\C-xi": "included"
        set completion-query-items 42
        $if mode=emacs
        "\\ei": upcase-word
        $endif
        """

    /// Hand-written files: readline's `examples/Inputrc` style, Debian's `/etc/inputrc`, and the
    /// complaints readline makes.
    static func samples(includePath: String) -> [String] {
        [
            """
            # My ~/.inputrc file is in -*- text -*- for easy editing with Emacs.
            # Notice the various bindings which are conditionalized depending
            # on which program is running, or what terminal is active.
            # In all programs, all terminals, make sure this is bound.
            "\\C-x\\C-r": re-read-init-file
            # Hp terminals (and some others) have ugly default behaviour for C-h.
            "\\C-h": backward-delete-char
            "\\e\\C-h": backward-kill-word
            "\\C-xd": dump-functions
            # In xterm windows, make the arrow keys do the right thing.
            $if TERM=xterm
            "\\e[A": previous-history
            "\\e[B": next-history
            "\\e[C": forward-char
            "\\e[D": backward-char
            # alternate arrow key prefix
            "\\eOA": previous-history
            "\\eOB": next-history
            "\\eOC": forward-char
            "\\eOD": backward-char
            # Under Xterm in Bash, we bind local Function keys to do something useful.
            $if Bash
            "\\e[11~": "Function Key 1"
            "\\e[12~": "Function Key 2"
            $endif
            $endif
            # For Ftp.
            $if Ftp
            "\\C-xg": "get \\M-?"
            "\\C-xt": "put \\M-?"
            "\\M-.": yank-last-arg
            $endif
            $if ghostline
            "\\C-xs": "ghostline says \\"hi\\"\\n"
            Control-o: "> output"
            Meta-q: transpose-chars
            $else
            "\\C-xs": "someone else"
            $endif
            set show-all-if-ambiguous On
            set completion-ignore-case on
            set bell-style visible
            """,
            """
            set input-meta on
            set output-meta on
            $if mode=emacs
            "\\e[1~": beginning-of-line
            "\\e[4~": end-of-line
            "\\e[3~": delete-char
            "\\e[2~": quoted-insert
            "\\e[5~": history-search-backward
            "\\e[6~": history-search-forward
            "\\e[1;5C": forward-word
            "\\e[1;5D": backward-word
            "\\e[5C": forward-word
            "\\e[5D": backward-word
            "\\e\\e[C": forward-word
            "\\e\\e[D": backward-word
            $if term=rxvt
            "\\e[7~": beginning-of-line
            "\\e[8~": end-of-line
            "\\eOc": forward-word
            "\\eOd": backward-word
            $endif
            $endif
            """,
            """
            set bell-style bogus
            set keymap bogus
            set editing-mode bogus
            set bogus-variable 1
            $include /nonexistent/inputrc
            $include \(includePath)
            $foo
            $else
            $endif
            "\\C-\\\\": "x\\C-\\\\y\\001\\"q"
            "\\C-xq": "\\eb\\C-@\\C-_\\C-^\\C-]\\t"
            set isearch-terminators "\\C-a\\e"
            set history-size 100
            set enable-bracketed-paste off
            set comment-begin  ##
            "a" bogus
            "unterminated: foo
            Foo-q: abort
            $if version >= 8.0
            "\\C-xv": "new enough"
            $endif
            $if version < 7
            "\\C-xv": "too old"
            $endif
            $if version
            $endif
            $if version >= x
            $endif
            $if bell-style == audible
            "\\C-xb": "audible"
            $endif
            $if bell-style
            $endif
            $if editing-mode != vi
            "\\C-xe": "not vi"
            $endif
            set keymap emacs-ctlx
            Control-q: "cq"
            "w": kill-word
            set keymap emacs-meta
            "w": backward-kill-word
            set keymap emacs
            set keyseq-timeout -5
            "\\C-t": transpose-words
            "\\C-y": no-such-function
            "\\C-b": Forward-Char
            "\\C-f": \(" ")
            """,
            // A vi user's file: keys of command mode bound to vi's functions (of either case), to
            // emacs mode's, to macros and to names Ghostline lacks; insert mode's control keys.
            """
            set editing-mode vi
            $if mode=vi
            set keymap vi-command
            "Q": vi-prev-word
            "z": vi-next-word
            "g": vi-delete
            "K": end-of-line
            "H": "0dw"
            "x": no-such-function
            "v": vi-search
            "\\C-xa": vi-append-eol
            "\\C-k": vi-fWord
            "\\e[A": history-search-backward
            j: history-search-forward
            k: history-search-backward
            set keymap vi-insert
            "\\C-l": clear-screen
            "\\C-o": vi-movement-mode
            "\\C-p": history-search-backward
            "\\C-w": vi-undo
            "\\C-xq": "macro"
            "q": vi-movement-mode
            $endif
            set keymap vi-move
            "Z": vi-put
            set keymap vi
            "\\C-a": vi-insert-beg
            """,
        ]
    }

    // MARK: - Random files

    static let keySequences = [
        "\\C-a", "\\C-b", "\\C-e", "\\C-f", "\\C-k", "\\C-l", "\\C-n", "\\C-o", "\\C-p", "\\C-q", "\\C-r", "\\C-t", "\\C-u",
        "\\C-w", "\\C-y", "\\C-@", "\\C-]", "\\C-_", "\\C-xa", "\\C-x\\C-a", "\\C-x\\C-e", "\\C-xz", "\\ea", "\\ef", "\\eb",
        "\\e.", "\\e<", "\\e\\C-a", "\\M-a", "\\M-z", "\\M-\\C-b", "\\e[A", "\\e[B", "\\e[C", "\\e[D", "\\e[H", "\\e[F",
        "\\e[1;5C", "\\e[3~", "\\e[5~", "\\eOP", "\\001", "\\002", "\\x0e", "\\x10", "\\030\\001", "\\C-x\\\\",
        "\\C-x\\\"", "\\C-x\\'", "\\C-xq", "\\C-x\\d",
    ]
    static let keyNames = ["Control-a", "C-b", "Control-k", "C-t", "Meta-f", "M-b", "Meta-Rubout", "M-SPC", "C-M-a",
                           "Control-Meta-w", "M-DEL", "Control-Space", "CTRL-o"]
    static let functionNames = [
        "beginning-of-line", "end-of-line", "forward-char", "backward-char", "forward-word", "backward-word", "kill-line",
        "backward-kill-line", "unix-line-discard", "kill-word", "backward-kill-word", "unix-word-rubout", "yank", "yank-pop",
        "transpose-chars", "upcase-word", "downcase-word", "capitalize-word", "undo", "previous-history", "next-history",
        "history-search-backward", "history-search-forward", "reverse-search-history", "complete", "clear-screen", "abort",
        "accept-line", "delete-char", "backward-delete-char", "tab-insert", "self-insert", "transpose-words", "yank-last-arg",
        "digit-argument", "set-mark", "vi-movement-mode", "no-such-function", "Beginning-Of-Line", "KILL-LINE",
        "vi-prev-word", "vi-next-word", "vi-delete", "vi-put", "vi-append-eol", "vi-undo", "vi-eof-maybe", "vi-match",
    ]
    static let macros = ["\"text\"", "\"a \\\"quoted\\\" word\"", "'single'", "\"\\C-a\\C-k\"", "\"tab\\there\"", "\"\\\\\"",
                         "\"octal\\101\\x42\"", "\"\""]
    static let variables = [
        ("bell-style", ["none", "visible", "audible", "on", "off", "", "Visible", "loud"]),
        ("completion-ignore-case", ["on", "off", "1", "0", "", "On", "yes"]),
        ("show-all-if-ambiguous", ["on", "off"]), ("enable-bracketed-paste", ["on", "off"]),
        ("show-mode-in-prompt", ["on", "off"]), ("prefer-visible-bell", ["on", "off"]), ("meta-flag", ["on", "off"]),
        ("comment-begin", ["#", "//", "", "\"# \""]), ("history-size", ["100", "-1", "0", "", "12abc"]),
        ("completion-query-items", ["50", "-3", "", "x"]), ("keyseq-timeout", ["100", "0", "-1", "250ms"]),
        ("emacs-mode-string", ["E", "\"\\1\\e[1m\\2E\"", ""]), ("vi-ins-mode-string", ["ins", "\"(i)\""]),
        ("completion-display-width", ["0", "-5", "80"]), ("isearch-terminators", ["\"\\C-g\\C-j\"", "abc"]),
        ("editing-mode", ["emacs", "vi", "Emacs", "vim"]), ("keymap", ["emacs", "emacs-ctlx", "emacs-meta", "vi-insert", "vi", "vi-command", "emacs-standard"]),
        ("Bell-Style", ["none"]), ("no-such-variable", ["1"]),
    ]
    static let conditions = ["mode=emacs", "mode=vi", "term=xterm", "term=xterm-256color", "term=vt100", "ghostline", "Ghostline",
                             "other-program", "version >= 8.0", "version == 8.2", "version < 8.1", "version != 7", "version>8",
                             "editing-mode == emacs", "bell-style != none", "comment-begin = #", "no-such-thing"]

    static func randomFile(using generator: inout SplitMix64, includePath: String) -> String {
        func pick<T>(_ items: [T]) -> T { items[Int(generator.next() % UInt64(items.count))] }
        var lines: [String] = []
        var depth = 0
        let count = 10 + Int(generator.next() % 30)
        for _ in 0..<count {
            switch generator.next() % 16 {
            case 0...4: lines.append("\"\(pick(keySequences))\": \(pick(functionNames))")
            case 5: lines.append("\"\(pick(keySequences))\": \(pick(macros))")
            case 6: lines.append("\(pick(keyNames)): \(pick(functionNames))")
            case 7: lines.append("\(pick(keyNames)): \(pick(macros))")
            case 8, 9:
                let (name, values) = pick(variables)
                lines.append("set \(name) \(pick(values))")
            case 10:
                lines.append("$if \(pick(conditions))")
                depth += 1
            case 11 where depth > 0: lines.append("$else")
            case 12 where depth > 0:
                lines.append("$endif")
                depth -= 1
            case 13: lines.append(pick(["# a comment", "", "   ", "  # indented comment", "\t\"\\C-o\": yank"]))
            case 14: lines.append("$include \(includePath)")
            default: lines.append("\"\(pick(keySequences))\": \(pick(functionNames))")
            }
        }
        lines += Array(repeating: "$endif", count: depth)
        return lines.joined(separator: "\n") + "\n"
    }
}
