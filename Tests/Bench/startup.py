#!/usr/bin/env python3
"""The release CLI's way to its prompt: which functions it runs, and how much memory it holds there.

    startup.py symbols GHOSTLINE   prints the names of the functions the CLI runs from its start
                                   to its prompt and out again (callgrind, mangled), sorted, one a
                                   line: Sources/ghostline/startup-symbols.txt, which the release
                                   link is given as lld's --symbol-ordering-file
    startup.py memory GHOSTLINE MB prints the CLI's peak resident memory (VmHWM) at its prompt, the
                                   median of five starts, and fails when it is over MB

Each start is in a pseudo-terminal of 80 by 24, TERM=xterm-256color, as the shared bench starts an
editor: once with a terminal that answers the CLI's queries (DA1 as a VT102, cursor position
reports) and once with one that answers nothing, so that both ways to the prompt are covered.
Linked in the order of the list, the functions of the way to the prompt sit side by side, and the
kernel maps them with fewer of its 64 KB windows of code (Docs/Performance.md, "Idle memory").
"""
import fcntl
import os
import pty
import re
import select
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

PROMPT = b"> "


def start(argv, answers, on_prompt):
    """Runs argv in a pty until its prompt has been drawn and output has been quiet for a while,
    calls on_prompt(pid), then types Ctrl-D and waits for the process to end."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execvp(argv[0], argv)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    output = b""
    quiet_since = None
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                data = os.read(fd, 4096)
            except OSError:
                break
            output += data
            quiet_since = None
            if answers:
                if b"\x1b[c" in data:
                    os.write(fd, b"\x1b[?6c")
                for _ in range(data.count(b"\x1b[6n")):
                    os.write(fd, b"\x1b[1;3R")
        elif PROMPT in output:
            quiet_since = quiet_since or time.monotonic()
            if time.monotonic() - quiet_since > 1.0:
                break
    if PROMPT not in output:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        sys.exit("no prompt from %s: %r" % (" ".join(argv), output[-200:]))
    result = on_prompt(pid)
    os.write(fd, b"\x04")
    try:
        while select.select([fd], [], [], 30)[0] and os.read(fd, 4096):
            pass
    except OSError:
        pass
    os.waitpid(pid, 0)
    os.close(fd)
    return result


def symbols(ghostline):
    if not shutil.which("valgrind"):
        sys.exit("startup.py symbols needs valgrind")
    names = set()
    with tempfile.TemporaryDirectory() as scratch:
        for answers in (True, False):
            out = os.path.join(scratch, "callgrind.%d" % answers)
            start(["valgrind", "--tool=callgrind", "--demangle=no", "--callgrind-out-file=" + out, ghostline],
                  answers, lambda pid: None)
            with open(out, errors="replace") as dump:
                for line in dump:
                    # A function's first mention names it; callgrind marks recursion with 'N.
                    match = re.match(r"^c?fn=\(\d+\) (.+?)(?:'\d+)?$", line.rstrip("\n"))
                    if match and not match.group(1).startswith("0x"):
                        names.add(match.group(1))
    sys.stdout.write("".join(name + "\n" for name in sorted(names)))


def peak_memory_kb(pid):
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    sys.exit("no VmHWM for %d" % pid)


def memory(ghostline, bound_mb):
    figures = [start([ghostline], answers=True, on_prompt=peak_memory_kb) for _ in range(5)]
    megabytes = statistics.median(figures) / 1024
    print("ghostline at its prompt: VmHWM %.2f MB (median of %d starts: %s KB; at most %.2f MB)"
          % (megabytes, len(figures), " ".join(map(str, figures)), bound_mb))
    if megabytes > bound_mb:
        sys.exit("ghostline holds more memory at its prompt than its bound (Docs/Performance.md, \"Idle memory\"); "
                 "if the way to the prompt changed, `make startup-symbols` lists its functions again")


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "symbols":
        symbols(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "memory":
        memory(sys.argv[2], float(sys.argv[3]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
