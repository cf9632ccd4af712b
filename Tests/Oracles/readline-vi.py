#!/usr/bin/env python3
"""Runs the same keys through GNU readline's vi mode and through `ghostline --vi --loop`, each
in a pseudo-terminal of its own, and prints the entries each one returned.

Test-only: readline is GPL and is never linked into Ghostline. It is loaded with ctypes from
`libreadline.so.8` (Debian's `libreadline8`).

Input (stdin), one item a line: `G PATH` the ghostline to run, `B` the start of a batch, `K HEX`
a case's keys (UTF-8, in hexadecimal). Each batch of cases runs in one readline process and one
ghostline process, entry after entry, so that what carries over from one entry to the next
(history, the kill ring, `.`) carries over in both. Each case's keys are sent in one write
followed by Escape, `i|`, Escape and Return: the entry ends in either mode, with a `|` where
the cursor was.
Output (stdout): `V VERSION`, then `R HEX HEX` per case, readline's entry and ghostline's
(`-` where the program gave none in time).
"""
import shutil
import tempfile
import os
import pty
import select
import struct
import sys
import termios
import fcntl
import time

# readline() itself, called through ctypes, as bash calls it: Python's own `readline` module
# reads keys through readline's callback interface, where a count typed after an operator
# continues the one before it (`2d2w` deletes 22 words) instead of multiplying it.
READLINE_CHILD = r'''
import ctypes, os, sys
readline = ctypes.CDLL("libreadline.so.8")
readline.readline.restype = ctypes.c_void_p
readline.readline.argtypes = [ctypes.c_char_p]
readline.add_history.argtypes = [ctypes.c_char_p]
libc = ctypes.CDLL(None)
libc.free.argtypes = [ctypes.c_void_p]
out = os.fdopen(3, "w")
last = None
while True:
    pointer = readline.readline(b"> ")
    if not pointer:
        break
    line = ctypes.string_at(pointer)
    libc.free(pointer)
    out.write(line.hex() + "\n")
    out.flush()
    # History as Ghostline keeps it: no blank entries, no entry twice in a row.
    if line.strip() and line != last:
        readline.add_history(line)
        last = line
'''


# Longer than both programs wait for the rest of a sequence after an Escape (readline's
# keyseq-timeout of 50 ms set above, Ghostline's 25 ms).
ESCAPE_WAIT = 0.08


def chunks(keys):
    """The keys split after each Escape that a terminal's sequences would continue (`[`, `O`,
    `]`, `P`, `_`, another Escape): sent with a pause there, each program reads the Escape alone,
    as it does when a person types it. Elsewhere Escape and the key after it are read together,
    which both programs read as Escape, then the key."""
    parts, start = [], 0
    for index in range(len(keys) - 1):
        if keys[index] == "\x1b" and keys[index + 1] in "[O]P_\x1b":
            parts.append(keys[start:index + 1])
            start = index + 1
    parts.append(keys[start:])
    return parts


class Program:
    """A program in a pseudo-terminal whose entries come one a line through a pipe."""

    def __init__(self, argv, entries_fd, decode):
        read_end, write_end = os.pipe()
        pid, master = pty.fork()
        if pid == 0:
            os.close(read_end)
            if write_end != entries_fd:
                os.dup2(write_end, entries_fd)
                os.close(write_end)
            os.set_inheritable(entries_fd, True)
            env = dict(os.environ, TERM="xterm", INPUTRC=INPUTRC, NO_COLOR="1")
            os.execvpe(argv[0], argv, env)
        os.close(write_end)
        fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))
        self.pid, self.master, self.entries, self.decode = pid, master, read_end, decode
        self.buffer = b""

    def close(self):
        try:
            os.kill(self.pid, 9)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)
        os.close(self.master)
        os.close(self.entries)


def run_batch(ghostline, cases):
    readline_program = Program([sys.executable, "-c", READLINE_CHILD], 3,
                               lambda line: bytes.fromhex(line).decode("utf-8", "replace"))
    ghostline_program = Program([ghostline, "--vi", "--loop", "--prompt", "> "], 1, lambda line: line)
    programs = [readline_program, ghostline_program]
    results = []
    try:
        for keys in cases:
            got = [None, None]
            for index, chunk in enumerate(chunks(keys + "\x1bi|\x1b\r")):
                if index > 0:
                    time.sleep(ESCAPE_WAIT)
                for program in programs:
                    os.write(program.master, chunk.encode())
            deadline = time.monotonic() + 10
            while None in got and time.monotonic() < deadline:
                watched = [p.master for p in programs] + [p.entries for p in programs]
                ready, _, _ = select.select(watched, [], [], 0.2)
                for index, program in enumerate(programs):
                    if program.master in ready:
                        try:
                            os.read(program.master, 65536)
                        except OSError:
                            pass
                    if program.entries in ready:
                        chunk = os.read(program.entries, 65536)
                        program.buffer += chunk
                    if got[index] is None and b"\n" in program.buffer:
                        line, program.buffer = program.buffer.split(b"\n", 1)
                        got[index] = program.decode(line.decode("utf-8", "replace"))
            results.append(got)
            if None in got:
                break
    finally:
        for program in programs:
            program.close()
    return results


def main():
    import ctypes
    global INPUTRC
    directory = tempfile.mkdtemp()
    INPUTRC = os.path.join(directory, "inputrc")
    with open(INPUTRC, "w") as file:
        file.write("set editing-mode vi\nset keyseq-timeout 50\n")
    version = ctypes.c_char_p.in_dll(ctypes.CDLL("libreadline.so.8"), "rl_library_version").value.decode()
    ghostline, batches = None, []
    for line in sys.stdin.read().splitlines():
        kind, _, value = line.partition(" ")
        if kind == "G":
            ghostline = value
        elif kind == "B":
            batches.append([])
        elif kind == "K":
            batches[-1].append(bytes.fromhex(value).decode("utf-8"))
    print("V", version)
    for batch in batches:
        results = run_batch(ghostline, batch)
        results += [[None, None]] * (len(batch) - len(results))
        for pair in results:
            print("R", *("-" if entry is None else entry.encode("utf-8").hex() for entry in pair))
    sys.stdout.flush()
    shutil.rmtree(directory)


if __name__ == "__main__":
    main()
