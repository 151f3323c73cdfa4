import { defineConfig } from "@playwright/test";

// Runs against a server that is already up (`npm run test:e2e` builds and starts one on :3100).
const baseURL = process.env.E2E_BASE_URL ?? "http://127.0.0.1:3100";

const chromium = {
  browserName: "chromium" as const,
  launchOptions: {
    executablePath: "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  },
};

export default defineConfig({
  testDir: "e2e",
  reporter: "list",
  workers: 1,
  retries: 0,
  fullyParallel: false,
  use: { baseURL, trace: "off" },
  projects: [
    { name: "desktop", use: { ...chromium, viewport: { width: 1280, height: 800 } } },
    {
      name: "phone",
      use: { ...chromium, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ],
});
