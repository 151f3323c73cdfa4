// No import circles, between files or between domain folders (issue "One definition per endpoint").
// dependency-cruiser resolves the imports (TypeScript's `.js` specifiers, workspaces); a circle
// between files is its `no-circular` rule, a circle between folders is found here on the graph it
// gives back with each domain folder collapsed into one node. Runs in `npm test`.
import { cruise } from "dependency-cruiser";

const SCOPES = [
  {
    root: "apps/server/src",
    tsConfig: "apps/server/tsconfig.json",
    // Each module is one domain; platform, db, seed and the entry files are one folder each.
    folders: "^apps/server/src/(modules/[^/]+|[^/]+)",
  },
  {
    root: "apps/web/src",
    tsConfig: "apps/web/tsconfig.json",
    folders: "^apps/web/src/(features/[^/]+|[^/]+)",
  },
  {
    root: "packages/contract/src",
    tsConfig: "packages/contract/tsconfig.json",
    folders: "^packages/contract/src/([^/]+)",
  },
];

const options = (scope, extra = {}) => ({
  tsPreCompilationDeps: true,
  tsConfig: { fileName: scope.tsConfig },
  doNotFollow: { path: "node_modules" },
  exclude: { path: "node_modules|\\.d\\.ts$" },
  includeOnly: `^${scope.root}/`,
  ...extra,
});

const problems = [];
for (const scope of SCOPES) {
  const files = await cruise([scope.root], {
    ...options(scope),
    validate: true,
    ruleSet: { forbidden: [{ name: "no-circular", severity: "error", from: {}, to: { circular: true } }] },
  });
  for (const violation of files.output.summary.violations) {
    const cycle = violation.cycle?.map((step) => step.name ?? step) ?? [violation.to];
    problems.push(`file circle: ${violation.from} -> ${cycle.join(" -> ")}`);
  }

  // Tests sit beside the code they test and may reach across folders (fixtures, seeds); the
  // structure that must stay acyclic is the product's own.
  const folders = await cruise(
    [scope.root],
    options(scope, { collapse: scope.folders, exclude: { path: "node_modules|\\.d\\.ts$|\\.test\\.tsx?$" } }),
  );
  const edges = new Map();
  for (const module of folders.output.modules) {
    const to = module.dependencies.map((d) => d.resolved).filter((name) => name !== module.source);
    edges.set(module.source, [...new Set(to)]);
  }
  for (const component of stronglyConnected(edges)) {
    if (component.length > 1) problems.push(`folder circle: ${component.sort().join(" <-> ")}`);
  }
}

if (problems.length > 0) {
  console.error(`Import circles (${problems.length}):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log("No import circles between files or folders.");

/** Tarjan's strongly connected components of a directed graph. */
function stronglyConnected(graph) {
  let index = 0;
  const stack = [];
  const seen = new Map();
  const low = new Map();
  const onStack = new Set();
  const out = [];
  const visit = (node) => {
    seen.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!seen.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), seen.get(next)));
      }
    }
    if (low.get(node) === seen.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      out.push(component);
    }
  };
  for (const node of graph.keys()) if (!seen.has(node)) visit(node);
  return out;
}
