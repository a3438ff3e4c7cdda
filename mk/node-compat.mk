# Node's own test suite (test/parallel, test/es-module) on runtimes, per node:* module. Included by
# the top-level Makefile (ORCH, RUNTIME, RUNTIMES from there). NODE_TEST_DIR: Node's test/ folder.
NODE_TEST_DIR ?=
MODULES ?=
# DIRS is shared with make wpt (default streams there): node-compat passes it only when it is set.
NODE_COMPAT_DIRS = $(if $(filter command line environment environment override,$(origin DIRS)),--dirs "$(DIRS)")
NODE_COMPAT_ARGS = $(if $(NODE_TEST_DIR),--node-test-dir "$(NODE_TEST_DIR)") $(NODE_COMPAT_DIRS) \
	$(if $(MODULES),--modules "$(MODULES)") $(if $(FILES),--files "$(FILES)") $(if $(TIMEOUT),--timeout "$(TIMEOUT)") \
	$(if $(BASELINE),--baseline "$(BASELINE)")

.PHONY: node-compat node-compat-table node-compat-groups

node-compat: ## Node's test files on runtimes: make node-compat RUNTIME="node@25.8.1 node deno bun workerd" [MODULES=fs,url] [DIRS=parallel,es-module] [FILES=glob] [NODE_TEST_DIR=…]
	@$(ORCH) node-compat $(if $(RUNTIME),--runtimes "$(RUNTIME)") $(NODE_COMPAT_ARGS)

node-compat-table: ## per node:* module, files passed per runtime from a results file: make node-compat-table [FILE=…]
	@$(ORCH) node-compat-table $(FILE) $(if $(BASELINE),--baseline "$(BASELINE)")

node-compat-groups: ## Node test failures grouped by first error line: make node-compat-groups [RUNTIME=deno] [FILE=…] [VERBOSE=1]
	@$(ORCH) node-compat-groups $(FILE) $(if $(RUNTIME),--runtimes "$(RUNTIME)") $(if $(filter 1 yes true,$(VERBOSE)),--verbose)
