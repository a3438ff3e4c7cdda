# parity — user-facing targets. Runtimes and tools are pinned in package.json/package-lock.json.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

NODE := node_modules/.bin/node
ORCH := $(NODE) lib/run/cli.js
BIOME := node_modules/.bin/biome

# User knobs (make run RUNTIME=bun SUITE=math QUICK=1)
RUNTIME ?=
# Empty: the CLI's default_runtimes from runners/runtimes.json (node deno bun).
RUNTIMES ?=
SUITE ?=
WORKLOAD ?=
PARAMS ?=
QUICK ?=
ROUNDS ?=
# STARTS: starts per start-up job (defaults: node lib/run/cli.js help); wall p99 is printed from 1000 (STARTS=1000).
STARTS ?=
# SEED: the runtime order seed (default drawn per run and recorded in the results file).
SEED ?=
# Adaptive rounds: PRECISION=3% (each ratio's 95% interval within ±3%), BUDGET=5m (no new rounds after).
PRECISION ?=
BUDGET ?=
BASELINE ?=
SHOW ?=
FILE ?=
# BROWSER=0: make setup skips Debian's chromium (only the HTML report's browser test needs it).
BROWSER ?= 1
FILES ?=
FORMAT ?=
OUT ?=
AA ?=
THRESHOLD ?=
# BASE: make gate's second checkout (a parity tree with its own node_modules: make -C it setup).
BASE ?=
CONFORMANCE ?=
CALIBRATE ?=
ONLY ?=

# Every make variable that becomes a command-line flag, in one place: VAR:flag for a value,
# and switches (1, yes or true) for a yes/no flag. A target takes the ones it passes:
# $(call flags,SUITE QUICK …) gives `--suite "…" --quick …` for those that are set.
VALUE_FLAGS := SUITE:suite WORKLOAD:workload PARAMS:params ROUNDS:rounds SEED:seed PRECISION:precision \
	BUDGET:budget BASELINE:baseline SHOW:show OUT:out TIMEOUT:timeout WPT_DIR:wpt-dir AA:floor THRESHOLD:threshold \
	ONLY:only REPO:repo FILES:files EVERY:every WPT:wpt CI_RUNTIMES:runtimes RUNTIMES:runtimes BASE:base STARTS:starts
SWITCH_FLAGS := QUICK:quick CONFORMANCE:conformance STRICT:strict MARKDOWN:markdown CALIBRATE:calibrate
flag_of = $(patsubst $(1):%,%,$(filter $(1):%,$(2)))
flags = $(strip $(foreach v,$(1),$(if $(call flag_of,$(v),$(VALUE_FLAGS)),$(if $($(v)),--$(call flag_of,$(v),$(VALUE_FLAGS)) "$($(v))"),$(if $(filter 1 yes true,$($(v))),--$(call flag_of,$(v),$(SWITCH_FLAGS))))))

RUN_FLAGS = $(call flags,SUITE WORKLOAD PARAMS QUICK ROUNDS SEED PRECISION BUDGET BASELINE SHOW CONFORMANCE STRICT OUT STARTS CALIBRATE)

# Tests beside code; every *.test.js except runtime-specific adapters (run by their own runners).
# runners/<kind>/checks.*.test.js are each kind's own test-runner adapters: make test-check-adapters runs them.
TEST_FILES = $(shell find lib runners suites test conformance -name '*.test.js' \
	-not -path '*/fixtures/*' -not -path 'runners/*/checks.*.test.js' 2>/dev/null | sort)
# Extra test steps contributed by mk/*.mk (e.g. bun test / deno test adapters).
EXTRA_TESTS :=

.PHONY: help setup setup-http setup-wpt check-setup actionlint-install test lint typecheck fmt unit run compare table diff aa merge export report serve readme readme-check runtimes validate compact clean ci-leg ci-merge ci-legs gate

help: ## list targets
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | expand -t 20

