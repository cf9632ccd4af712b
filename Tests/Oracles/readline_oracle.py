#!/usr/bin/env python3
"""GNU readline as a test oracle: reads entries with readline() until end of input and writes
each one, as it was submitted, to standard output on a line of its own.

Run in a terminal whose standard output is a pipe (the differential driver does this): readline
draws on standard error, the terminal, and standard output carries only the entries. The
history starts with the lines of the file named by ORACLE_HISTORY, and each submitted entry
joins it as Ghostline's history takes entries (not blank, not a repeat of the newest).

Test-only: libreadline is loaded here, at run time, through ctypes; nothing of it is linked
into Ghostline or shipped with it.
"""
import ctypes
import os
import sys

readline = ctypes.CDLL("libreadline.so.8")
libc = ctypes.CDLL(None)
libc.fdopen.restype = ctypes.c_void_p
libc.fdopen.argtypes = [ctypes.c_int, ctypes.c_char_p]
libc.free.argtypes = [ctypes.c_void_p]
readline.readline.restype = ctypes.c_void_p
readline.readline.argtypes = [ctypes.c_char_p]
readline.add_history.argtypes = [ctypes.c_char_p]

version = ctypes.c_char_p.in_dll(readline, "rl_library_version").value
if not version:
    sys.exit("readline_oracle: the library loaded is not GNU readline")

name = ctypes.create_string_buffer(b"ghostline-oracle")
ctypes.c_void_p.in_dll(readline, "rl_readline_name").value = ctypes.addressof(name)
ctypes.c_void_p.in_dll(readline, "rl_outstream").value = libc.fdopen(2, b"w")

#: ORACLE_COMPLETIONS: words that complete the word before the cursor, a word being the text
#: after the last space or tab, as `ghostline --completions` completes.
completions = os.environ.get("ORACLE_COMPLETIONS", "").encode().split()
if completions:
    libc.strdup.restype = ctypes.c_void_p
    libc.strdup.argtypes = [ctypes.c_char_p]
    generator_type = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int)
    found = []

    def generate(text, state):
        if state == 0:
            found[:] = [word for word in completions if word.startswith(text)]
        return libc.strdup(found[state]) if state < len(found) else None

    generator = generator_type(generate)
    ctypes.c_void_p.in_dll(readline, "rl_completion_entry_function").value = ctypes.cast(generator, ctypes.c_void_p).value
    breaks = ctypes.create_string_buffer(b" \t")
    ctypes.c_void_p.in_dll(readline, "rl_completer_word_break_characters").value = ctypes.addressof(breaks)

newest = None


def is_blank(entry):
    """Ghostline's rule (History.isBlank): only whitespace, or nothing."""
    return entry.decode("utf-8", "replace").strip() == ""


def remember(entry):
    global newest
    if not is_blank(entry) and entry != newest:
        readline.add_history(entry)
        newest = entry


history_path = os.environ.get("ORACLE_HISTORY")
if history_path:
    with open(history_path, "rb") as history:
        for line in history.read().split(b"\n"):
            remember(line)

prompt = os.environ.get("ORACLE_PROMPT", "> ").encode()
while True:
    pointer = readline.readline(prompt)
    if not pointer:
        break
    entry = ctypes.string_at(pointer)
    libc.free(pointer)
    os.write(1, entry + b"\n")
    remember(entry)
