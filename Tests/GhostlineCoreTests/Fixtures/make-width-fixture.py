#!/usr/bin/env python3
"""Write wcwidth-fixture.txt: tricky strings and their terminal width according to wcwidth.

Usage: make-width-fixture.py [UCD-directory]   (default /usr/share/unicode)

Each line of the fixture is `<code points in hex, space-separated>\t<width>`, the width being
`wcwidth.wcswidth` of the string. Lines starting with `#` are comments. DisplayWidthConformanceTests
splits each string into Swift Characters and checks that their displayWidth values add up to it.

The strings come from the same Unicode Character Database files as the generated tables (so the
East Asian Width boundaries are those of the tables' version) and cover: every East Asian Width
class boundary, emoji ZWJ, flag, tag, modifier (skin tone) and keycap sequences, VS15/VS16
variants, Hangul jamo sequences, combining stacks, fullwidth and halfwidth forms, CJK and
zero-width characters. Control characters are left out: wcwidth gives them -1, while Ghostline
draws them in caret notation (tested separately).
"""

import os
import random
import sys
import unicodedata

import wcwidth

UCD = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode"
OUTPUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "wcwidth-fixture.txt")


def data_lines(name):
    with open(os.path.join(UCD, name), encoding="utf-8") as file:
        for line in file:
            data = line.split("#", 1)[0].strip()
            if data:
                yield [field.strip() for field in data.split(";")]


def code_point_range(field):
    first, _, last = field.partition("..")
    return int(first, 16), int(last or first, 16)


def sequences(name, kinds):
    for fields in data_lines(name):
        if fields[1] in kinds:
            yield [int(part, 16) for part in fields[0].split()]


def is_control(code_point):
    return code_point < 0x20 or 0x7F <= code_point <= 0x9F


def is_scalar(code_point):
    return not 0xD800 <= code_point <= 0xDFFF


strings = []
seen = set()


def add(code_points):
    key = tuple(code_points)
    if key in seen or not all(is_scalar(c) and not is_control(c) for c in key):
        return
    seen.add(key)
    strings.append(key)


# Code points the tables' Unicode version assigns, plus the blocks and planes whose unassigned code
# points UAX #11 makes wide. Anything else is unknown to the tables: a character assigned later
# gets whatever width the newer data give it, which the tables cannot foresee.
known = set(range(0x3400, 0x4DC0)) | set(range(0x4E00, 0xA000)) | set(range(0xF900, 0xFB00))
known |= set(range(0x20000, 0x2FFFE)) | set(range(0x30000, 0x3FFFE))
range_start = None
for fields in data_lines("UnicodeData.txt"):
    code_point = int(fields[0], 16)
    if fields[1].endswith(", First>"):
        range_start = code_point
    elif fields[1].endswith(", Last>"):
        known |= set(range(range_start, code_point + 1))
    else:
        known.add(code_point)

# Every East Asian Width class boundary: the code points on either side, unlisted ones being "N".
width_class = {}
for fields in data_lines("EastAsianWidth.txt"):
    first, last = code_point_range(fields[0])
    for code_point in range(first, last + 1):
        width_class[code_point] = fields[1]
previous = "N"
for code_point in range(0x110000):
    current = width_class.get(code_point, "N")
    if current != previous:
        for side in (code_point - 1, code_point):
            if side in known:
                add([side])
    previous = current

# Emoji sequences, all of them: ZWJ families, flags, subdivision tags, skin tones, keycaps.
for kinds, name in [
    ({"RGI_Emoji_ZWJ_Sequence"}, "emoji/emoji-zwj-sequences.txt"),
    ({"RGI_Emoji_Flag_Sequence", "RGI_Emoji_Tag_Sequence", "RGI_Emoji_Modifier_Sequence",
      "Emoji_Keycap_Sequence"}, "emoji/emoji-sequences.txt"),
]:
    for sequence in sequences(name, kinds):
        add(sequence)

# VS15 and VS16 variants of every base with both presentations, and keycaps without VS16.
for fields in data_lines("emoji/emoji-variation-sequences.txt"):
    add([int(part, 16) for part in fields[0].split()])
for base in "#*0123456789":
    add([ord(base), 0x20E3])

# Emoji presentation characters alone, and modifiers, regional indicators alone and in odd runs.
for fields in data_lines("emoji/emoji-data.txt"):
    if fields[1] in ("Emoji_Presentation", "Emoji_Modifier"):
        first, last = code_point_range(fields[0])
        for code_point in range(first, last + 1, 3):
            add([code_point])
