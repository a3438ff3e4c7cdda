# Conformance: WPT testharness.js tests run unchanged on each runtime, plus the shared checks.
# Included by the top-level Makefile (NODE, ORCH, RUNTIME, RUNTIMES, EXTRA_TESTS come from there).
NODE ?= node_modules/.bin/node
BUN ?= node_modules/.bin/bun
DENO ?= node_modules/.bin/deno
# DIRS: WPT folders to run. WPT_DIR: a web-platform-tests checkout (default .wpt/wpt, from make wpt-fetch).
DIRS ?= streams
WPT_DIR ?=
# FILES: WPT paths or globs relative to the WPT root, e.g. FILES='streams/piping/*.any.js'.
FILES ?=
RESULTS ?=
WPT_TIMEOUT_MULTIPLIER ?= 1
# RUNTIME may name one id or several ("node deno bun"); unset means every id in RUNTIMES.
CONFORMANCE_RUNTIMES = $(or $(RUNTIME),$(RUNTIMES))

WPT_ARGS = $(call flags,WPT_DIR) --dirs "$(DIRS)" --timeout-multiplier $(WPT_TIMEOUT_MULTIPLIER)

EXTRA_TESTS += test-check-adapters

.PHONY: wpt wpt-fetch wpt-diff wpt-update checks conformance-table test-check-adapters

wpt: ## WPT on runtimes: make wpt RUNTIME="node deno bun" [WPT_DIR=…] [DIRS=streams] [FILES=…]
	@$(ORCH) wpt --runtimes "$(CONFORMANCE_RUNTIMES)" $(WPT_ARGS) $(FILES)

wpt-fetch: ## every WPT path of conformance/wpt.json at its pinned commit into .wpt/wpt [REPO=a local WPT clone]
	@$(ORCH) wpt-fetch $(call flags,REPO)

wpt-diff: ## where each subtest fails across runtimes: make wpt-diff [FILES=glob] [RESULTS="a.json b.json"]
	@$(ORCH) wpt-diff $(call flags,FILES) $(RESULTS)

wpt-update: ## rewrite conformance/expectations/<id>.json from the newest run: make wpt-update RUNTIME=id
	@test -n "$(RUNTIME)" || { echo "wpt-update: set RUNTIME to one runtime id, e.g. make wpt-update RUNTIME=bun" >&2; exit 2; }
	@$(ORCH) wpt-update --runtimes "$(RUNTIME)" $(RESULTS)

checks: ## shared checks as conformance rows: make checks RUNTIME="node deno bun"
	@$(ORCH) checks --runtimes "$(CONFORMANCE_RUNTIMES)"

conformance-table: ## newest WPT and check rows per runtime, side by side [MARKDOWN=1]
	@$(ORCH) conformance-table $(call flags,MARKDOWN) $(RESULTS)

# Each kind's own test runner over the shared checks (runners/<kind>/kind.json names file and args).
test-check-adapters:
	@$(ORCH) checks-adapters
