import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The API server of `npm run dev`; the dev server forwards /api (HTTP and WebSocket) to it.
const API_TARGET = "http://localhost:3000";

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // The contract only declares schemas and constants. Marked free of side effects, a page that
        // needs one constant no longer pulls every zod schema (and zod) into its chunk.
        moduleSideEffects: (id) => (id.includes("/packages/contract/src/") ? false : undefined),
      },
    },
  },
  server: {
    // The Host header is kept so that the API's same-origin check sees the browser's origin.
    proxy: { "/api": { target: API_TARGET, ws: true } },
  },
  preview: {
    proxy: { "/api": { target: API_TARGET, ws: true } },
  },
});
