# Two commands do all set-up: `make demo` runs the main job, `make test` runs the tests.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: install deps pictures-deps mcp-deps kiwi-deps browser-deps build demo test gallery ported-sample tested-sample signin-sample tsan asan bench bench-frame bench-digest-instructions bench-recording-instructions fuzz fuzz-daemon report-check docs-images sweep-check uikit-survey docs docs-check clean

# libuv comes from Debian; install it (and pkg-config) when pkg-config cannot find it.
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists libuv; then \
		echo "installing libuv1-dev"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq pkg-config libuv1-dev; \
	fi

# PNG pictures come from SVG through rsvg-convert (Debian's librsvg2-bin). Text is measured
# and drawn with Inter (Debian's fonts-inter, in /usr/share/fonts/opentype/inter).
# What a PNG's bytes depend on, at the versions the goldens were drawn with (Debian 12):
# the rasterizer, its pixel library, the font renderer and the font. Font options (hinting,
# anti-aliasing, sub-pixel order) are set by Lifeloop itself; a different version here is
# named by `make pictures-deps`.
PICTURE_STACK = libcairo2=1.16.0-7 libpixman-1-0=0.42.2-1 libfreetype6=2.12.1+dfsg-5+deb12u4 fonts-inter=4.0~beta7+ds-1

pictures-deps:
	@if ! command -v rsvg-convert >/dev/null 2>&1; then \
		echo "installing librsvg2-bin (rsvg-convert, for PNG pictures)"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq librsvg2-bin; \
	fi
	@if ! fc-list 2>/dev/null | grep -q Inter; then \
		echo "installing fonts-inter (Inter, the font text is measured and drawn with)"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq fonts-inter; \
	fi
	@for pinned in $(PICTURE_STACK); do \
		package=$${pinned%%=*}; want=$${pinned#*=}; \
		have=$$(dpkg-query -W -f='$${Version}' $$package 2>/dev/null); \
		if [ -n "$$have" ] && [ "$$have" != "$$want" ]; then \
			echo "pictures: $$package is $$have here; the PNG goldens were drawn with $$want (Debian 12), so their bytes may differ"; \
		fi; \
	done

# `lifeloop mcp` is tested with the official Python MCP SDK (PyPI's mcp), installed when
# python3 is there and cannot import it.
mcp-deps:
	@if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import mcp' >/dev/null 2>&1; then \
		echo "installing the Python MCP SDK (pip install mcp, for the lifeloop mcp client test)"; \
		python3 -m pip install -q mcp || python3 -m pip install -q --break-system-packages mcp; \
	fi

# The report page is checked in a real browser: Debian's chromium, headless.
browser-deps:
	@if ! command -v chromium >/dev/null 2>&1; then \
		echo "installing chromium (headless, for make report-check)"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium; \
	fi

# The Cassowary solver's differential test solves the same systems with kiwisolver
# (Python); install it from PyPI, or Debian's python3-kiwisolver, when the import fails.
kiwi-deps:
	@if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import kiwisolver' >/dev/null 2>&1; then \
		echo "installing kiwisolver (for the solver's differential test)"; \
		python3 -m pip install -q kiwisolver || \
		{ $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3-kiwisolver; }; \
	fi

build: deps
	$(SWIFT) build

# The whole system: lifeloopd, two apps driven and watched through `lifeloop ctl`, a
# snapshot, a report, a clean shutdown (scripts/demo.sh; files in .build/demo).
demo: deps
	$(SWIFT) build --product lifeloop
	$(SWIFT) build --product lifeloopd
	scripts/demo.sh $$($(SWIFT) build --show-bin-path)

test: deps pictures-deps mcp-deps kiwi-deps
	$(SWIFT) test

