# Ghostline — the two commands a new machine needs are `make run` and `make test`.
SWIFT ?= swift
PLACEHOLDER ?= Type a message…

.PHONY: build run test bench size clean unicode-tables

build:
	$(SWIFT) build

run: build
	.build/debug/ghostline --placeholder "$(PLACEHOLDER)" --loop

# The end-to-end tests drive the built `ghostline` binary, so build it first.
test: build
	$(SWIFT) test

bench:
	$(SWIFT) build -c release --product ghostline-bench
	.build/release/ghostline-bench

# The release CLI's size, and a check that neither the regex runtime nor the concurrency runtime
# (with Dispatch) is linked into it: one call of a string algorithm brings back 1 MB
# (Docs/Performance.md, "What embedding costs").
size:
	$(SWIFT) build -c release --product ghostline
	@wc -c < .build/release/ghostline | awk '{ print "ghostline: " $$1 " bytes" }'
	@if nm .build/release/ghostline | grep -qE '17_StringProcessing|12_RegexParser|_dispatch_'; then \
		echo "ghostline links the regex or concurrency runtime again: nm .build/release/ghostline"; exit 1; fi

# Regenerates Sources/GhostlineCore/Unicode/UnicodeWidthTables.swift from the Unicode Character
# Database (Debian/Ubuntu package `unicode-data`); see Docs/Unicode.md.
UCD ?= /usr/share/unicode
unicode-tables:
	$(SWIFT) run generate-unicode-tables $(UCD)

clean:
	$(SWIFT) package clean
	rm -rf .build
