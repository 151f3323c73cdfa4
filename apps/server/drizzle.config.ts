import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  driver: "pglite",
  schema: "./apps/server/src/db/schema/index.ts",
  out: process.env.DRIZZLE_OUT ?? "./apps/server/drizzle",
  dbCredentials: { url: "memory://" },
});
