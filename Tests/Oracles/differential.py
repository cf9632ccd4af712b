#!/usr/bin/env python3
"""The differential test against GNU readline: the same keys typed into readline (through
readline_oracle.py) and into `ghostline --loop`, each in a terminal of its own, and the entries
they submit compared.

    differential.py --ghostline PATH --set NAME [--seed S] [--cases N] [--batch B] [--show K]

A key set is a module beside this file (emacs_keys.py, ...) whose SETS maps a set's name to a
function `generate(random) -> Case`; its INPUTRC, if any (`set editing-mode vi`), is added to the
init file both programs read, its GHOSTLINE_ARGUMENTS to Ghostline's command line, and its
COMPLETIONS (words) are what the completion commands complete in both. Each case is a list of
keys (bytes) typed from an empty entry; Enter is typed after it unless the case submits by itself. Cases run in batches, one
process of each program per batch, each case's entry read before the next case is typed, so
that what a case leaves behind (history, kill ring, keyboard macro) is the same for both.

Prints one line per set, `SET: A of N cases agree`, and each disagreement (up to --show) with
its keys and both entries; exits 1 when any case disagrees, unless --report-only.
"""
import argparse
import fcntl
import importlib
import os
import pty
import random
import select
import struct
import sys
import tempfile
import termios
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

#: The history both programs start each batch with: entries to recall, walk and take words from.
HISTORY = [
    "echo one two",
    "ls -la foo_bar/baz.txt",
    "git commit -m fix",
    "cd ../src && make all",
]

#: The init file both read: no bracketed paste (keys arrive as typed), a short wait after ESC.
INPUTRC = "set enable-bracketed-paste off\nset keyseq-timeout 50\nset bell-style none\n"

#: x86_64's and aarch64's numbers of `read`, and of the calls a program waits for input in.
READ_SYSCALL = {"x86_64": 0, "aarch64": 63}.get(os.uname().machine, 0)
WAIT_SYSCALLS = {"x86_64": {7, 23, 270, 271}, "aarch64": {72, 73}}.get(os.uname().machine, set())

#: How long a case's entry may take to arrive, in seconds.
CASE_TIMEOUT = 5.0


class Case:
    """Keys typed from an empty entry; `submits` when the keys themselves end the entry."""

    def __init__(self, keys, submits=False):
        self.keys = keys
        self.submits = submits

    def typed(self):
        """The keys one by one, a word's letters each a key of its own (readline records in a
        keyboard macro only the first of the letters it finds typed together), Enter last unless
        the case submits by itself."""
        keys = []
        for key in self.keys:
            keys += [bytes([byte]) for byte in key] if key[0] >= 0x20 and key[0] != 0x7F else [key]
        return keys + ([] if self.submits else [b"\r"])

    def __repr__(self):
        return " ".join(describe(key) for key in self.keys)


def describe(key):
    """A key as a person would name it: `a`, `C-a`, `M-f`, `M-C-y`, `ESC[3~`."""
    if key.startswith(b"\x1b[") or key.startswith(b"\x1bO"):
        return "ESC" + key[1:].decode("latin-1")
    if key.startswith(b"\x1b") and len(key) > 1:
        return "M-" + describe(key[1:])
    if len(key) > 1 and key[0] < 0x20:
        return describe(key[:1]) + " " + describe(key[1:])
    if len(key) == 1:
        byte = key[0]
        if byte == 0x7F:
            return "DEL"
        if byte == 0x20:
            return "SPC"
        if byte < 0x20:
            return "C-" + chr(byte + 0x60 if 0 < byte < 0x1B else byte + 0x40)
    return key.decode("utf-8", "replace")


