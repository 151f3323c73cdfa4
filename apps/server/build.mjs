// Bundles the server into dist/main.js and dist/cli.js (and the candidate pool's worker thread,
// dist/pool-scan-worker.js), with their dependencies: loading a few hundred files from
// node_modules, resolved one by one, took 0.7 s of every start, the bundle 0.45 s. Packages that
// read files of their own at run time (PGlite's WebAssembly and data, the API docs and their
// assets, pino's worker transports) or load native code stay in node_modules.
import { build } from "esbuild";

const external = [
  "@electric-sql/pglite",
  "sharp",
  "@node-rs/argon2",
  "@fastify/swagger",
  "@fastify/swagger-ui",
  "pino",
  "pg-native",
];

await build({
  // The candidate pool's scanning thread sits beside main.js, where the pool looks for it.
  entryPoints: {
    main: "src/main.ts",
    cli: "src/cli.ts",
    "pool-scan-worker": "src/modules/matching/pool-scan-worker.ts",
  },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: "warning",
});
