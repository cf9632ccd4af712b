# GNU readline's own dumpers as an oracle for Ghostline's init-file reader (test-only; readline is
# loaded here, never linked into Ghostline). Usage:
#   readline-dump.py APPLICATION-NAME FILE [KEYMAP ...]
# Reads FILE as readline reads an init file, then prints, as `bind -p` and `bind -v` do, the
# variables and, for each keymap named, a line `set keymap NAME` and its functions and macros,
# as `ghostline --dump-bindings` prints them.
# readline's complaints go to standard error.
import ctypes
import sys

readline = ctypes.CDLL("libreadline.so.8")
libc = ctypes.CDLL("libc.so.6")
libc.fdopen.restype = ctypes.c_void_p
libc.fdopen.argtypes = [ctypes.c_int, ctypes.c_char_p]
libc.fputs.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
libc.fflush.argtypes = [ctypes.c_void_p]
readline.rl_get_keymap_by_name.restype = ctypes.c_void_p
readline.rl_get_keymap_by_name.argtypes = [ctypes.c_char_p]
readline.rl_set_keymap.argtypes = [ctypes.c_void_p]
readline.rl_read_init_file.argtypes = [ctypes.c_char_p]

output = libc.fdopen(1, b"w")
ctypes.c_void_p.in_dll(readline, "rl_outstream").value = output
application = ctypes.create_string_buffer(sys.argv[1].encode())
ctypes.c_void_p.in_dll(readline, "rl_readline_name").value = ctypes.addressof(application)
readline.rl_initialize()
readline.rl_read_init_file(sys.argv[2].encode())
readline.rl_variable_dumper(1)
for keymap in sys.argv[3:]:
    libc.fputs(b"set keymap " + keymap.encode() + b"\n", output)
    readline.rl_set_keymap(readline.rl_get_keymap_by_name(keymap.encode()))
    readline.rl_function_dumper(1)
    readline.rl_macro_dumper(1)
libc.fflush(output)
