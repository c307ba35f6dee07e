# Two commands do all set-up: `make demo` runs the main job, `make test` runs the tests.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# What `make demo` runs: L15's storyboard app, projected onto its two controllers.
DEMO_ARGS ?= SeedSegue --labels A,B

.PHONY: deps build demo test bench clean

# libuv comes from Debian; install it (and pkg-config) when pkg-config cannot find it.
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists libuv; then \
		echo "installing libuv1-dev"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq pkg-config libuv1-dev; \
	fi

build: deps
	$(SWIFT) build

demo: deps
	$(SWIFT) run lifeloop demo $(DEMO_ARGS)

test: deps
	$(SWIFT) test

bench: deps
	$(SWIFT) build -c release --product lifeloop
	cd Benchmarks && $(SWIFT) run -c release lifeloop-bench

clean:
	rm -rf .build Benchmarks/.build
