import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { buildTimeData } from "./build-time-data";
import { catalogSections } from "./catalog-sections";

// The API server of `npm run dev` (override with API_PROXY_TARGET); the dev server forwards
// /api (HTTP and WebSocket) to it.
const API_TARGET = process.env.API_PROXY_TARGET ?? "http://localhost:3000";

// React Router's package exports only its development build (which adds warnings for developers);
// the production build beside it is the same code without them. A build uses that one.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist/production/index.mjs",
);

export default defineConfig(({ command }) => ({
  resolve:
    command === "build" ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  plugins: [
    react(),
    catalogSections(fileURLToPath(new URL("./src/i18n", import.meta.url))),
    buildTimeData(fileURLToPath(new URL("../../packages/contract/src/endpoints", import.meta.url)), [
      fileURLToPath(new URL("./src/lib/url-queries.ts", import.meta.url)),
    ]),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Every browser the app supports preloads modules itself, so no polyfill. A lazy page's
    // scripts are not listed for preloading (only its styles): the list named every chunk of the
    // app in the entry, 1.5 KB gzipped on the landing page; a page's chunk fetches its few
    // grouped chunks (build.mjs) when it loads. index.html still preloads the entry's imports.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === "html" ? deps : []),
    },
  },
  server: {
    // The Host header is kept so that the API's same-origin check sees the browser's origin.
    proxy: { "/api": { target: API_TARGET, ws: true } },
  },
  preview: {
    proxy: { "/api": { target: API_TARGET, ws: true } },
  },
}));