class Program:
    """A program in a terminal of its own, its standard output a pipe that carries its entries."""

    def __init__(self, argv, environment):
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 200, 0, 0))
        # The terminal starts without the kernel's line editing: keys typed before a program has
        # set its own modes (at its start, or between readline's entries, when readline gives
        # the terminal its modes back) then wait as they are, not edited by ^W, ^U or DEL.
        attributes = termios.tcgetattr(slave)
        attributes[0] &= ~(termios.ICRNL | termios.IXON | termios.ISTRIP | termios.INLCR | termios.IGNCR)
        attributes[3] &= ~(termios.ICANON | termios.ECHO | termios.ISIG | termios.IEXTEN)
        attributes[6][termios.VMIN] = 1
        attributes[6][termios.VTIME] = 0
        termios.tcsetattr(slave, termios.TCSANOW, attributes)
        reader, writer = os.pipe()
        pid = os.fork()
        if pid == 0:
            try:
                os.setsid()
                fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
                os.dup2(slave, 0)
                os.dup2(writer, 1)
                os.dup2(slave, 2)
                for descriptor in (master, slave, reader, writer):
                    os.close(descriptor)
                os.execvpe(argv[0], argv, environment)
            finally:
                os._exit(127)
        os.close(writer)
        # Kept open to see how much typed input the program has not read yet.
        self.slave = slave
        self.pid = pid
        self.master = master
        self.entries = reader
        self.pending = b""

    def type_key(self, data):
        """Types one key and waits until the program has read it and is waiting for the next:
        readline takes what it finds already typed after a character as typed with it (one
        undo, the previous command still the last), so keys typed faster than it reads would
        make its answer depend on timing. The terminal hands typed bytes to the program a
        moment after they are written, so an empty input queue and a sleeping program are not
        enough: the program must also have gone to sleep again since the key was typed."""
        switches = self.sleeps()
        self.type(data)
        deadline = time.monotonic() + CASE_TIMEOUT
        while time.monotonic() < deadline:
            self.drain_terminal()
            unread = struct.unpack("i", fcntl.ioctl(self.slave, termios.FIONREAD, b"\0\0\0\0"))[0]
            if unread == 0 and self.sleeps() > switches and self.is_waiting():
                return
            select.select([self.master], [], [], 0.0005)

    def sleeps(self):
        """How many times the program has gone to sleep of its own accord."""
        try:
            with open(f"/proc/{self.pid}/status") as status:
                for line in status:
                    if line.startswith("voluntary_ctxt_switches:"):
                        return int(line.split()[1])
        except OSError:
            pass
        return 0

    def is_waiting(self):
        """Whether the program is asleep waiting for input: in `read` of its terminal or in
        `select`, `pselect6`, `poll` or `ppoll`, not merely asleep (a program blocked in a write
        of its output, or between two reads of a sequence, has not taken the key yet)."""
        try:
            with open(f"/proc/{self.pid}/stat") as stat:
                if stat.read().rpartition(")")[2].split()[0] not in ("S", "D"):
                    return False
            with open(f"/proc/{self.pid}/syscall") as call:
                fields = call.read().split()
        except OSError:
            return True
        if not fields or fields[0] == "running":
            return False
        number = int(fields[0])
        return (number == READ_SYSCALL and int(fields[1], 16) == 0) or number in WAIT_SYSCALLS

    def type(self, data):
        view = memoryview(data)
        while view:
            _, writable, _ = select.select([self.master], [self.master], [], 1.0)
            self.drain_terminal()
            if writable:
                written = os.write(self.master, view[:256])
                view = view[written:]

    def drain_terminal(self):
        while select.select([self.master], [], [], 0)[0]:
            try:
                if not os.read(self.master, 65536):
                    return
            except OSError:
                return

    def entry(self):
        """The next entry, or None when none came in time or the program ended."""
        deadline = time.monotonic() + CASE_TIMEOUT
        while b"\n" not in self.pending:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([self.entries, self.master], [], [], left)
            if self.master in ready:
                self.drain_terminal()
            if self.entries in ready:
                data = os.read(self.entries, 65536)
                if not data:
                    return None
                self.pending += data
        line, _, self.pending = self.pending.partition(b"\n")
        return line

    def close(self):
        for descriptor in (self.master, self.slave, self.entries):
            try:
                os.close(descriptor)
            except OSError:
                pass
        try:
            os.kill(self.pid, 9)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)


def run_batch(argv, environment, cases):
    """Each case's entry from one process of a program; None where none came."""
    program = Program(argv, environment)
    entries = []
    try:
        for case in cases:
            for key in case.typed():
                program.type_key(key)
            entry = program.entry()
            entries.append(entry)
            if entry is None:
                break
    finally:
        program.close()
    return entries + [None] * (len(cases) - len(entries))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ghostline", required=True)
    parser.add_argument("--set", action="append", required=True, help="a key set, as MODULE:NAME or NAME of emacs_keys")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cases", type=int, default=100)
    parser.add_argument("--batch", type=int, default=50)
    parser.add_argument("--show", type=int, default=10)
    parser.add_argument("--report-only", action="store_true")
    arguments = parser.parse_args()

    work = tempfile.mkdtemp(prefix="ghostline-differential-")

    disagreements = 0
    for name in arguments.set:
        module_name, _, set_name = name.rpartition(":")
        module = importlib.import_module(module_name or "emacs_keys")
        generate = module.SETS[set_name]
        inputrc = os.path.join(work, f"inputrc-{set_name}")
        with open(inputrc, "w") as file:
            file.write(INPUTRC + getattr(module, "INPUTRC", ""))
        environment = dict(os.environ, TERM="xterm", INPUTRC=inputrc, LC_ALL="C.UTF-8")
        environment.pop("VISUAL", None)
        environment.pop("EDITOR", None)
        ghostline_arguments = list(getattr(module, "GHOSTLINE_ARGUMENTS", []))
        if getattr(module, "COMPLETIONS", None):
            ghostline_arguments += ["--completions", " ".join(module.COMPLETIONS)]
        generator = random.Random(f"{arguments.seed}:{set_name}")
        cases = [generate(generator) for _ in range(arguments.cases)]
        agreed = 0
        shown = 0
        for start in range(0, len(cases), arguments.batch):
            batch = cases[start:start + arguments.batch]
            history = os.path.join(work, f"history-{start}")
            with open(history, "w") as file:
                file.write("\n".join(HISTORY) + "\n")
            oracle_environment = dict(environment, ORACLE_HISTORY=history,
                                      ORACLE_COMPLETIONS=" ".join(getattr(module, "COMPLETIONS", [])))
            expected = run_batch([sys.executable, os.path.join(HERE, "readline_oracle.py")], oracle_environment, batch)
            # Ghostline appends to its history file: a copy of its own.
            with open(history + ".ghostline", "w") as file:
                file.write("\n".join(HISTORY) + "\n")
            actual = run_batch([arguments.ghostline, "--loop", "--no-suggestions", "--history", history + ".ghostline"]
                               + ghostline_arguments, environment, batch)
            for offset, (case, want, got) in enumerate(zip(batch, expected, actual)):
                if want is not None and want == got:
                    agreed += 1
                    continue
                if shown < arguments.show:
                    shown += 1
                    print(f"  {set_name} case {start + offset}: {case!r}\n"
                          f"    readline:  {want!r}\n    ghostline: {got!r}")
        print(f"{set_name}: {agreed} of {len(cases)} cases agree")
        disagreements += len(cases) - agreed
    return 1 if disagreements and not arguments.report_only else 0


if __name__ == "__main__":
    sys.exit(main())
