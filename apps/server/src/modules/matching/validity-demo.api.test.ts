import { CompatibilityRunView, ValidityView } from "@matchdesk/contract";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from "../../seed/demo.js";
import { findUserByEmail } from "../users/service.js";

// The demo's score validity page shows real figures: the demo agency has enough past outcomes.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

it("the demo agency and the admin see an AUC over at least 20 outcomes", async () => {
  for (const [email, scope] of [
    [DEMO_ACCOUNTS.matchmaker, "agency"],
    [DEMO_ACCOUNTS.admin, "marketplace"],
  ] as const) {
    const { cookie } = await signIn(t.app, email, DEMO_PASSWORD);
    const res = await t.app.inject({ url: "/api/matching/validity", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const view = ValidityView.parse(res.json());
    expect(view.scope).toBe(scope);
    expect(view.outcomes).toBeGreaterThanOrEqual(20);
    expect(view.auc).toBeGreaterThan(0.6);
    expect(view.mutualYes).toBeGreaterThan(0);
    expect(view.calibration.length).toBeGreaterThan(2);
  }
});

it("the compatibility report answers the learned chance, what it learned from and why", async () => {
  const { cookie } = await signIn(t.app, DEMO_ACCOUNTS.matchmaker, DEMO_PASSWORD);
  const olga = await findUserByEmail(t.database.db, "olga.anna-volkova@demo.matchdesk.test");
  const list = await t.app.inject({ url: `/api/clients/${olga!.id}/candidates`, headers: { cookie } });
  expect(list.statusCode).toBe(200);
  const items = (list.json() as { items: { id: string; mutualChance: number | null }[] }).items;
  // Each candidate on the page carries its learned chance.
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) {
    expect(item.mutualChance).toBeGreaterThan(0);
    expect(item.mutualChance).toBeLessThan(1);
  }
  const candidate = items[0]!;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/matching/compatibility",
    headers: { cookie },
    payload: { clientId: olga!.id, candidateId: candidate.id },
  });
  expect(res.statusCode).toBe(201);
  const view = CompatibilityRunView.parse(res.json());
  expect(view.mutualChance).toBeGreaterThan(0);
  expect(view.mutualChance).toBeLessThan(1);
  // Olga answered introductions in the demo: the chance is learned from every outcome held.
  expect(view.learnedFrom).toBeGreaterThanOrEqual(20);
  expect(Array.isArray(view.reasons)).toBe(true);
});
