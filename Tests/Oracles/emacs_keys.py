"""Key sets of readline's emacs mode for differential.py: the keys both editors are meant to
handle alike, weighted so that random sequences make and change words.

Left out on purpose (Docs/KeyBindings.md, "Differences from readline"): keys whose result is
not the entry (Tab's completion, Ctrl-R's search, Ctrl-L), keys that end input (Ctrl-D on an
empty entry, Ctrl-C, Ctrl-Z), Ctrl-X Ctrl-E (bash's, not readline's), Alt-Enter, and undo
(Ctrl-_, Ctrl-X Ctrl-U): readline groups the text it finds already typed into one undo, so what
an undo takes back depends on how fast the keys came; Ghostline groups typing by word. Alt-_
is Alt-.'s other key in readline, but ESC _ over the wire starts an APC string for Ghostline's
decoder; Ctrl-V ESC inserts ESC alone in readline, while Ghostline reads ESC and the next key
as one Alt key.
"""
from differential import Case

ESC = b"\x1b"


def control(letter):
    return bytes([ord(letter) & 0x1F])


def alt(key):
    return ESC + (key.encode() if isinstance(key, str) else key)


#: Text: short words, with `_`, digits and punctuation between them.
TEXT = [b"a", b"b", b"c", b"x", b"y", b"1", b"2", b" ", b" ", b" ", b"_", b"-", b".", b"/"]
WORDS = [b"foo", b"bar", b"baz_qux", b"a1", b"hello", b"X-Y"]

#: Motions, deletions, kills and yanks, case changes: what Ghostline had before issue 23.
CORE = [
    control("a"), control("e"), control("b"), control("f"), b"\x1b[D", b"\x1b[C",
    alt("b"), alt("f"),
    b"\x7f", control("h"), b"\x1b[3~",
    control("k"), control("u"), control("w"), alt("d"), alt(b"\x7f"),
    control("y"), alt("y"),
    control("t"), alt("u"), alt("l"), alt("c"),
]

#: What issue 23 adds: arguments, words, history arguments, character search and more.
WIDE = CORE + [
    alt("t"), alt("r"), alt(b"\x12"), alt("\\"),
    alt("."), alt(b"\x19"),
    alt("<"), alt(">"), control("p"), control("n"),
    alt(b"\x08"),
]

DIGITS = [alt(str(digit)) for digit in range(10)] + [alt("-")]


def text(random):
    return random.choice(TEXT) if random.random() < 0.6 else random.choice(WORDS)


def start(random):
    """A few words to work on."""
    return [random.choice(WORDS) + b" " + random.choice(WORDS)] + [text(random) for _ in range(random.randint(0, 3))]


def argument(random):
    """A numeric argument: Alt-digit or Alt--, sometimes more digits after it."""
    keys = [random.choice(DIGITS)]
    while random.random() < 0.3:
        keys.append(str(random.randint(0, 9)).encode())
    return keys


def character_search(random):
    return [random.choice([control("]"), alt(b"\x1d")]), random.choice(b"abxy_ o.").to_bytes(1, "big")]


def core(random):
    keys = start(random)
    for _ in range(random.randint(3, 12)):
        keys.append(random.choice(CORE) if random.random() < 0.6 else text(random))
    return Case(keys)


def wide(random):
    keys = start(random)
    for _ in range(random.randint(3, 12)):
        roll = random.random()
        if roll < 0.15:
            keys += argument(random)
            keys.append(random.choice(WIDE) if random.random() < 0.8 else text(random))
        elif roll < 0.22:
            keys += character_search(random)
        elif roll < 0.65:
            keys.append(random.choice(WIDE))
        else:
            keys.append(text(random))
    return Case(keys)


#: Marks, quoted insert, horizontal space, comments and keyboard macros.
MARKS = [alt(" "), control("x") + control("x")]
QUOTED = [control("v"), control("q")]


