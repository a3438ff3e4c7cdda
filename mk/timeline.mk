# Releases as runtimes: any node, deno or bun release from npm (node@24.13.0), a figure across
# releases (timeline) and the release where it changed (bisect). See docs/timeline.md.
VERSIONS ?=
EVERY ?=
GOOD ?=
BAD ?=
WPT ?=
# NODE_TEST: one of Node's test files (parallel/test-fs-cp.js) under NODE_TEST_DIR, instead of a figure.
NODE_TEST ?=
TIMELINE_MEASURE = $(call flags,SUITE WORKLOAD PARAMS QUICK ROUNDS TIMEOUT OUT)

.PHONY: timeline bisect runtimes-prune

timeline: ## a figure across releases: make timeline RUNTIME=node VERSIONS="22.0.0..24.21.0" [EVERY=minor] SUITE=… WORKLOAD=… [PARAMS=…] [AA=…] (or WPT=<test file>, or NODE_TEST=<Node test file>; or FILE=… to show a kept one)
	@$(ORCH) timeline $(if $(FILE),"$(FILE)",--runtime "$(RUNTIME)" --versions "$(VERSIONS)" $(call flags,EVERY) $(if $(WPT),--wpt "$(WPT)" $(call flags,WPT_DIR),$(if $(NODE_TEST),--node-test "$(NODE_TEST)" $(if $(NODE_TEST_DIR),--node-test-dir "$(NODE_TEST_DIR)"),$(TIMELINE_MEASURE)))) $(call flags,AA) $(call flags,MARKDOWN)

bisect: ## the release that changed a figure: make bisect RUNTIME=node GOOD=24.9.0 BAD=24.21.0 SUITE=… WORKLOAD=… PARAMS=… [QUICK=1] [WPT=<test file>] [NODE_TEST=<Node test file> NODE_TEST_DIR=…]
	@$(ORCH) bisect --runtime "$(RUNTIME)" --good "$(GOOD)" --bad "$(BAD)" $(call flags,WPT) $(call flags,WPT_DIR) \
		$(if $(NODE_TEST),--node-test "$(NODE_TEST)" $(if $(NODE_TEST_DIR),--node-test-dir "$(NODE_TEST_DIR)")) $(TIMELINE_MEASURE)

runtimes-prune: ## empty the release cache (~/.cache/parity/runtimes, or PARITY_CACHE)
	@$(ORCH) prune