setup: ## install pinned runtimes and tools (npm, from package-lock.json), GNU time, wrk, hyperfine, Debian's chromium, wptserve
	@# Linux only: macOS and Windows measure without GNU time (see docs/decisions.md) and run no browser test.
	@if [ "$$(uname -s)" = Linux ]; then missing=""; test -x /usr/bin/time || missing="time"; \
	  test -x /usr/bin/wrk || missing="$$missing wrk"; test -x /usr/bin/hyperfine || missing="$$missing hyperfine"; \
	  [ "$(BROWSER)" = 0 ] || test -x /usr/bin/chromium || missing="$$missing chromium"; \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	  if [ -n "$$missing" ]; then command -v apt-get >/dev/null && $$sudo apt-get update -qq && $$sudo apt-get install -y -qq $$missing \
	  || { echo "setup: needs Debian packages: $$missing (GNU time measures jobs; wrk loads the HTTP suite; hyperfine cross-checks; chromium tests the HTML report)" >&2; exit 1; }; fi; fi
	@# npm install, not npm ci: the lock cannot list every platform's optional binary package
	@# (the registry mirror here lacks some), and npm ci rejects such a lock; versions still come from it.
	npm install --no-audit --no-fund
	@# node, node-22 and node-24 each link a bin named "node"; which one npm leaves in .bin depends on
	@# the order it links them. parity's own node is the "node" package: make .bin/node that one.
	ln -sf ../node/bin/node node_modules/.bin/node
	@[ "$(WPTSERVE)" = 0 ] || $(MAKE) --no-print-directory setup-wpt
	@$(MAKE) --no-print-directory check-setup
	@echo "setup: done; built on first use instead: oha (the open-loop HTTP rows: cargo) and actionlint (make lint: Go)"

# A tool that one suite or one command needs is built when it is first needed, not here:
# oha by the first run of an open-loop HTTP row (lib/runtimes/tools.js: pinned, into the per-user
# cache ~/.cache/parity/tools, with cargo's progress), actionlint by the first make lint.
# LINT=0 and HTTP=0 (which skipped those two here) are still accepted, and change nothing.
setup-http: ## build oha now (else the first open-loop HTTP run builds it; cargo, a few minutes) into ~/.cache/parity/tools
	@$(NODE) --input-type=module -e "const t = await import('./lib/runtimes/tools.js'); \
	  const r = await t.ensureTool(t.TOOLS.oha); if (!r.bin) { console.error('setup-http: ' + r.reason); process.exit(1); } \
	  console.log('setup-http: oha is ' + r.bin)"

# wptserve, pinned, from PyPI with its dependencies into the per-user tools cache: WPT's own server,
# started by make wpt for the test files that need a server endpoint (Python handlers, .sub.
# substitution). Installed by setup, not on first use: it takes seconds, and make test runs it.
# WPTSERVE=0 skips it (those files are then listed as not applicable).
WPTSERVE_VERSION := 4.0.3
WPTSERVE_ROOT := $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/parity/tools/wptserve-$(WPTSERVE_VERSION)
WPTSERVE ?= 1
setup-wpt: ## install wptserve (WPT's server, PyPI) once into ~/.cache/parity/tools
	@test -f $(WPTSERVE_ROOT)/wptserve/wptserve.py && exit 0; \
	  command -v python3 >/dev/null || { echo "setup: python3 is needed for wptserve $(WPTSERVE_VERSION), WPT's server (apt-get install python3 python3-pip); WPTSERVE=0 skips it" >&2; exit 1; }; \
	  echo "setup: installing wptserve $(WPTSERVE_VERSION) into $(WPTSERVE_ROOT)"; \
	  python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --target $(WPTSERVE_ROOT) wptserve==$(WPTSERVE_VERSION)

check-setup:
	@$(ORCH) runtimes --check

test: lint typecheck readme-check unit ## lint, format check, type check, README tables check and every test (what CI runs)

