# Lists: `make run` sets up, builds and shows the app; `make test` sets up and runs every test.
# Missing Debian packages are installed with apt-get (through sudo when not root).

SHELL := /bin/bash
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# What building and testing need: SQLite's headers and library, its shell (tests inspect files with it), and
# libmicrohttpd (the HTTP server).
APT_PACKAGES := libsqlite3-dev sqlite3 pkg-config libmicrohttpd-dev
# What `make bench` also needs: the references it measures against, and the load generator (wrk) and python3
# that drive the server benchmarks.
BENCH_APT_PACKAGES := taskwarrior hyperfine wrk nginx-light sqlite3 python3
# A fully static binary: no dynamic loader work at start-up, which is most of a short command's time
# (`lists todo add` 7.5 ms -> 4.7 ms). The linker warns that glibc's user and host look-ups (getpwuid, dlopen)
# would need the shared glibc at run time; Lists reads $HOME and never resolves hosts, so the warnings are known.
# Debian's libmicrohttpd.a refers to GnuTLS, which cannot be linked statically here; Lists serves plain HTTP
# (TLS is a reverse proxy's job), so the static link gets stand-ins for those symbols instead
# (build-support/mhd-without-tls.c says why they are never reached). Debug and test builds link the shared
# libraries and do not use it.
MHD_WITHOUT_TLS := .build/mhd-without-tls.o
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -static-executable -Xlinker $(MHD_WITHOUT_TLS)
LISTS := .build/release/lists

.PHONY: run test build bench deps bench-deps format clean

run: build
	@echo "Lists is built: $(LISTS). Your lists:"
	@echo; echo "Shopping:"; $(LISTS) shop list
	@echo; echo "To-Do:"; $(LISTS) todo list
	@echo; echo "Bird Sightings:"; $(LISTS) birds list
	@echo; echo "Try: $(LISTS) shop add Milk --price 1.99   (see $(LISTS) --help)"

build: deps $(MHD_WITHOUT_TLS)
	swift build $(RELEASE_FLAGS) --product lists

$(MHD_WITHOUT_TLS): build-support/mhd-without-tls.c
	@mkdir -p $(@D)
	cc -c -O2 -o $@ $<

test: deps
	swift build --build-tests
	swift test --skip-build --disable-xctest

bench: deps bench-deps
	bench/run

deps:
	@command -v swift >/dev/null || { echo "Swift 6 is needed: install the toolchain from swift.org and put it on PATH." >&2; exit 1; }
	@$(call apt_install,$(APT_PACKAGES))

bench-deps:
	@$(call apt_install,$(BENCH_APT_PACKAGES))

format:
	swift format --in-place --recursive Sources Tests bench Package.swift

clean:
	rm -rf .build

# Installs the Debian packages among $(1) that are not installed yet.
define apt_install
missing=""; for package in $(1); do dpkg -s $$package >/dev/null 2>&1 || missing="$$missing $$package"; done; \
if [ -n "$$missing" ]; then \
  echo "Installing Debian packages:$$missing"; \
  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
fi
endef
