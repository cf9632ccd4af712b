# Ghostline — the two commands a new machine needs are `make run` and `make test`.
SWIFT ?= swift
PLACEHOLDER ?= Type a message…

.PHONY: build run test bench clean

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

clean:
	$(SWIFT) package clean
	rm -rf .build
