#!/usr/bin/env python3
"""Runs the same keys through vim and through `ghostline --vi --loop`, each in a
pseudo-terminal, and prints the line each one left.

Test-only, for what Ghostline's vi mode has beyond readline's and takes from vim (text objects).

Input (stdin), one item a line: `G PATH` the ghostline to run, `K HEX` a case (UTF-8, in
hexadecimal): a line of text, Escape, then vi commands. vim starts on a file holding the line
(`vim -u NONE -i NONE -N -n`: no vimrc, no viminfo, no swap file), is typed `$` (so that its cursor
is on the last character, as Ghostline's is after typing the line and Escape), the commands, then
Escape, `i|`, Escape and `:wq`, Return; the driver reads the file it wrote. Ghostline, one process
for every case, is typed the case, Escape, `i|` and Return, and its entry is read from its
standard output. Either leaves the line with a `|` where the cursor was.

Both read keys typed together in one read: vim's typeahead and Ghostline's key decoder, which
reads Escape and the key after it as two keys, except before `[`, `O`, `]`, `P`, `_` or another
Escape (the start of a sequence); there the driver waits until Ghostline has read the Escape and
its lone-Escape timeout has passed.

Output (stdout): `V VERSION` (vim's first line), then `R HEX HEX` per case, vim's line and
Ghostline's (`-` where the program gave none in time).
"""
import os
import pty
import select
import shutil
import subprocess
import sys
import tempfile
import time
import termios

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import differential  # noqa: E402

#: Longer than Ghostline's lone-Escape timeout (25 ms; 50 ms from the init file below).
ESCAPE_WAIT = 0.08

#: Where an Escape typed before them would start a sequence instead of being a key of its own.
SEQUENCE_STARTS = b"[O]P_\x1b"


def run_vim(directory, text, commands):
    """The line vim leaves, with `|` at its cursor, or None when vim did not finish in time."""
    path = os.path.join(directory, "case.txt")
    with open(path, "w", encoding="utf-8") as file:
        file.write(text + "\n")
    pid, master = pty.fork()
    if pid == 0:
        try:
            os.execvpe("vim", ["vim", "-u", "NONE", "-i", "NONE", "-N", "-n", "-c", "set ttimeoutlen=10", path],
                       dict(os.environ, TERM="xterm"))
        finally:
            os._exit(127)
    keys = ("$" + commands + "\x1bi|\x1b:wq\r").encode("utf-8")
    deadline = time.monotonic() + differential.CASE_TIMEOUT
    finished = False
    try:
        while time.monotonic() < deadline:
            ready, writable, _ = select.select([master], [master] if keys else [], [], 0.05)
            if master in ready:
                try:
                    closed = not os.read(master, 65536)
                except OSError:
                    closed = True
                if closed:
                    # The terminal closes as vim ends: its file is written once it has exited.
                    os.waitpid(pid, 0)
                    finished, pid = True, 0
                    break
            if keys and writable:
                keys = keys[os.write(master, keys[:256]):]
            done, _ = os.waitpid(pid, os.WNOHANG)
            if done:
                finished = True
                pid = 0
                break
    finally:
        if pid:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
        os.close(master)
    if not finished:
        return None
    with open(path, encoding="utf-8", errors="replace") as file:
        return file.read().rstrip("\n")


def type_into_ghostline(program, keys):
    """Types the case in as few writes as the Escapes in it allow."""
    start = 0
    for index, byte in enumerate(keys):
        if byte == 0x1B and (index + 1 == len(keys) or keys[index + 1] in SEQUENCE_STARTS):
            program.type(keys[start:index + 1])
            wait_until_read(program)
            time.sleep(ESCAPE_WAIT)
            start = index + 1
    program.type(keys[start:])


def wait_until_read(program):
    """Waits until Ghostline has read everything typed and waits for more."""
    deadline = time.monotonic() + differential.CASE_TIMEOUT
    while time.monotonic() < deadline:
        program.drain_terminal()
        if program.unread() == 0 and program.is_waiting():
            return
        select.select([program.master], [], [], 0.0005)


class Program(differential.Program):
    def unread(self):
        import fcntl
        import struct
        return struct.unpack("i", fcntl.ioctl(self.slave, termios.FIONREAD, b"\0\0\0\0"))[0]


def main():
    directory = tempfile.mkdtemp(prefix="ghostline-vim-differential-")
    inputrc = os.path.join(directory, "inputrc")
    with open(inputrc, "w") as file:
        file.write(differential.INPUTRC + "set editing-mode vi\n")
    environment = dict(os.environ, TERM="xterm", INPUTRC=inputrc, LC_ALL="C.UTF-8", NO_COLOR="1")
    ghostline, cases = None, []
    for line in sys.stdin.read().splitlines():
        kind, _, value = line.partition(" ")
        if kind == "G":
            ghostline = value
        elif kind == "K":
            cases.append(bytes.fromhex(value).decode("utf-8"))
    version = subprocess.run(["vim", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    print("V", version)
    sys.stdout.flush()
    argv = [ghostline, "--vi", "--loop", "--no-suggestions", "--prompt", "> "]
    program = Program(argv, environment)
    try:
        for case in cases:
            text, _, commands = case.partition("\x1b")
            vim_line = run_vim(directory, text, commands)
            type_into_ghostline(program, (case + "\x1bi|\r").encode("utf-8"))
            entry = program.entry()
            if entry is None:
                program.close()
                program = Program(argv, environment)
            got = [vim_line, None if entry is None else entry.decode("utf-8", "replace")]
            print("R", *("-" if line is None else line.encode("utf-8").hex() for line in got))
            sys.stdout.flush()
    finally:
        program.close()
        shutil.rmtree(directory)


if __name__ == "__main__":
    main()
