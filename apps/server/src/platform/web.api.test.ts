import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app.js";

// The web app's own page, as the build writes it.
const INDEX = readFileSync(new URL("../../../web/index.html", import.meta.url), "utf8");

describe("[platform] the web page", () => {
  let dist: string;
  const apps: TestApp[] = [];
  beforeAll(() => {
    dist = mkdtempSync(path.join(tmpdir(), "md-web-"));
    writeFileSync(path.join(dist, "index.html"), INDEX);
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("tells the page whether an AI model is connected, on every app path and the agency preview", {
    timeout: 120_000,
  }, async () => {
    const plain = await buildTestApp({ webDistDir: dist, ai: undefined });
    apps.push(plain);
    const withModel = await buildTestApp({
      webDistDir: dist,
      ai: { baseUrl: "http://127.0.0.1:9/v1", apiKey: undefined, model: "m", timeoutMs: 1000 },
    });
    apps.push(withModel);

    expect(INDEX).toContain('<meta name="matchdesk-analysis" content="rules" />');
    for (const url of ["/", "/index.html", "/pricing", "/admin/matches?x=1", "/agency/nobody-here"]) {
      const rules = await plain.app.inject({ method: "GET", url });
      expect(rules.statusCode, url).toBe(200);
      expect(rules.headers["content-type"]).toContain("text/html");
      expect(rules.headers["cache-control"]).toBe("no-cache");
      expect(rules.body).toContain('<meta name="matchdesk-analysis" content="rules" />');
      const ai = await withModel.app.inject({ method: "GET", url });
      expect(ai.statusCode, url).toBe(200);
      expect(ai.body).toContain('<meta name="matchdesk-analysis" content="ai" />');
      expect(ai.body).not.toContain('content="rules"');
    }
    // The API's unknown paths stay JSON 404s.
    const api = await withModel.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: "ROUTE_NOT_FOUND" });
  });
});
