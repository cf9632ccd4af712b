# Ghostline — the two commands a new machine needs are `make run` and `make test`.
SWIFT ?= swift
PLACEHOLDER ?= Type a message…

.PHONY: build run test bench clean unicode-tables

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

# Regenerates Sources/GhostlineCore/Unicode/UnicodeWidthTables.swift from the Unicode Character
# Database (Debian/Ubuntu package `unicode-data`); see Docs/Unicode.md.
UCD ?= /usr/share/unicode
unicode-tables:
	$(SWIFT) run generate-unicode-tables $(UCD)

clean:
	$(SWIFT) package clean
	rm -rf .build
