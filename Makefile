# Lists: `make run` sets up, builds and shows the app; `make test` sets up and runs every test.
# Missing Debian packages are installed with apt-get (through sudo when not root).

SHELL := /bin/bash
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# What building and testing need: SQLite's headers and library, its shell (tests inspect files with it),
# libmicrohttpd (the HTTP server), libpq (the PostgreSQL store), libsodium (password hashing and token digests)
# PostgreSQL's server (the tests start a throwaway cluster of their own with build-support/test-postgres) and
# tzdata, the tz database whose files Lists reads a place's time zone from (a zone it lacks is Foundation's).
APT_PACKAGES := libsqlite3-dev sqlite3 pkg-config libmicrohttpd-dev libpq-dev libsodium-dev postgresql tzdata
# What the browser tests also need: Debian's Chromium, which Playwright drives (no browser is downloaded), and
# venv for the project-local Python environment. Installed with their recommended packages, as verified here:
# those bring the fonts (fonts-liberation) the screenshots are drawn with. nginx balances two servers in the
# scale-out test (browser-tests/test_scaleout.py), and is the TLS proxy in front of a server in the accounts' test
# (browser-tests/test_accounts.py), with a self-signed certificate the test makes with openssl. Taskwarrior's task
# is the real client of the Taskwarrior round trip (Tests/ListsCLITests/TaskwarriorRoundTripTests.swift); strace
# watches what a command syncs (Tests/ListsCLITests/DurableCommitTests.swift).
WEB_APT_PACKAGES := chromium python3-venv nginx-light openssl taskwarrior strace
# The browser and live-server tests' Python packages, pinned; they go into .venv/ (ignored by git).
# axe-playwright-python bundles axe-core, which browser-tests/test_accessibility.py runs on every screen;
# python-dateutil is the reference the repeat rules are checked against (Tests/ListsModelTests/Support) and timed
# against (bench/repeat-bench.py); icalendar reads Lists's .ics exports as a client's library would
# (Tests/ListsInterchangeTests/Support/ics_reference.py); caldav (python-caldav), vdirsyncer and todoman are the
# real CalDAV clients the CalDAV tests sync with, and caldav-server-tester checks the server
# (browser-tests/test_caldav_clients.py). caldav's HTTP library (niquests) brings urllib3-future, whose wheel puts
# itself in urllib3's place at every start of Python and breaks requests (schemathesis's): it is built from its
# source with URLLIB3_NO_OVERRIDE, so that it stays urllib3_future beside urllib3.
PYTHON_PACKAGES := playwright==1.65.2 pytest==9.2.0 pytest-xdist==3.8.0 axe-playwright-python==0.1.8 schemathesis==4.32.5 \
  python-dateutil==2.9.0.post0 icalendar==7.3.2 caldav==3.6.0 vdirsyncer==0.21.0 todoman==4.7.0 \
  caldav-server-tester==1.7.0
