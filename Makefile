# Strata's front door. `make site` builds Strata's own documentation into Output/;
# `make test` runs the whole test suite. Both install missing system packages first.

SWIFT ?= swift
UNAME := $(shell uname -s)
APT_PACKAGES := libcmark-gfm-dev libcmark-gfm-extensions-dev libgraphviz-dev pkg-config
BREW_PACKAGES := cmark-gfm graphviz pkg-config
# scripts/install-deps.sh uses Homebrew on macOS, apt elsewhere (it also knows the apt names).
DEPS_PACKAGES := $(if $(filter Darwin,$(UNAME)),$(BREW_PACKAGES),$(APT_PACKAGES))
BUILD_FLAGS ?=
# Release builds link the Swift runtime and Foundation statically: the binary runs on a
# machine without the toolchain, and starts in a third less time (no symbol binding of the
# runtime's libraries at every launch).
# It is also linked as a position-dependent executable and exports no symbols: the loader
# then has no 147,000 relocations to apply and no 60,000-symbol table to search, which took
# `strata --version` from 11.3 ms to 8.0 ms and every command's start by as much (see
# Content/reference/performance.md). The executable's own addresses are then not randomised
# (its heap, stack and libraries still are), as with Go's default builds; drop the two
# -Xlinker pairs to trade the 3 ms back.
# On macOS neither applies: the Swift runtime is part of the system (SwiftPM cannot link it
# statically there), and Apple's linker has neither GNU ld flag.
ifeq ($(UNAME),Darwin)
RELEASE_LINK_FLAGS ?=
RELEASE_FLAGS := -c release $(RELEASE_LINK_FLAGS)
else
RELEASE_LINK_FLAGS ?= -Xlinker -no-pie -Xlinker --no-export-dynamic
RELEASE_FLAGS := -c release --static-swift-stdlib $(RELEASE_LINK_FLAGS)
endif
STRATA := .build/debug/strata

.PHONY: all site preview test check format build release deps clean check-theme-list accuracy bench flake-hunt fuzz hostile dist dist-test

all: site

## deps: install the system libraries Strata links (cmark-gfm, Graphviz) if missing.
deps:
	@scripts/install-deps.sh $(DEPS_PACKAGES)

## build: compile Strata (debug).
build: deps check-theme-list
	$(SWIFT) build $(BUILD_FLAGS) --product strata

## site: build Strata's own documentation (Content/ + Themes/default) into Output/.
site: build
	$(STRATA) build --strict
	@echo "Open Output/index.html in a browser, or run 'make preview' to serve it with live reload."

## preview: build Strata, then serve its docs on http://127.0.0.1:8000, rebuilding and
## reloading the browser on every save (PORT=... to choose another port).
PORT ?= 8000
preview: build
	$(STRATA) serve --port $(PORT)

## test: run every test target, the browser tests in headless Chromium included (installed
## if missing, with jq and git for the Action's and history tests; screenshots go to .build/test-artifacts/browser/), then Strata's SwiftPM
## command plugin through `swift package strata` (scripts/test-plugin.sh).
test: deps check-theme-list
	@scripts/install-deps.sh chromium jq git
	$(SWIFT) build $(BUILD_FLAGS) --build-tests
	$(SWIFT) test $(BUILD_FLAGS) --skip-build
	SWIFT=$(SWIFT) scripts/test-plugin.sh

## flake-hunt: run the whole suite RUNS times (default 10) from a fresh clone of HEAD, with
## LOAD busy loops competing for the cores (default 0), then LOADED_RUNS more with LOAD (or
## 2) busy loops, and print every test that ever failed with its message
## (scripts/flake-hunt.sh).
RUNS ?= 10
LOAD ?= 0
LOADED_RUNS ?= 0
flake-hunt:
	scripts/flake-hunt.sh --load $(LOAD) --loaded-runs $(LOADED_RUNS) $(RUNS)

