# Ghostline — the two commands a new machine needs are `make run` and `make test`.
SWIFT ?= swift
PLACEHOLDER ?= Type a message…

.PHONY: build run test bench examples clean unicode-tables doc-coverage docs

build:
	$(SWIFT) build

run: build
	.build/debug/ghostline --placeholder "$(PLACEHOLDER)" --loop

# The end-to-end tests drive the built `ghostline` binary, so build it first.
test: build doc-coverage
	$(SWIFT) test

# The example apps of Sources/Examples (README, "Examples"); `swift run NAME` runs one.
EXAMPLES = calculator commit-message password new-project
examples:
	for example in $(EXAMPLES); do $(SWIFT) build --product $$example || exit 1; done

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

# The library modules whose public declarations form the reference (`make docs`).
PUBLIC_MODULES = Ghostline GhostlineCore GhostlineTerminal GhostlineTesting
SYMBOL_GRAPHS = .build/symbol-graphs
SYMBOLGRAPH_EXTRACT ?= swift-symbolgraph-extract
DOCC ?= docc
TARGET_TRIPLE ?= $(shell uname -m)-unknown-linux-gnu

# The symbol graphs of the debug build's public modules, one directory per module, read from the
# built modules (no second build).
symbol-graphs: build
	rm -rf $(SYMBOL_GRAPHS)
	for module in $(PUBLIC_MODULES); do \
		mkdir -p $(SYMBOL_GRAPHS)/$$module && \
		$(SYMBOLGRAPH_EXTRACT) -module-name $$module -I $$($(SWIFT) build --show-bin-path)/Modules \
			-target $(TARGET_TRIPLE) -minimum-access-level public -output-dir $(SYMBOL_GRAPHS)/$$module || exit 1; \
	done

# Every public declaration has a doc comment: lists those without one and fails if there is any.
doc-coverage: symbol-graphs
	$(SWIFT) .ci/undocumented-symbols.swift $(SYMBOL_GRAPHS)

# The DocC reference of every public module, with the guides of Docs/, merged into
# .build/docs/Ghostline.doccarchive (`docc preview` or any static file server shows it).
docs: symbol-graphs
	.ci/build-docs $(DOCC) $(SYMBOL_GRAPHS) .build/docs $(PUBLIC_MODULES)