def mark_step(random):
    """A key of the marks set: a mark, a quoted key, Alt-\\, or a core key or text."""
    roll = random.random()
    if roll < 0.3:
        return [random.choice(MARKS)]
    if roll < 0.45:
        return [random.choice(QUOTED), random.choice([control("a"), control("b"), b"\t", b"x", b"\x7f"])]
    if roll < 0.55:
        return [alt("\\")]
    return [random.choice(CORE) if random.random() < 0.5 else text(random)]


def finish(random, keys):
    """The case, now and then ended by Alt-#, which submits the entry commented out."""
    if random.random() < 0.15:
        return Case(keys + [alt("#")], submits=True)
    return Case(keys)


def marks(random):
    keys = start(random)
    for _ in range(random.randint(2, 8)):
        keys += mark_step(random)
    return finish(random, keys)


#: Counts for macros: one Alt-digit or Alt--. Digits typed after it, readline 8.2 leaves out of a macro
#: (it reads them outside its key dispatch), and before Ctrl-X ( it records the last macro's
#: keys twice (Docs/KeyBindings.md).
COUNTS = [alt(str(digit)) for digit in range(10)] + [alt("-")]


def counted(random, key, chance):
    return ([random.choice(COUNTS)] if random.random() < chance else []) + [key]


def macros(random):
    keys = start(random)
    for _ in range(random.randint(2, 6)):
        roll = random.random()
        if roll < 0.25:
            # Commands with at most one character between them: readline 8.2 replaying two
            # typed characters in a row takes the second as typed ahead and loses it, or not,
            # as the replay's timing goes.
            body = []
            for _ in range(random.randint(1, 3)):
                body += counted(random, random.choice(CORE + MARKS), 0.1)
                if random.random() < 0.5:
                    body.append(random.choice(TEXT))
            keys += [control("x") + b"("] + body + counted(random, control("x") + b")", 0.2)
        elif roll < 0.4:
            keys += counted(random, control("x") + b"e", 0.3)
        else:
            keys += mark_step(random)
    return finish(random, keys)


#: Patterns for the non-incremental search: words of differential.HISTORY and of the keys typed,
#: anchored ones (`^`), one found nowhere. No Escape (readline 8.2 types it into the pattern,
#: Ghostline cancels) and no Ctrl-C (readline's is the terminal's signal).
PATTERNS = [b"echo", b"o", b"ls", b"git", b"make", b"foo", b"-", b"a", b"^c", b"^g", b"^e", b"zz"]


def search(random, searched):
    """Alt-P or Alt-N, a pattern and Enter, or a search abandoned: Ctrl-G, or Backspace past
    the pattern's start. An empty pattern (search again) only after one was given in the case:
    with none yet readline leaves the line empty and keeps it for the history walk."""
    keys = [random.choice([alt("p"), alt("n")])]
    pattern = random.choice(PATTERNS)
    roll = random.random()
    if roll < 0.15 and searched:
        return keys + [b"\r"]
    if roll < 0.25:
        keys.append(pattern)
        return keys + [control("g")] if random.random() < 0.5 else keys + [b"\x7f"] * (len(pattern) + 1)
    if roll < 0.3:
        keys += [pattern, control("w"), random.choice(PATTERNS)]
    else:
        keys.append(pattern)
    return keys + [b"\r"]


def searches(random):
    """The non-incremental search (Alt-P, Alt-N) among typing, motions, kills and yanks. Not
    among Ctrl-P and Ctrl-N: readline keeps the edits made to an entry recalled from history (a
    search's text put in place of it is one) when the walk leaves it, and Ghostline does not
    (the search's own walk is in the unit tests, checked against readline by hand)."""
    keys = start(random)
    searched = False
    for _ in range(random.randint(2, 7)):
        roll = random.random()
        if roll < 0.5:
            step = search(random, searched)
            searched = searched or step[-1] == b"\r" and len(step) > 2
            keys += step
        elif roll < 0.8:
            keys.append(random.choice(CORE))
        else:
            keys.append(text(random))
    return Case(keys)


SETS = {"core": core, "wide": wide, "marks": marks, "macros": macros, "searches": searches}
