import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { buildTimeData } from "./build-time-data";
import { catalogSections } from "./catalog-sections";

// The API server of `npm run dev` (override with API_PROXY_TARGET); the dev server forwards
// /api (HTTP and WebSocket) to it.
const API_TARGET = process.env.API_PROXY_TARGET ?? "http://localhost:3000";

export default defineConfig({
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
  },
  server: {
    // The Host header is kept so that the API's same-origin check sees the browser's origin.
    proxy: { "/api": { target: API_TARGET, ws: true } },
  },
  preview: {
    proxy: { "/api": { target: API_TARGET, ws: true } },
  },
});
