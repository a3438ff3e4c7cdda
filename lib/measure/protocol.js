// The job protocol's version: what an orchestrator and a tree's runners agree on, so that one
// orchestrator can drive another checkout's runners (make gate runs the base tree's workloads,
// runners and binaries beside this tree's, lib/run/workflows/base-tree.js). It covers the job JSON a runner
// takes (lib/run/plan/plan.js jobSpec), the one line it prints (lib/measure/record.js), the runner's
// --info line, and the layout the orchestrator reads in a tree (runners/runtimes.json,
// runners/<kind>/kind.json, suites/<suite>/<name>.js). Raise it with any change an orchestrator of
// the other version would misread: a gate whose base declares another version (or none: a tree
// from before this file) says so and compares nothing.

/** The job protocol this tree's runners speak and its orchestrator drives. */
export const JOB_PROTOCOL = 1;