# The end-to-end suites that run `lifeloop` and `lifeloopd` as processes (the command line,
# the daemon, the MCP server) again, against a release build, as users build it: the test
# bundle stays the debug one, LIFELOOP_BIN_DIR points it at the release executables.
# The release build has a scratch path of its own, so it never waits on the debug one's lock.
RELEASE_BUILD = $(SWIFT) build -c release --scratch-path .build-release
release-e2e: deps pictures-deps mcp-deps
	$(RELEASE_BUILD) --product lifeloop
	$(RELEASE_BUILD) --product lifeloopd
	$(RELEASE_BUILD) --product lifeloop-port
	$(SWIFT) build --build-tests
	LIFELOOP_BIN_DIR=$$($(RELEASE_BUILD) --show-bin-path) \
		$(SWIFT) test --skip-build --filter 'LifeloopScenarioTests|LifeloopHostTests'

# `make install PREFIX=/usr/local`: a release build's lifeloop, lifeloopd and lifeloop-port
# in PREFIX/bin, and the modules they build apps against in PREFIX/lib/lifeloop.
PREFIX ?= /usr/local
install: deps
	$(RELEASE_BUILD) --product lifeloop
	$(RELEASE_BUILD) --product lifeloopd
	$(RELEASE_BUILD) --product lifeloop-port
	scripts/install.sh $$($(RELEASE_BUILD) --show-bin-path) $(PREFIX)

# A UIKit app written for iOS (@IBOutlet, @objc, #selector, target-action) built unchanged
# through the port step's build-tool plugin, then run on a Lifeloop app: it prints its trace.
ported-sample: deps
	cd Samples/PortedApp && $(SWIFT) build && $$($(SWIFT) build --show-bin-path)/PortedApp

# An iOS app's code with its tests as a team would write them (LifeloopTesting and
# swift-snapshot-testing through LifeloopSnapshotTesting), in a package of its own that
# depends on this checkout by path: built and tested as a user would (the LifeloopTesting
# documentation's article Testing an app: `make docs`, then /documentation/lifelooptesting).
tested-sample: deps pictures-deps
	cd Samples/TestedApp && $(SWIFT) build --build-tests && $(SWIFT) test --skip-build

# An iOS app with its XCUITest UI tests, in a package of its own: the root package's test
# program holds ChecklistApp, and a test program links one ported @main app.
signin-sample: deps
	cd Samples/SignInApp && $(SWIFT) build --build-tests && $(SWIFT) test --skip-build

# A sample experiment report page (gallery, 50 seeds) rendered by headless
# Chromium to .build/report-check/report.png; fails on a blank page or a console error.
report-check: deps pictures-deps browser-deps
	$(SWIFT) build --product lifeloop
	scripts/report-check.sh $$($(SWIFT) build --show-bin-path)/lifeloop .build/report-check

# Every sample's screens in light and dark beside the debugging wireframe, as one static
# page: .build/gallery/index.html.
gallery: deps pictures-deps
	$(SWIFT) build --product lifeloop
	scripts/gallery.sh $$($(SWIFT) build --show-bin-path)/lifeloop .build/gallery

# The README's pictures, regenerated from the samples into docs/images.
docs-images: deps pictures-deps browser-deps
	$(SWIFT) build --product lifeloop
	scripts/docs-images.sh $$($(SWIFT) build --show-bin-path)/lifeloop docs/images

# The whole suite under ThreadSanitizer; any report fails it (TSan exits 66). About 4 min
# to build and 4 min to run on 2 cores. Locks are pthread mutexes (`Locked`), which TSan
# sees; Synchronization.Mutex on Linux is a raw futex it cannot.
tsan: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan

