#!/usr/bin/env python3
"""The completion menu with 100,000 candidates, through a real pty, beside prompt_toolkit.

For each editor, on an empty line and after typing `c` (which every candidate begins with, so
the completion function filters them all): the time from Tab to the menu drawn (the last byte of the frame), then the
CPU time (all threads, from /proc/PID/task/*/schedstat) and the bytes written per selection
move, over MOVES presses of Tab. Run by `make bench-menu` after a release build; prints one
table. prompt_toolkit (`pip install prompt_toolkit`) is skipped when it is missing.

    menu-bench.py GHOSTLINE [--candidates N] [--moves N]
"""
import argparse
import os
import pty
import select
import struct
import sys
import tempfile
import termios
import fcntl
import time

PTK_SCRIPT = r'''
import sys
from prompt_toolkit import PromptSession
from prompt_toolkit.completion import WordCompleter
words = open(sys.argv[1]).read().split("\n")
session = PromptSession(completer=WordCompleter(words), complete_while_typing=False)
print(session.prompt("> "))
'''


def quiet_read(fd, quiet, limit=10.0):
    """Reads until nothing came for `quiet` seconds; returns the bytes and the last byte's time."""
    data = bytearray()
    last = time.monotonic()
    deadline = last + limit
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], quiet)
        if not ready:
            if data:
                break
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        data += chunk
        last = time.monotonic()
    return bytes(data), last


def cpu_seconds(pid):
    """The process's CPU time so far, every thread, in seconds."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                total += int(f.read().split()[0])
        except OSError:
            pass
    return total / 1e9


def measure(name, argv, typed, moves):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(TERM="xterm-256color", LC_ALL="C.UTF-8", INPUTRC="/dev/null")
        os.execvp(argv[0], argv)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    # The prompt, and whatever the editor asks the terminal first.
    data, _ = quiet_read(fd, 0.5, limit=20)
    if b"\x1b[6n" in data:
        os.write(fd, b"\x1b[1;1R")
        quiet_read(fd, 0.3)
    if typed:
        os.write(fd, typed)
        quiet_read(fd, 0.3)
    sent = time.monotonic()
    os.write(fd, b"\t")
    opened, last = quiet_read(fd, 0.3, limit=30)
    open_ms = (last - sent) * 1000
    # The first move may still finish opening (prompt_toolkit selects on its first Tab).
    os.write(fd, b"\t")
    quiet_read(fd, 0.2)
    total_bytes = 0
    cpu_before = cpu_seconds(pid)
    for _ in range(moves):
        os.write(fd, b"\t")
        data, _ = quiet_read(fd, 0.05)
        total_bytes += len(data)
    cpu = cpu_seconds(pid) - cpu_before
    os.write(fd, b"\x03")
    quiet_read(fd, 0.2)
    try:
        os.kill(pid, 9)
    except OSError:
        pass
    os.waitpid(pid, 0)
    os.close(fd)
    return name, open_ms, len(opened), cpu / moves * 1000, total_bytes / moves


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("ghostline")
    parser.add_argument("--candidates", type=int, default=100_000)
    parser.add_argument("--moves", type=int, default=50)
    args = parser.parse_args()
    directory = tempfile.mkdtemp()
    words = [f"candidate{index:06d}" for index in range(args.candidates)]
    plain = os.path.join(directory, "words")
    with open(plain, "w") as f:
        f.write("\n".join(words) + "\n")
    described = os.path.join(directory, "described")
    with open(described, "w") as f:
        f.write("".join(f"{word}\tdescription {index % 97}\n" for index, word in enumerate(words)))
    script = os.path.join(directory, "ptk.py")
    with open(script, "w") as f:
        f.write(PTK_SCRIPT)
    ghostline = [args.ghostline, "--menu", "--completions-file"]
    runs = [("ghostline --menu", ghostline + [plain], b""),
            ("ghostline --menu, after c", ghostline + [plain], b"c"),
            ("ghostline --menu, descriptions", ghostline + [described], b"")]
    try:
        import prompt_toolkit  # noqa: F401
        runs.append(("prompt_toolkit", [sys.executable, script, plain], b""))
        runs.append(("prompt_toolkit, after c", [sys.executable, script, plain], b"c"))
    except ImportError:
        print("prompt_toolkit missing: skipped", file=sys.stderr)
    print(f"{args.candidates:,} candidates, {args.moves} moves, 80x24 pty")
    print(f"{'editor':34} {'open ms':>9} {'open bytes':>11} {'CPU ms/move':>12} {'bytes/move':>11}")
    for name, argv, typed in runs:
        name, open_ms, open_bytes, cpu_ms, move_bytes = measure(name, argv, typed, args.moves)
        print(f"{name:34} {open_ms:9.1f} {open_bytes:11,} {cpu_ms:12.3f} {move_bytes:11.1f}")


if __name__ == "__main__":
    main()
