# Ghostline — the two commands a new machine needs are `make run` and `make test`.
SWIFT ?= swift
PLACEHOLDER ?= Type a message…

.PHONY: build run test sanitize sanitize-address sanitize-thread fuzz bench bench-menu budget size idle-memory startup-symbols examples outside-app clean unicode-tables doc-coverage docs

build:
	$(SWIFT) build

run: build
	.build/debug/ghostline --placeholder "$(PLACEHOLDER)" --loop

# The end-to-end tests drive the built `ghostline` binary, so build it first.
test: build doc-coverage
	$(SWIFT) test

# The unit tests and the end-to-end tests against builds with AddressSanitizer and with
# ThreadSanitizer, each in a scratch path of its own so the normal build is untouched. The
# end-to-end tests run the `ghostline` of the same build (GHOSTLINE_BUILD_DIR), and the tests pass
# the sanitizer settings on to it, so every process writes its reports to files under
# REPORTS/<sanitizer>; the run fails when a test fails or any report was written, even one from a
# child whose exit status a test expected, and shows the reports either way (a report halts the
# process it is about, the test runner too). The toolchain's lld links the sanitized builds (gold
# warns about the sanitizers' local symbols). Leak checking is off: at exit the Swift runtime and
# XCTest keep allocations that LeakSanitizer counts as leaks, none of them ours.
SANITIZE_FLAGS = --scratch-path .build/$(1) --sanitize=$(2) -Xswiftc -use-ld=lld
REPORTS = .build/sanitizer-reports
# Named outright: the programs the tests start have no PATH to find it by.
SYMBOLIZER := $(shell command -v llvm-symbolizer)
SYMBOLIZING = $(if $(SYMBOLIZER),:external_symbolizer_path=$(SYMBOLIZER))

sanitize: sanitize-address sanitize-thread

sanitize-address:
	$(call run-sanitized,asan,address,ASAN_OPTIONS=halt_on_error=1:detect_leaks=0:log_path=$(CURDIR)/$(REPORTS)/asan/report$(SYMBOLIZING))

sanitize-thread:
	$(call run-sanitized,tsan,thread,TSAN_OPTIONS=halt_on_error=1:log_path=$(CURDIR)/$(REPORTS)/tsan/report$(SYMBOLIZING))