## fuzz: fuzz each reader (page, swift-source, manifest, config, pbxproj, diagram) with libFuzzer for
## FUZZ_SECONDS each (default 60); FUZZ_TARGETS picks some. Findings go to
## .build-fuzz/findings/<target>/ (scripts/fuzz.sh).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
fuzz: deps check-theme-list
	scripts/fuzz.sh -t $(FUZZ_SECONDS) $(FUZZ_TARGETS)

## check: Strata's Swift as `swift format` writes it (lines of at most 120 characters), and
## its own module graph judged against the layers and rules in strata.yml.
check: build
	@scripts/install-deps.sh python3
	scripts/check-format.sh
	$(STRATA) check --strict

## format: rewrite Strata's Swift files as `swift format` writes them (.swift-format).
format:
	git ls-files '*.swift' | grep -v '^Tests/Fixtures/' | xargs swift format format -i --configuration .swift-format

## accuracy: compare Strata's module graph with `swift package dump-package` on the real
## packages of this machine (/opt/swift-packages), with timings. Builds in release mode.
accuracy: deps check-theme-list
	RELEASE_LINK_FLAGS="$(RELEASE_LINK_FLAGS)" scripts/accuracy.sh

## bench: Strata's speed side by side with Hugo, MkDocs Material and DocC on generated
## corpora of 1,000 and 5,000 pages, with Hugo and cmark-gfm on documentation shaped like a
## proposals repository and a language book (DOCS), and on generated layered packages of 100, 500 and
## 2,000 modules (graph reading against `swift package dump-package`, the layering check,
## diagram layout, whole builds), on a 1,000-file app target whose layers are folders (types and
## references read and checked), the history page of 100 commits of that app beside a checkout
## and `strata check` at each commit, incremental rebuilds, `strata serve`'s save-to-reload
## latency and peak memory: medians of RUNS runs (default 5); DOCS_ONLY=1 measures only the
## documentation-shaped corpora, HISTORY_ONLY=1 only the history. Installs Hugo, wrk and a
## virtual environment with MkDocs Material. Prints a Markdown report and writes it to
## REPORT (default .build/bench/report.md).
bench: deps check-theme-list
	@scripts/install-deps.sh python3 python3-venv wrk hugo time cmark-gfm
	$(SWIFT) build $(RELEASE_FLAGS) --product strata
	mkdocs=$$(scripts/bench-tools.sh) && scripts/bench.py --mkdocs "$$mkdocs"

## hostile: run a release build on about 1,400 hostile inputs (every input Strata reads,
## every format it writes, serve under load), each watched for crashes, runs over 30 s or
## 1 GB, and files read or written outside the project (scripts/hostile-campaign.py).
hostile: deps check-theme-list
	@scripts/install-deps.sh time python3
	$(SWIFT) build $(RELEASE_FLAGS) --product strata
	scripts/hostile-campaign.py --strata .build/release/strata

## release: an optimised binary at .build/release/strata.
release: deps check-theme-list
	$(SWIFT) build $(RELEASE_FLAGS) --product strata

## dist: package a release for this machine into .build/dist/ (scripts/dist.sh): on Linux the
## archive (Swift runtime linked statically) and a .deb whose dependencies name this Debian's
## cmark-gfm and Graphviz packages; on macOS this architecture's archive; and SHA256SUMS.
dist: deps check-theme-list
	scripts/dist.sh

## dist-test: install what `make dist` wrote into fresh Debian systems made by debootstrap
## (chroots under .build/dist-test/; needs root and the network) and run strata build and
## check there: the .deb with its dependencies, the archive with only the two C libraries.
dist-test:
	scripts/test-dist.sh

# SwiftPM re-plans a build (and so re-runs the plugin that embeds Themes/default) only when
# the package's own file list changes. A file added to or removed from the default theme
# would go unnoticed, so when the theme's file list changes we mark the manifest as touched.
check-theme-list:
	@mkdir -p .build
	@find Themes/default -type f ! -name '.*' | LC_ALL=C sort > .build/theme-files.new
	@if ! cmp -s .build/theme-files.new .build/theme-files.list; then \
		touch Package.swift; mv .build/theme-files.new .build/theme-files.list; \
	else rm -f .build/theme-files.new; fi

clean:
	rm -rf .build Output