lint: actionlint-install ## biome lint + format check (no writes), actionlint on .github/workflows (built on first use: Go)
	$(BIOME) ci --colors=off .
	$(ACTIONLINT) -no-color .github/workflows/*.yml

# actionlint, pinned, built from the Go module proxy into .tools/ by the first make lint (CI's lint job too).
ACTIONLINT_VERSION := v1.7.12
ACTIONLINT := .tools/actionlint
actionlint-install:
	@if [ -x $(ACTIONLINT) ] && $(ACTIONLINT) -version | grep -q "$(ACTIONLINT_VERSION:v%=%)"; then exit 0; fi; \
	  command -v go >/dev/null || { echo "lint: Go is needed to build actionlint $(ACTIONLINT_VERSION) (apt-get install golang-go)" >&2; exit 1; }; \
	  echo "lint: building actionlint $(ACTIONLINT_VERSION) into .tools/ (once, about a minute)"; \
	  GOBIN=$(CURDIR)/.tools GOFLAGS=-mod=mod go install github.com/rhysd/actionlint/cmd/actionlint@$(ACTIONLINT_VERSION)

typecheck: ## tsc --noEmit over the JSDoc types (tsconfig.json); nothing is built
	node_modules/.bin/tsc -p tsconfig.json

fmt: ## apply biome formatting and safe fixes
	$(BIOME) check --write .

# Test files run TEST_CONCURRENCY at a time (node's default on 2 cores is 1): most of their time is
# spent waiting on runtimes they start. The last lines list the slowest files and tests.
TEST_CONCURRENCY ?= 3
unit:
	@files="$(TEST_FILES)"; if [ -z "$$files" ]; then echo "test: no test files found" >&2; exit 1; fi; \
	$(NODE) --test --test-concurrency=$(TEST_CONCURRENCY) --test-reporter=spec --test-reporter-destination=stdout \
	  --test-reporter=./test/reporters/slowest.js --test-reporter-destination=stdout $$files
	@$(foreach t,$(EXTRA_TESTS),$(MAKE) --no-print-directory $(t) &&) true

run: ## run one runtime: make run RUNTIME=bun [SUITE=math] [QUICK=1]
	@test -n "$(RUNTIME)" || { echo "run: set RUNTIME to one runtime id (see make runtimes), e.g. make run RUNTIME=bun" >&2; exit 2; }
	@$(ORCH) run --runtimes "$(RUNTIME)" $(RUN_FLAGS)

compare: ## interleaved comparison: make compare RUNTIMES="node deno bun" [SUITE=…] [QUICK=1] [CONFORMANCE=1]
	@test -z "$(RUNTIME)" || { echo "compare: takes RUNTIMES (a list), not RUNTIME=$(RUNTIME): e.g. make compare RUNTIMES=\"node $(RUNTIME)\"" >&2; exit 2; }
	@$(ORCH) run $(call flags,RUNTIMES) $(RUN_FLAGS)

table: ## print a results file: make table FILE=results/… [SHOW=spread,cpu,rss,conformance,metrics] [BASELINE=id] [AA=a/a file] [SUITE=…] [WORKLOAD=…] [ONLY=main|analyses]
	@test -n "$(FILE)" || { echo "table: set FILE to a results file, e.g. make table FILE=$$(ls -t results/*.json 2>/dev/null | head -1)" >&2; exit 2; }
	@$(ORCH) table "$(FILE)" $(call flags,BASELINE) $(call flags,SHOW) $(call flags,MARKDOWN) $(call flags,AA) $(if $(filter 1 yes true,$(STRICT)),--strict) \
	  $(call flags,SUITE) $(call flags,WORKLOAD) $(call flags,ONLY)

diff: ## gate on regressions: make diff A=old.json B=new.json [THRESHOLD=5] [AA=a/a file]; exit 1 on one
	@test -n "$(A)" -a -n "$(B)" || { echo "diff: set A and B to two results files" >&2; exit 2; }
	@$(ORCH) diff "$(A)" "$(B)" $(call flags,MARKDOWN) $(call flags,THRESHOLD) $(call flags,AA)

aa: ## this machine's noise floor: one runtime against itself, make aa RUNTIME=node [SUITE=…] [QUICK=1]
	@test -n "$(RUNTIME)" || { echo "aa: set RUNTIME to one runtime id (see make runtimes), e.g. make aa RUNTIME=node" >&2; exit 2; }
	@$(ORCH) run --aa --runtimes "$(RUNTIME)" $(RUN_FLAGS)

validate: ## validate a results file against the schema: make validate FILE=…
	@$(ORCH) validate $(FILE)

compact: ## rewrite results files in the compact kept form (one line, no fields a printer never reads): make compact FILES="results/published/a.json …"
	@test -n "$(FILES)" || { echo "compact: set FILES to results files, e.g. FILES=results/published/all-quick.json" >&2; exit 2; }
	@$(ORCH) compact $(FILES)

runtimes: ## each runtime id: version, engine, binary (or how to install it)
	@$(ORCH) runtimes

merge: ## cross-platform table from several results files: make merge FILES="a.json b.json" [MARKDOWN=1] [OUT=…]
	@test -n "$(FILES)" || { echo "merge: set FILES to results files, e.g. FILES=\"$$(ls test/fixtures/legs/*/results.json | head -2 | tr '\n' ' ')\"" >&2; exit 2; }
	@$(ORCH) merge $(FILES) $(call flags,MARKDOWN) $(call flags,OUT)

