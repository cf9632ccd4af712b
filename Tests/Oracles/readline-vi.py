#!/usr/bin/env python3
"""Runs the same keys through GNU readline's vi mode and through `ghostline --vi --loop`, each
in a pseudo-terminal of its own (differential.py's Program), and prints the entries each one
returned.

Test-only: readline is GPL and is never linked into Ghostline. It is loaded with ctypes from
`libreadline.so.8` (Debian's `libreadline8`) by readline_oracle.py, which calls readline() as
bash does.

Input (stdin), one item a line: `G PATH` the ghostline to run, `I HEX` lines both read from
their init file after `set editing-mode vi` (in hexadecimal; before the first batch), `B` the
start of a batch, `K HEX` a case's keys (UTF-8, in hexadecimal). Each batch of cases runs in one readline process and one
ghostline process, entry after entry, so that what carries over from one entry to the next
(history, the kill ring, `.`) carries over in both. Each case's keys are followed by Escape,
`i|`, Escape and Return: the entry ends in either mode, with a `|` where the cursor was.

The keys are typed one at a time into both programs, each key once both have read the one
before and wait for the next (readline takes keys it finds already typed as typed together:
one undo, one `.`). After an Escape both wait longer than their keyseq-timeout, so that each
reads it alone, as it does when a person types it. A case whose entry does not come in time
ends both processes; the batch goes on with new ones, so one stuck case costs only itself.

Output (stdout): `V VERSION`, then `R HEX HEX` per case, readline's entry and ghostline's
(`-` where the program gave none in time).
"""
import ctypes
import os
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import differential  # noqa: E402

# Longer than both programs wait for the rest of a sequence after an Escape (readline's
# keyseq-timeout of 50 ms set below, Ghostline's the same from the same init file).
ESCAPE_WAIT = 0.08


def wait_until_read(programs):
    """Waits until every program has read all typed input and sleeps waiting for more."""
    deadline = time.monotonic() + differential.CASE_TIMEOUT
    for program in programs:
        while time.monotonic() < deadline:
            program.drain_terminal()
            if program.unread() == 0 and program.is_waiting():
                break
            time.sleep(0.0005)


class Program(differential.Program):
    def unread(self):
        import fcntl
        import struct
        import termios
        return struct.unpack("i", fcntl.ioctl(self.slave, termios.FIONREAD, b"\0\0\0\0"))[0]


def start(ghostline, environment):
    return [Program([sys.executable, os.path.join(HERE, "readline_oracle.py")], environment),
            Program([ghostline, "--vi", "--loop", "--no-suggestions", "--prompt", "> "], environment)]


def run_batch(ghostline, environment, cases):
    programs = start(ghostline, environment)
    results = []
    try:
        for keys in cases:
            for key in (keys + "\x1bi|\x1b\r").encode():
                for program in programs:
                    program.type(bytes([key]))
                wait_until_read(programs)
                if key == 0x1B:
                    time.sleep(ESCAPE_WAIT)
                    wait_until_read(programs)
            got = [program.entry() for program in programs]
            results.append([None if entry is None else entry.decode("utf-8", "replace") for entry in got])
            if None in got:
                for program in programs:
                    program.close()
                programs = start(ghostline, environment)
    finally:
        for program in programs:
            program.close()
    return results


def main():
    ghostline, batches, bindings = None, [], ""
    for line in sys.stdin.read().splitlines():
        kind, _, value = line.partition(" ")
        if kind == "G":
            ghostline = value
        elif kind == "I":
            bindings += bytes.fromhex(value).decode("utf-8") + "\n"
        elif kind == "B":
            batches.append([])
        elif kind == "K":
            batches[-1].append(bytes.fromhex(value).decode("utf-8"))
    directory = tempfile.mkdtemp(prefix="ghostline-vi-differential-")
    inputrc = os.path.join(directory, "inputrc")
    with open(inputrc, "w") as file:
        file.write(differential.INPUTRC + "set editing-mode vi\n" + bindings)
    environment = dict(os.environ, TERM="xterm", INPUTRC=inputrc, LC_ALL="C.UTF-8", NO_COLOR="1")
    environment.pop("VISUAL", None)
    environment.pop("EDITOR", None)
    environment.pop("ORACLE_HISTORY", None)
    version = ctypes.c_char_p.in_dll(ctypes.CDLL("libreadline.so.8"), "rl_library_version").value.decode()
    print("V", version)
    sys.stdout.flush()
    for batch in batches:
        for pair in run_batch(ghostline, environment, batch):
            print("R", *("-" if entry is None else entry.encode("utf-8").hex() for entry in pair))
        sys.stdout.flush()
    shutil.rmtree(directory)


if __name__ == "__main__":
    main()
