// `npm run build -w apps/web`: the production build, in two passes.
//
// Left to itself the bundler splits the code every lazy page shares into one chunk per set of
// pages that use it: the signed-in shell (layout and dashboard) loaded about 120 small files, and
// gzip compresses each alone, so the same words were paid for again and again. The first pass
// only learns which modules the landing page and the signed-in shell load; the second builds with
// those modules grouped into a few chunks (a file per group), which compress as one.
import { readFileSync } from "node:fs";
import { tsImport } from "tsx/esm/api";
import { build } from "vite";

const { APP_SECTIONS, CORE_SECTIONS } = await tsImport("./catalog-sections.ts", import.meta.url);

/** The pages whose first load is budgeted (docs/architecture.md, "Build and run"): group name -> page modules. */
const ROOTS = {
  landing: [/src\/features\/site\/LandingPage\.tsx$/],
  shell: [/src\/app\/AdminLayout\.tsx$/, /src\/features\/dashboard\/DashboardPage\.tsx$/],
  "staff-home": [/src\/features\/dashboard\/StaffHome\.tsx$/],
  "client-home": [/src\/features\/dashboard\/ClientHome\.tsx$/],
};

let chunks = [];
await build({
  logLevel: "warn",
  build: { write: false },
  plugins: [
    {
      name: "matchdesk-learn-chunks",
      generateBundle(_options, bundle) {
        chunks = Object.values(bundle).filter((c) => c.type === "chunk");
      },
    },
  ],
});

const byFile = new Map(chunks.map((c) => [c.fileName, c]));
/** A chunk and every chunk it imports statically: what loading it loads. */
function closure(chunk, into = new Set()) {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const f of chunk.imports) closure(byFile.get(f), into);
  return into;
}
const rootsOf = (patterns) =>
  chunks.filter(
    (c) => c.facadeModuleId && patterns.some((p) => p.test(c.facadeModuleId.replaceAll("\\", "/"))),
  );

// Earlier groups win: what the entry loads stays in it, what the landing page shares with the
// shell goes to the landing group (the shell loads it too), and so on down the list.
const entry = chunks.find((c) => c.isEntry);
const taken = closure(entry);
const groupOf = new Map();
// What the entry shares with lazy pages (React's JSX runtime, i18next, Mantine's Box) is loaded
// by every page: one "base" file.
for (const file of taken) {
  if (file === entry.fileName) continue;
  for (const id of byFile.get(file).moduleIds) groupOf.set(id, "base");
}
for (const [name, patterns] of Object.entries(ROOTS)) {
  const roots = rootsOf(patterns);
  if (roots.length !== patterns.length) throw new Error(`build.mjs: no chunk for a page of "${name}"`);
  const files = new Set();
  for (const root of roots) closure(root, files);
  for (const file of files) {
    if (taken.has(file)) continue;
    taken.add(file);
    for (const id of byFile.get(file).moduleIds) groupOf.set(id, name);
  }
}

// A page in a group shows only the catalog parts its loader brought (catalog-sections.ts): a word
// from another section would show as its key. Fail the build instead.
const CATALOG = JSON.parse(readFileSync("src/i18n/en-US.json", "utf8"));
const ALLOWED = {
  base: CORE_SECTIONS,
  landing: CORE_SECTIONS,
  shell: [...CORE_SECTIONS, ...APP_SECTIONS],
  "staff-home": [...CORE_SECTIONS, ...APP_SECTIONS],
};
for (const [id, group] of groupOf) {
  const allowed = ALLOWED[group];
  if (!allowed || id.includes("node_modules") || !/\/apps\/web\/src\/.*\.tsx?$/.test(id)) continue;
  // "section.group.key", `section.group.${key}` or `section.${key}` (a dynamic group needs the whole section).
  for (const [, section, sub] of readFileSync(id, "utf8").matchAll(/["'`]([a-zA-Z]+)\.([a-zA-Z]+|\$)/g)) {
    // A key under a part that is split further ("faq.items.${id}") passes if some of it is allowed.
    if (
      !(section in CATALOG) ||
      allowed.includes(section) ||
      allowed.some((key) => key === `${section}.${sub}` || key.startsWith(`${section}.${sub}.`))
    )
      continue;
    throw new Error(
      `build.mjs: ${id} (in "${group}") uses the catalog's "${section}.${sub}", which its page does not load`,
    );
  }
}

await build({
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [{ name: (id) => groupOf.get(id) ?? null }],
        },
      },
    },
  },
});