# $(1) scratch directory, $(2) sanitizer, $(3) its settings. `nm` checks the CLI that the
# end-to-end tests start really is the instrumented one.
define run-sanitized
	$(SWIFT) build --build-tests $(call SANITIZE_FLAGS,$(1),$(2))
	nm .build/$(1)/debug/ghostline | grep -q __$(1)_init
	rm -rf $(REPORTS)/$(1) && mkdir -p $(REPORTS)/$(1)
	GHOSTLINE_BUILD_DIR=.build/$(1)/debug $(3) $(SWIFT) test --skip-build --disable-xctest $(call SANITIZE_FLAGS,$(1),$(2)) \
		|| { cat $(REPORTS)/$(1)/* 2>/dev/null; exit 1; }
	@if [ -n "$$(ls $(REPORTS)/$(1))" ]; then cat $(REPORTS)/$(1)/*; echo "$(2) sanitizer reports in $(REPORTS)/$(1)"; exit 1; fi
endef

# libFuzzer targets (Tests/Fuzz, declared in Package.swift only when GHOSTLINE_FUZZ=1), built with
# -sanitize=fuzzer,address, optimized but with assertions on, in a scratch path of their own. The
# two sanitizers go in one flag: as SwiftPM's two --sanitize options the compiler was given only
# the last, and the code had no coverage for libFuzzer to follow.
# `make fuzz SECONDS=N` runs each for N seconds from its seed corpus in Tests/FuzzCorpus; new
# inputs go to .build/fuzz/corpus, crashes to .build/fuzz/crashes. FUZZ_FLAGS adds libFuzzer
# options (`FUZZ_FLAGS=-seed=1`). Swift's backtracer is off: started by a crash, it kept the
# output open without end here, and libFuzzer prints the stack itself. See Docs/Fuzzing.md.
SECONDS ?= 60
FUZZ_FLAGS ?=
FUZZ_TARGETS = editor history-file piped-input printer-message
FUZZ_BUILD = GHOSTLINE_FUZZ=1 $(SWIFT) build -c release --scratch-path .build/fuzz -Xswiftc -sanitize=fuzzer,address \
	-Xswiftc -use-ld=lld -Xswiftc -assert-config -Xswiftc Debug

fuzz:
	$(foreach target,$(FUZZ_TARGETS),$(FUZZ_BUILD) --product ghostline-fuzz-$(target) &&) true
	mkdir -p .build/fuzz/crashes .build/fuzz/tmp
	@export TMPDIR=$(CURDIR)/.build/fuzz/tmp SWIFT_BACKTRACE=enable=no; \
	for target in $(FUZZ_TARGETS); do \
		mkdir -p .build/fuzz/corpus/$$target; \
		echo "fuzzing $$target for $(SECONDS) s"; \
		.build/fuzz/release/ghostline-fuzz-$$target -max_total_time=$(SECONDS) -rss_limit_mb=1024 -timeout=10 \
			-max_len=4096 -print_final_stats=1 -artifact_prefix=.build/fuzz/crashes/$$target- $(FUZZ_FLAGS) \
			.build/fuzz/corpus/$$target Tests/FuzzCorpus/$$target 2> .build/fuzz/$$target.log \
			|| { tail -40 .build/fuzz/$$target.log; exit 1; }; \
		grep -h "stat::number_of_executed_units\|Done" .build/fuzz/$$target.log; \
	done

# An app package outside the repository runs Docs/Testing.md's test against the Ghostline and
# GhostlineTesting products, as an app author's package would (.ci/outside-app).
outside-app:
	.ci/outside-app $(SWIFT)

# The example apps of Sources/Examples (README, "Examples"); `swift run NAME` runs one.
EXAMPLES = calculator commit-message password new-project chat
examples:
	for example in $(EXAMPLES); do $(SWIFT) build --product $$example || exit 1; done

bench:
	$(SWIFT) build -c release --product ghostline-bench
	.build/release/ghostline-bench

# The completion menu with 100,000 candidates through a pty, beside prompt_toolkit when it is
# installed: the time to open it, and the CPU and bytes of a selection move.
bench-menu:
	$(SWIFT) build -c release --product ghostline
	python3 Tests/Bench/menu-bench.py .build/release/ghostline

# The instruction budget: callgrind counts the instructions and allocations of a typed key, a key
# in a 5,000-character line, Up with a history, the first key of an entry and a move through a
# menu of 100,000 candidates, and the run fails
# when one is over its bound (.ci/budget holds the bounds; Docs/Performance.md, "The instruction
# budget"). Needs valgrind.
budget:
	$(SWIFT) build -c release --product ghostline-bench
	.ci/budget .build/release/ghostline-bench .build/budget

# The release CLI's size, at most 3 MB over a static hello world linked the same way
# (Tests/HelloWorld), and a check that neither the regex runtime nor the concurrency runtime
# (with Dispatch) nor the Glibc module's Swift wrappers are linked into it: one call of a string
# algorithm brings back 1 MB, one async function or concurrency type in a module the CLI links
# 1.3 MB, one call of the Glibc module's `open`, `fcntl`, `ioctl` or `errno` 0.14 MB
# (Docs/Performance.md, "What embedding costs"). The concurrency runtime's and Dispatch's own functions start with these
# prefixes; the core runtime's `_swift_task_isCurrentGlobalActorHook` does not match.
SIZE_ALLOWANCE = 3000000
size:
	$(SWIFT) build -c release --product ghostline
	$(SWIFT) build -c release --product hello-world
	@cli=$$(wc -c < .build/release/ghostline); hello=$$(wc -c < .build/release/hello-world); \
	echo "ghostline: $$cli bytes, hello world: $$hello bytes, over it: $$((cli - hello)) (at most $(SIZE_ALLOWANCE))"; \
	if [ $$((cli - hello)) -gt $(SIZE_ALLOWANCE) ]; then \
		echo "ghostline weighs more than $(SIZE_ALLOWANCE) bytes over hello world (Docs/Performance.md)"; exit 1; fi
	@if nm .build/release/ghostline | grep -qE '17_StringProcessing|12_RegexParser'; then \
		echo "ghostline links the regex runtime again: nm .build/release/ghostline"; exit 1; fi
	@if nm .build/release/ghostline | grep -qE ' [A-Za-z] (swift_task_|swift_job_|dispatch_)'; then \
		echo "ghostline links the concurrency runtime again: nm .build/release/ghostline"; exit 1; fi
	@if nm .build/release/ghostline | grep -q ' [A-Za-z] $$s5Glibc'; then \
		echo "ghostline links the Glibc module's Swift wrappers again (and libm with them): nm .build/release/ghostline"; exit 1; fi

# The release CLI's memory at its prompt (VmHWM, the median of five starts in a pty), at most
# IDLE_MEMORY_MB; and the list of the functions it runs on its way there, which the release link
# lays side by side (Docs/Performance.md, "Idle memory"). Both need valgrind's callgrind or a pty.
IDLE_MEMORY_MB = 3.6
idle-memory:
	$(SWIFT) build -c release --product ghostline
	python3 Tests/Bench/startup.py memory .build/release/ghostline $(IDLE_MEMORY_MB)

# SwiftPM does not see the list as an input of the link: the touch links the CLI again with it.
startup-symbols:
	$(SWIFT) build -c release --product ghostline
	python3 Tests/Bench/startup.py symbols .build/release/ghostline > Sources/ghostline/startup-symbols.txt
	touch Sources/ghostline/main.swift
	$(SWIFT) build -c release --product ghostline

# Regenerates Sources/GhostlineCore/Unicode/UnicodeWidthTables.swift from the Unicode Character
# Database (Debian/Ubuntu package `unicode-data`); see Docs/Unicode.md.
UCD ?= /usr/share/unicode
unicode-tables:
	$(SWIFT) run generate-unicode-tables $(UCD)

clean:
	$(SWIFT) package clean
	rm -rf .build

# The library modules whose public declarations form the reference (`make docs`).
PUBLIC_MODULES = Ghostline GhostlineConcurrency GhostlineCore GhostlineTerminal GhostlineTesting
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
			-target $(TARGET_TRIPLE) -minimum-access-level public -emit-extension-block-symbols -output-dir $(SYMBOL_GRAPHS)/$$module || exit 1; \
	done

# Every public declaration has a doc comment: lists those without one and fails if there is any.
doc-coverage: symbol-graphs
	$(SWIFT) .ci/undocumented-symbols.swift $(SYMBOL_GRAPHS)

# The DocC reference of every public module, with the guides of Docs/, merged into
# .build/docs/Ghostline.doccarchive (`docc preview` or any static file server shows it).
docs: symbol-graphs
	.ci/build-docs $(DOCC) $(SYMBOL_GRAPHS) .build/docs $(PUBLIC_MODULES)

