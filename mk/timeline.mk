# Releases as runtimes: any node, deno or bun release from npm (node@24.13.0), a figure across
# releases (timeline) and the release where it changed (bisect). See docs/timeline.md.
VERSIONS ?=
EVERY ?=
GOOD ?=
BAD ?=
WPT ?=
TIMELINE_MEASURE = $(call flags,SUITE WORKLOAD PARAMS QUICK ROUNDS TIMEOUT OUT)

.PHONY: timeline bisect runtimes-prune

timeline: ## a figure across releases: make timeline RUNTIME=node VERSIONS="22.0.0..24.21.0" [EVERY=minor] SUITE=… WORKLOAD=… [PARAMS=…] [AA=…] (or WPT=<test file>; or FILE=… to show a kept one)
	@$(ORCH) timeline $(if $(FILE),"$(FILE)",--runtime "$(RUNTIME)" --versions "$(VERSIONS)" $(call flags,EVERY) $(if $(WPT),--wpt "$(WPT)" $(call flags,WPT_DIR),$(TIMELINE_MEASURE))) $(call flags,AA) $(call flags,MARKDOWN)

bisect: ## the release that changed a figure: make bisect RUNTIME=node GOOD=24.9.0 BAD=24.21.0 SUITE=… WORKLOAD=… PARAMS=… [QUICK=1] [WPT=<test file>]
	@$(ORCH) bisect --runtime "$(RUNTIME)" --good "$(GOOD)" --bad "$(BAD)" $(call flags,WPT) $(call flags,WPT_DIR) $(TIMELINE_MEASURE)

runtimes-prune: ## empty the release cache (~/.cache/parity/runtimes, or PARITY_CACHE)
	@$(ORCH) prune
