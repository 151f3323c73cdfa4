import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from "../../seed/demo.js";

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  expect(await seedDemoData(t.database.db)).toBe(true);
});
afterAll(() => t.close());

describe("[packages] demo data", () => {
  it("gives the demo matchmaker packages on track, behind schedule and paused", async () => {
    const { cookie } = await signIn(t.app, DEMO_ACCOUNTS.matchmaker, DEMO_PASSWORD);
    const res = await t.app.inject({ method: "GET", url: "/api/packages/overview", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const overview = res.json();
    expect(overview).toMatchObject({ total: 3, behindSchedule: 1 });
    expect(
      overview.items.map((i: Record<string, unknown>) => [
        i.clientFirstName,
        i.delivered,
        i.introductionsPromised,
        i.status,
        i.behindSchedule,
      ]),
    ).toEqual([
      ["Dmitry", 3, 10, "active", true],
      // Then the one that ends soonest.
      ["Sophie", 0, 4, "paused", false],
      ["Olga", 0, 6, "active", false],
    ]);
  });

  it("shows a demo client their package", async () => {
    const { cookie } = await signIn(t.app, "olga.anna-volkova@demo.matchdesk.test", DEMO_PASSWORD);
    const res = await t.app.inject({ method: "GET", url: "/api/me/packages", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toMatchObject([{ delivered: 0, introductionsPromised: 6, currency: "RUB" }]);
  });
});