# The whole suite under AddressSanitizer with its leak check; any report fails it. About
# 5 min to build and 3 min to run. Suppressed: leaks inside XCTest and Foundation, and one false report (see the file).
asan: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan-suppressions.txt:print_suppressions=0:external_symbolizer_path=$$(command -v llvm-symbolizer) \
		$(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan

# Not part of `make test`: the UIKit survey (Tests/UIKitSurvey) regenerates docs/UIKIT-USE.md
# and Tests/UIKitSurvey/TABLE.tsv. Its 1,007 public files are not committed: `take.py lay-out`
# takes them again from the fetched snapshots (/work/.mirror or MIRRORS=DIR) and names each
# one it cannot find.
uikit-survey: deps
	$(SWIFT) build --target UIKit
	$(SWIFT) build --product lifeloop-port
	python3 Tests/UIKitSurvey/take.py lay-out $(MIRRORS)
	python3 scripts/uikit-survey.py --build $$($(SWIFT) build --show-bin-path)

# Not part of `make test`: installs Slurm, munge and GNU parallel (apt) and Dask (pip, in a
# venv under .build), runs one sweep on a real single-node Slurm array, GNU parallel, a Dask
# LocalCluster and one process, and checks the merged reports are equal (the LifeloopScenario
# article Experiments and sweeps: `make docs`, then /documentation/lifeloopscenario/experimentsandsweeps).
sweep-check: deps
	$(SWIFT) build --product lifeloop
	scripts/sweep/sweep-check.sh

bench: deps
	$(SWIFT) build -c release --product lifeloop
	$(SWIFT) build -c release --product lifeloopd
	cd Benchmarks && $(SWIFT) run -c release lifeloop-bench

# The frame-path figure: the simulation against a baseline commit
# (78608b6), built in .build-baseline-wt and run alternately with this tree's, 3 times.
bench-frame: deps
	scripts/bench-frame-baseline.sh 78608b6 3

# The digest-only cost in instructions (cachegrind), steadier than time on a busy host.
bench-digest-instructions: deps
	@if ! command -v valgrind >/dev/null 2>&1; then \
		echo "installing valgrind"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq valgrind; \
	fi
	scripts/bench-digest-instructions.sh

# Recording's cost (recorded / unrecorded host-clock run) in instructions (cachegrind).
bench-recording-instructions: deps
	@if ! command -v valgrind >/dev/null 2>&1; then \
		echo "installing valgrind"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq valgrind; \
	fi
	scripts/bench-recording-instructions.sh

# The storyboard fuzz campaign: 10,000 mutated storyboards through a release `lifeloop launch`
# (FUZZ_SCRATCH=.build-fuzz builds elsewhere; FUZZ_ARGS adds options such as --seed 3).
fuzz: deps
	$(SWIFT) build -c release --product lifeloop --scratch-path $(or $(FUZZ_SCRATCH),.build)
	python3 scripts/fuzz-storyboards.py --count 10000 --lifeloop $(or $(FUZZ_SCRATCH),.build)/release/lifeloop $(FUZZ_ARGS)

# The protocol fuzz campaign: seeded random and mutated messages against a real
# lifeloopd for FUZZ_SECONDS (600), every reply checked (Tests/LifeloopHostTests/DaemonFuzzTests).
fuzz-daemon: deps
	$(SWIFT) build --build-tests
	LIFELOOP_FUZZ_SECONDS=$(or $(FUZZ_SECONDS),600) LIFELOOP_FUZZ_SEED=$(or $(FUZZ_SEED),1) \
		$(SWIFT) test --skip-build --filter DaemonFuzzTests

# The DocC catalogs (one per library) as one static site in .build/docs, through
# swift-docc-plugin; serve it with `python3 -m http.server -d .build/docs` and open
# /documentation/. docs-check builds it with every DocC warning an error, then fails on
# any public symbol without a doc comment (scripts/docs-coverage.py).
DOCS_TARGETS := Lifeloop LifeloopCore LifeloopCassowary LifeloopPictures LifeloopScenario \
	LifeloopNetwork LifeloopSamples LifeloopHost UIKit LifeloopPort LifeloopTesting LifeloopSnapshotTesting
DOCS_PLUGIN = $(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation \
	$(foreach t,$(DOCS_TARGETS),--target $(t)) --enable-experimental-combined-documentation \
	--output-path .build/docs --transform-for-static-hosting

docs: deps
	$(DOCS_PLUGIN)

docs-check: deps
	$(DOCS_PLUGIN) --warnings-as-errors --experimental-documentation-coverage --coverage-summary-level brief
	python3 scripts/docs-coverage.py .build

clean:
	rm -rf .build .build-release Benchmarks/.build
