import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

describe("loadConfig", () => {
  it("defaults to the embedded setup on port 3000", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, env: "development", demoData: true, databaseUrl: undefined });
    expect(c.dataDir).toBe(path.resolve("./data"));
    expect(c.publicUrl).toBe("http://localhost:3000");
  });

  it("never seeds demo data on PostgreSQL", () => {
    const c = loadConfig({ DATABASE_URL: "postgres://u@h/db" });
    expect(c.demoData).toBe(false);
  });

  it("names the bad variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DEMO_DATA: "maybe" })).toThrow(/DEMO_DATA/);
  });

  it("marks HTTPS from PUBLIC_URL", () => {
    expect(loadConfig({ PUBLIC_URL: "https://match.example/" })).toMatchObject({
      isHttps: true,
      publicUrl: "https://match.example",
    });
  });

  it("turns Telegram on with a bot token, at the API root given", () => {
    expect(loadConfig({}).telegram).toBeUndefined();
    expect(loadConfig({ TELEGRAM_BOT_TOKEN: "123456:ABC-def_1" }).telegram).toEqual({
      token: "123456:ABC-def_1",
      apiRoot: "https://api.telegram.org",
    });
    expect(
      loadConfig({ TELEGRAM_BOT_TOKEN: "1:x", TELEGRAM_API_ROOT: "http://127.0.0.1:8081/" }).telegram,
    ).toEqual({ token: "1:x", apiRoot: "http://127.0.0.1:8081" });
    expect(() => loadConfig({ TELEGRAM_BOT_TOKEN: "not a token" })).toThrow(/TELEGRAM_BOT_TOKEN/);
  });
});
