import { MyConsentsView } from "@matchdesk/contract";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { clientConsents, clientProfiles, users } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from "../../seed/demo.js";

// The demo's clients in the shared search (or with a public profile) have their consents in the
// ledger, as if their matchmaker had switched them on through the app (issue 20).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  expect(await seedDemoData(t.database.db)).toBe(true);
}, 120_000);
afterAll(async () => t?.close());

describe("the demo's consents", () => {
  it("has an open ledger row for every consent a demo client has on, and none for those off", async () => {
    const db = t.database.db;
    const clients = await db
      .select({
        id: users.id,
        inviterId: users.inviterId,
        inSearch: users.participatesInSearch,
        password: clientProfiles.accessPasswordHash,
      })
      .from(users)
      .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
      .where(eq(users.role, "INVITEE"));
    expect(clients.filter((c) => c.inSearch).length).toBeGreaterThan(0);
    const open = await db.select().from(clientConsents).where(isNull(clientConsents.withdrawnAt));
    for (const c of clients) {
      const mine = open.filter((r) => r.clientId === c.id);
      expect(mine.filter((r) => r.kind === "shared_search")).toHaveLength(c.inSearch ? 1 : 0);
      expect(mine.filter((r) => r.kind === "public_profile")).toHaveLength(c.password ? 1 : 0);
      for (const r of mine) expect(r).toMatchObject({ grantedBy: c.inviterId, grantedByRole: "INVITER" });
    }

    // The demo matchmaker sees one on their client's page.
    const [matchmaker] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.matchmaker));
    const published = clients.find((c) => c.inSearch && c.inviterId === matchmaker!.id)!;
    const { cookie } = await signIn(t.app, DEMO_ACCOUNTS.matchmaker, DEMO_PASSWORD);
    const res = await t.app.inject({ url: `/api/clients/${published.id}/consents`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const view = MyConsentsView.parse(res.json());
    expect(view.current.shared_search).toBe(true);
    expect(view.items).toEqual([
      expect.objectContaining({ kind: "shared_search", grantedByRole: "INVITER", withdrawnAt: null }),
    ]);
    expect(
      await db
        .select()
        .from(clientConsents)
        .where(and(eq(clientConsents.clientId, published.id), eq(clientConsents.kind, "public_profile"))),
    ).toEqual([]);
  });
});
