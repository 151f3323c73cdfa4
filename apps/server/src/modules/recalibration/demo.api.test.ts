import type { RecalibrationView } from "@matchdesk/contract";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from "../../seed/demo.js";
import { findUserByEmail } from "../users/service.js";

// The demo shows the recalibration card: Anna's Sophie declined four introductions.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

it("[recalibration] the demo's Sophie has declines by reason and a proposal for age and cities", async () => {
  const sophie = await findUserByEmail(t.database.db, "sophie.anna-volkova@demo.matchdesk.test");
  const { cookie } = await signIn(t.app, DEMO_ACCOUNTS.matchmaker, DEMO_PASSWORD);
  const res = await t.app.inject({
    method: "GET",
    url: `/api/clients/${sophie!.id}/recalibration`,
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  const view = res.json() as RecalibrationView;
  expect(view).toMatchObject({ answers: 5, declines: 4 });
  expect(view.byReason.filter((r) => r.count > 0)).toEqual([
    { reason: "AGE", count: 2 },
    { reason: "DISTANCE", count: 2 },
  ]);
  expect(view.proposal?.changes.map((c) => [c.field, c.from, c.to])).toEqual([
    ["maxAge", 40, expect.any(Number)],
    ["preferredCities", [], ["Moscow", "Saint Petersburg"]],
  ]);
});