VENV := .venv
# What `make bench` also needs: the references it measures against, and the load generator (wrk) and python3
# that drive the server benchmarks; Radicale is the CalDAV server bench/caldav-bench.py measures Lists against.
BENCH_APT_PACKAGES := taskwarrior wrk nginx-light sqlite3 python3 time
BENCH_PYTHON_PACKAGES := radicale==3.9.0
# What `make lint` also needs: Debian's nodejs, whose `node --check` reads the JavaScript's syntax, and python3 for
# build-support/check-js-indentation.
LINT_APT_PACKAGES := nodejs python3
# The JavaScript the web app serves (Sources/ListsWeb/Assets/Files, embedded at build time): the service worker and
# the parts of app.js, which is those parts in the order of their names, inside one strict function.
APP_JS_PARTS := $(sort $(wildcard Sources/ListsWeb/Assets/Files/app/*.js))
JS_FILES := $(wildcard Sources/ListsWeb/Assets/Files/*.js) $(APP_JS_PARTS)
# A fully static binary: no dynamic loader work at start-up, which is most of a short command's time
# (a `lists todo add` takes about two thirds of the time a dynamically linked one does). The linker warns that glibc's user and host look-ups (getpwuid, dlopen)
# would need the shared glibc at run time; Lists reads $HOME and never resolves hosts, so the warnings are known.
# Debian's libmicrohttpd.a refers to GnuTLS, which cannot be linked statically here; Lists serves plain HTTP
# (TLS is a reverse proxy's job), so the static link gets stand-ins for those symbols instead
# (build-support/mhd-without-tls.c says why they are never reached). Debug and test builds link the shared
# libraries and do not use it.
MHD_WITHOUT_TLS := .build/mhd-without-tls.o
# Linked by LLVM's lld (the Swift toolchain's own), not the default gold: its layout of the same code makes a command
# start with fewer page faults (a `lists todo add` on 10,000 tasks: 413 -> 367, and a fifth less time, measured
# after a `task add` as bench/cli-vs-taskwarrior.sh runs it; docs/performance.md). Each Swift function in a section
# of its own, and the functions everyday commands run, and the variables they use, laid out together in the order
# build-support/lists.order gives (made by tools/make-symbol-order.py; a name it lacks or no longer matches is laid
# out as before): 55 faults fewer again, and 55 more with the variables. SwiftPM does not see the file, so a newer
# one has `build` link the executable again.
SYMBOL_ORDER := $(CURDIR)/build-support/lists.order
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -static-executable -Xswiftc -use-ld=lld \
	-Xswiftc -Xfrontend -Xswiftc -function-sections -Xlinker --symbol-ordering-file=$(SYMBOL_ORDER) \
	-Xlinker --no-warn-symbol-ordering -Xlinker $(MHD_WITHOUT_TLS)
# lists-postgres, the same commands with the PostgreSQL store, to which `lists` hands postgres:// databases: libpq
# cannot be linked statically from Debian (no static libpgcommon, libpgport or GSSAPI), so this one links glibc,
# SQLite, libmicrohttpd and libpq as shared libraries and only the Swift libraries and libsodium statically (every
# executable links libsodium.a: see HashingHelperSupport in Package.swift). Its own
# scratch directory, because -static-executable reaches every compile: one directory would rebuild everything each
# time.
POSTGRES_RELEASE_FLAGS := -c release --static-swift-stdlib --scratch-path .build/postgres
LISTS := .build/release/lists

.PHONY: run test web-test screenshots build release-flags bench fuzz deps web-deps bench-deps lint-deps format lint clean

# Serves the web app and the API on http://127.0.0.1:8080 (HOST and PORT override), with the default database.
HOST ?= 127.0.0.1
PORT ?= 8080
run: build
	@echo "Lists is built: $(LISTS). The same lists are at the terminal: $(LISTS) --help"
	exec $(LISTS) serve --host $(HOST) --port $(PORT)

# The flags `build` links lists with, one line, for bench/run to build it the same way.
release-flags:
	@echo $(RELEASE_FLAGS)

# Both executables into .build/release/: lists (static) and lists-postgres beside it, where lists looks for it.
build: deps $(MHD_WITHOUT_TLS)
	swift build $(POSTGRES_RELEASE_FLAGS) --product lists-postgres
	@if [ -e .build/release/lists ] && [ $(SYMBOL_ORDER) -nt .build/release/lists ]; then rm .build/release/lists; fi
	swift build $(RELEASE_FLAGS) --product lists
	install "$$(swift build $(POSTGRES_RELEASE_FLAGS) --show-bin-path)/lists-postgres" .build/release/lists-postgres

$(MHD_WITHOUT_TLS): build-support/mhd-without-tls.c
	@mkdir -p $(@D)
	cc -c -O2 -o $@ $<

# Every test: the Swift suites, then the browser and live-server tests (browser-tests) against the release binary.
# The PostgreSQL tests run on a throwaway cluster on loopback, started here and stopped whatever the tests do; they
# are required here (LISTS_REQUIRE_POSTGRES), where a plain `swift test` without a server skips them. The Swift
# suites run bounded (build-support/swift-test-bounded): a hung test fails the run, naming itself.
test: deps web-deps build
	swift build --build-tests
	pg=$$(mktemp -d) && trap 'build-support/test-postgres stop "$$pg"' EXIT && \
	  LISTS_TEST_POSTGRES=$$(build-support/test-postgres start "$$pg") && export LISTS_TEST_POSTGRES && \
	  export LISTS_REQUIRE_POSTGRES=1 LISTS_REQUIRE_REFERENCES=1 && \
	  build-support/swift-test-bounded --skip-build --disable-xctest && \
	  LISTS_BIN=$(LISTS) $(VENV)/bin/pytest -n auto --dist loadfile browser-tests

# Only the browser and live-server tests.
web-test: web-deps build
	LISTS_BIN=$(LISTS) $(VENV)/bin/pytest -n auto --dist loadfile browser-tests

# Draws every screen at phone size into docs/screenshots/ (the README shows them).
screenshots: web-deps build
	LISTS_BIN=$(LISTS) LISTS_WRITE_SCREENSHOTS=1 $(VENV)/bin/pytest browser-tests -k screenshots

# Fuzzes every importer for FUZZ_SECONDS each (default 300) with libFuzzer and AddressSanitizer.
fuzz: deps
	fuzz/run

bench: deps web-deps bench-deps
	bench/run

deps:
	@command -v swift >/dev/null || { echo "Swift 6 is needed: install the toolchain from swift.org and put it on PATH." >&2; exit 1; }
	@$(call apt_install,$(APT_PACKAGES))

web-deps:
	@$(call apt_install,$(WEB_APT_PACKAGES))
	@[ -x $(VENV)/bin/python ] || python3 -m venv $(VENV)
	@URLLIB3_NO_OVERRIDE=1 $(VENV)/bin/pip install --quiet --disable-pip-version-check --no-binary urllib3-future \
		$(PYTHON_PACKAGES)

bench-deps:
	@$(call apt_install,$(BENCH_APT_PACKAGES))
	@$(VENV)/bin/pip install --quiet --disable-pip-version-check $(BENCH_PYTHON_PACKAGES)

lint-deps:
	@$(call apt_install,$(LINT_APT_PACKAGES))

format:
	swift format --in-place --recursive Sources Tests bench fuzz/*.swift Package.swift Plugins

# The Swift code as .swift-format has it: CI fails on any difference (4 spaces, 120 columns, no force unwrap or
# try). The JavaScript parses: each file on its own (node checks a file as the body of a function, which is what
# each part of app.js becomes), and app.js's parts together as the one strict function they make; and it is
# indented with two spaces a level.
lint: lint-deps
	swift format lint --strict --recursive Sources Tests bench fuzz/*.swift Package.swift Plugins
	@for file in $(JS_FILES); do node --check "$$file" || exit 1; done
	@{ echo '"use strict";'; cat $(APP_JS_PARTS); } | node --check - || { echo "app.js as served: see above" >&2; exit 1; }
	@{ echo '"use strict";'; cat $(APP_JS_PARTS) | grep -v '^ *//'; } | node --check - \
		|| { echo "app.js as served, its comment lines left out: see above" >&2; exit 1; }
	@if cat $(APP_JS_PARTS) | awk '{ n = gsub(/`/, "`"); if (n % 2) { print FILENAME ": " $$0; bad = 1 } } END { exit !bad }'; then \
		echo "a template literal runs over lines: app.js leaves out lines of comment alone (Assets.code)" >&2; exit 1; fi
	@build-support/check-js-indentation $(JS_FILES)

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
