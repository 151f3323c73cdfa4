import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { agencyLeads, users } from "../../db/schema/index.js";
import { seedMatchmaker } from "../../seed/seed.js";
import type { UserRow } from "../users/service.js";

let t: TestApp;
let whitmore: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  whitmore = await seedMatchmaker(t.database.db, {
    agencyName: "Whitmore & Hart Introductions",
    login: "whitmore-hart",
    city: "London",
    country: "GB",
  });
});
afterAll(() => t.close());

describe("[agencies] requests to join, in the matchmaker's inbox", () => {
  it("keeps a join request as a lead, makes no account, and the matchmaker invites from it", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/agencies/whitmore-hart/join`,
      payload: { firstName: "Lena", lastName: "Gray", email: "Lena.Gray@example.test", message: "Hello" },
      remoteAddress: "10.9.9.1",
    });
    expect(res.statusCode, res.body).toBe(202);
    // Whoever sent the form has not shown the address is theirs: no account is made for it.
    expect(await t.database.db.select().from(users).where(eq(users.email, "lena.gray@example.test"))).toEqual(
      [],
    );
    const { cookie } = await signIn(t.app, whitmore.email);
    const inbox = await t.app.inject({ method: "GET", url: "/api/agencies/me/leads", headers: { cookie } });
    expect(inbox.statusCode).toBe(200);
    expect(inbox.json()).toMatchObject({
      total: 1,
      items: [{ firstName: "Lena", email: "lena.gray@example.test", message: "Hello", clientId: null }],
    });
    const leadId = inbox.json().items[0].id as string;

    // The matchmaker invites the person: a client of theirs, e-mailed the invitation.
    const invited = await t.app.inject({
      method: "POST",
      url: `/api/agencies/me/leads/${leadId}/invite`,
      headers: { cookie },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const [client] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, "lena.gray@example.test"));
    expect(client).toMatchObject({ role: "INVITEE", inviterId: whitmore.id, passwordHash: null });
    expect(invited.json().clientId).toBe(client!.id);
    const again = await t.app.inject({
      method: "POST",
      url: `/api/agencies/me/leads/${leadId}/invite`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("LEAD_ALREADY_INVITED");
    const list = await t.app.inject({ method: "GET", url: "/api/clients", headers: { cookie } });
    expect(list.json().items.map((c: { email: string }) => c.email)).toContain("lena.gray@example.test");

    // Dismissed, it leaves the inbox.
    const dismissed = await t.app.inject({
      method: "DELETE",
      url: `/api/agencies/me/leads/${leadId}`,
      headers: { cookie },
    });
    expect(dismissed.statusCode).toBe(204);
    expect(await t.database.db.select().from(agencyLeads).where(eq(agencyLeads.id, leadId))).toEqual([]);

    // A bot filling the honeypot gets the same answer and stores nothing.
    const bot = await t.app.inject({
      method: "POST",
      url: `/api/agencies/whitmore-hart/join`,
      payload: { firstName: "B", lastName: "Ot", email: "bot@example.test", website: "http://spam" },
      remoteAddress: "10.9.9.2",
    });
    expect(bot.statusCode).toBe(202);
    expect(await t.database.db.select().from(users).where(eq(users.email, "bot@example.test"))).toEqual([]);
  });
});