add([0x1F1EB, 0x1F1F7, 0x1F1E9])
add([0x1F1EB, 0x1F1F7, 0x1F1E9, 0x1F1EA])

# Hangul: conjoining jamo L+V and L+V+T (modern and archaic), lone V and T, syllables.
leading = list(range(0x1100, 0x1113)) + [0x115F, 0xA960, 0xA97C]
vowels = list(range(0x1161, 0x1176)) + [0x1160, 0xD7B0, 0xD7C6]
trailing = list(range(0x11A8, 0x11C3)) + [0xD7CB, 0xD7FB]
for index, first in enumerate(leading):
    for vowel in vowels[index % 4::4]:
        add([first, vowel])
        add([first, vowel, trailing[(index + vowel) % len(trailing)]])
for jamo in vowels + trailing:
    add([jamo])
for syllable in range(0xAC00, 0xD7A4, 97):
    add([syllable])
    add([syllable, 0x11A8])

# Combining stacks on Latin, Greek, Cyrillic, Hebrew, Arabic, Thai, CJK and kana bases.
random.seed(1)
nonspacing = [c for c in range(0x300, 0x1E950)
              if unicodedata.category(chr(c)) in ("Mn", "Me") and wcwidth.wcwidth(chr(c)) == 0]
bases = [ord(c) for c in "aZeé0Ωжאبก中あア한"] + [0xFF21, 0x1F600]
for count in range(1, 6):
    for base in bases:
        for _ in range(3):
            add([base] + random.sample(nonspacing, count))
for mark in nonspacing[::7]:
    add([mark])
add([0x65, 0x301])
add([0x5D0, 0x5B8, 0x5BC])
add([0x628, 0x650, 0x651])
add([0xE01, 0xE33])
add([0xE01, 0xE48, 0xE33])
add([0xEAB, 0xEB3])
add([0x915, 0x94D, 0x937])
add([0x600, 0x661, 0x662])

# Fullwidth and halfwidth forms, CJK ideographs and punctuation, kana.
for code_point in range(0xFF01, 0xFFEF):
    add([code_point])
for first, last, step in [(0x3000, 0x30FF, 1), (0x3400, 0x4DBF, 151), (0x4E00, 0x9FFF, 173),
                          (0xF900, 0xFAFF, 13), (0x20000, 0x2A6DF, 997), (0x30000, 0x3134A, 331)]:
    for code_point in range(first, last + 1, step):
        add([code_point])

# Zero-width and default-ignorable characters, alone and between letters.
zero_width = [0xAD, 0x34F, 0x61C, 0x115F, 0x1160, 0x17B4, 0x180B, 0x180E, 0x200B, 0x200C, 0x200D,
              0x200E, 0x202E, 0x2060, 0x2064, 0x2066, 0x3164, 0xFE00, 0xFE0E, 0xFE0F, 0xFEFF,
              0xFFA0, 0x1D173, 0xE0001, 0xE0020, 0xE007F, 0xE0100, 0xE01EF, 0xE0FFF]
for code_point in zero_width:
    add([code_point])
    add([ord("a"), code_point, ord("b")] if code_point != 0x200D else [ord("a"), code_point])
    add([0x4E2D, code_point])

# Mixed text, as a user would type or paste it.
for text in ["Hello, 世界!", "naïve café", "日本語のテキスト", "한국어 텍스트", "emoji 👍🏽 and 👨‍👩‍👧‍👦 here",
             "🇫🇷🇩🇪🇯🇵", "ｈａｌｆ ｱｲｳ", "Ａ１！", "x\u0301\u0302y", "⌚︎⌚️☺︎☺️", "1️⃣2️⃣#️⃣"]:
    add([ord(c) for c in text])

# Known disagreements, kept as samples (see Docs/Unicode.md): spacing marks after a base, a
# syllable block of several leading jamo, and an emoji assigned after the tables' Unicode version.
add([0x915, 0x93F])
add([ord("a"), 0x903])
add([0x1100, 0x1100, 0x1161])
add([0x1FAE9])

with open(OUTPUT, "w", encoding="utf-8") as file:
    file.write("# Terminal widths by wcwidth %s (Unicode %s), written by make-width-fixture.py\n"
               % (wcwidth.__version__, wcwidth.list_versions()[-1]))
    file.write("# from the Unicode Character Database in %s. Format: code points<TAB>width.\n" % UCD)
    for code_points in strings:
        width = wcwidth.wcswidth("".join(map(chr, code_points)))
        file.write("%s\t%d\n" % (" ".join("%04X" % c for c in code_points), width))
print("wrote %s: %d strings" % (OUTPUT, len(strings)))