# CI (docs/ci.md): the workflow's steps are these targets, so a leg runs and is tested here too.
CI_RUNTIMES ?=
LEGS ?=
ci-leg: ## one CI leg: every runtime available here interleaved, its A/A, BMF, HTML → results/ci/<os>-<arch>/ [CI_RUNTIMES=…] [SUITE=…] [QUICK=1] [OUT=dir]
	@$(ORCH) ci-leg $(call flags,CI_RUNTIMES) $(call flags,SUITE) $(call flags,WORKLOAD) \
	  $(call flags,PARAMS) $(call flags,QUICK) $(call flags,ROUNDS) $(call flags,OUT)

ci-merge: ## the legs side by side, ratios within each leg only: make ci-merge LEGS="legs/*" [OUT=merged.md] [MARKDOWN=1] [BASELINE=id]
	@test -n "$(LEGS)" || { echo "ci-merge: set LEGS to leg folders written by make ci-leg, e.g. LEGS=\"results/ci/*\"" >&2; exit 2; }
	@$(ORCH) ci-merge $(LEGS) $(call flags,MARKDOWN) $(call flags,OUT) $(call flags,BASELINE)

gate: ## the PR gate, base and head interleaved in one run: make gate BASE=dir [THRESHOLD=10] [SUITE=…] [QUICK=1] [CI_RUNTIMES=…] [AA=a/a file] [OUT=dir]; exit 1 on a regression
	@test -n "$(BASE)" || { echo "gate: set BASE to a parity checkout of the base (with its own node_modules), e.g. make gate BASE=../base" >&2; exit 2; }
	@$(ORCH) gate $(call flags,BASE CI_RUNTIMES SUITE WORKLOAD PARAMS QUICK ROUNDS SEED THRESHOLD AA MARKDOWN OUT)

# The matrix for bench.yml; plain node on purpose: the job that reads it installs nothing.
ci-legs:
	@$(NODE) -e 'const l = JSON.parse(require("fs").readFileSync(".github/legs.json", "utf8")).legs; console.log(JSON.stringify({ include: l }))'

export: ## write a results file as Bencher Metric Format: make export FORMAT=bmf FILE=… [OUT=…]
	@test -n "$(FILE)" || { echo "export: set FILE to a results file" >&2; exit 2; }
	@$(ORCH) export "$(FILE)" --format "$(or $(FORMAT),bmf)" $(call flags,OUT)

report: ## self-contained HTML report with charts: make report [FILE=results/…] → results/report.html
	@$(ORCH) report $(FILE) $(call flags,OUT)

serve: ## serve results/ and each run's report on 127.0.0.1 [PORT=8080]
	@$(ORCH) serve

readme: ## regenerate the generated tables of README.md and docs/*.md from results/published/
	@$(ORCH) readme

readme-check: ## fail when README.md or docs/*.md tables differ from what make readme writes
	@$(ORCH) readme --check

clean: ## remove generated results (keeps fixtures)
	find results -maxdepth 1 -name '*.json' -delete

-include mk/*.mk
