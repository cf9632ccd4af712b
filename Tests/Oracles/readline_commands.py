"""A key set for differential.py: readline's commands that its emacs map leaves unbound or binds
to keys the other sets leave out, bound here to Ctrl-X keys in the init file both programs read:
kills and copies of a line, a region, a word and a path component, the place-dependent
deletions, the history substring searches, fetch-history, operate-and-get-next (Ctrl-O), menu
completion, and Alt with an uppercase letter (do-lowercase-version). Yanks follow the copies, so
that what went to the kill ring shows in the entry.
"""
from differential import Case
from emacs_keys import CORE, alt, argument, control, start, text

INPUTRC = "".join(f'"\\C-x{key}": {name}\n' for key, name in [
    ("k", "kill-whole-line"), ("w", "kill-region"), ("c", "copy-region-as-kill"),
    ("b", "copy-backward-word"), ("f", "copy-forward-word"), ("/", "unix-filename-rubout"),
    ("d", "forward-backward-delete-char"), ("p", "history-substring-search-backward"),
    ("n", "history-substring-search-forward"), ("h", "fetch-history"),
    ("i", "menu-complete"), ("j", "menu-complete-backward"), ("o", "old-menu-complete"),
])

#: Sorted and without repeats, as readline lists its matches.
COMPLETIONS = ["bar", "baz", "baz_qux", "foo", "foobar", "food", "hello", "help"]

KILLS = [control("x") + key for key in [b"k", b"w", b"c", b"b", b"f", b"/", b"d"]]
MARKS = [alt(" "), control("x") + control("x")]
YANKS = [control("y"), control("y"), alt("y")]
SEARCHES = [control("x") + b"p", control("x") + b"n"]
COMPLETING = [control("x") + b"i", control("x") + b"j", control("x") + b"o"]
UPPERCASE = [alt(letter) for letter in "BFDULCTY"]
PATHS = [b"/usr/lib", b"a//b/", b"x/", b"//", b" ./c"]
PREFIXES = [b" f", b" ba", b" he", b" hel", b" z", b" "]


def step(random, searches):
    roll = random.random()
    if roll < 0.25:
        return [random.choice(KILLS)] + ([random.choice(YANKS)] if random.random() < 0.6 else [])
    if roll < 0.35:
        return [random.choice(MARKS)]
    if roll < 0.45:
        return [random.choice(SEARCHES if searches else KILLS)]
    if roll < 0.5:
        return argument(random) + [random.choice(KILLS + (SEARCHES if searches else []))]
    if roll < 0.6:
        return [random.choice(PREFIXES)] + [random.choice(COMPLETING) for _ in range(random.randint(1, 4))]
    if roll < 0.67:
        return [random.choice(UPPERCASE)]
    if roll < 0.72:
        return [random.choice(PATHS)]
    if roll < 0.85:
        return [random.choice(CORE)]
    return [text(random)]


def commands(random):
    """Kills, copies, yanks, searches and completions among typing. A history entry is fetched
    only first, and then not searched in: readline keeps what is done to an entry recalled from
    history in the history when the walk leaves it or the entry is submitted (a search's text put
    in place of it too), and Ghostline does not (emacs_keys.searches says the same)."""
    global recalls
    fetches = random.random() < 0.3
    keys = argument(random) + [control("x") + b"h"] if fetches else []
    keys += start(random)
    for _ in range(random.randint(2, 8)):
        keys += step(random, searches=not (fetches or recalls))
    # Now and then the entry ends with Ctrl-O, and the next case starts with the entry after it
    # (an entry recalled from history, then, which it does not search in either).
    recalls = random.random() < 0.15
    if recalls:
        return Case(keys + [control("o")], submits=True)
    return Case(keys)


#: Whether the case generated last ended with Ctrl-O.
recalls = False


SETS = {"commands": commands}
