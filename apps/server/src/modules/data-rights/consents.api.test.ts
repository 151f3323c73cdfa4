import { MyConsentsView } from "@matchdesk/contract";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signIn } from "../../../test/app.js";
import { call, cookies, people, setupIntroductionsApp, t } from "../../../test/introductions.js";
import { clientConsents, clientProfiles, users } from "../../db/schema/index.js";
import { seedAdmin } from "../../seed/seed.js";

// Issue 20, consent records: being in the shared search and having a public profile are the
// client's consents, recorded in a ledger (who switched each on, when); the client sees them in
// the portal and withdraws them, which takes effect at once.

setupIntroductionsApp();

const ledgerOf = (clientId: string) =>
  t.database.db.select().from(clientConsents).where(eq(clientConsents.clientId, clientId));
const consents = async (who: string) => {
  const res = await call(who, "GET", "/api/me/consents");
  expect(res.statusCode).toBe(200);
  return MyConsentsView.parse(res.json());
};
const openProfile = (id: string, password: string) =>
  t.app.inject({ method: "POST", url: `/api/public/profiles/${id}/access`, payload: { password } });

describe("consent records", () => {
  it("records who switched the shared search on, and the client's withdrawal takes them out at once", async () => {
    const olga = people.olga!;
    // The fixture switched her search on directly: nothing recorded yet.
    expect(await ledgerOf(olga.id)).toEqual([]);
    expect(
      (await call("anna", "PUT", `/api/clients/${olga.id}/search`, { participates: false })).statusCode,
    ).toBe(200);
    expect(await ledgerOf(olga.id)).toEqual([]);
    expect(
      (await call("anna", "PUT", `/api/clients/${olga.id}/search`, { participates: true })).statusCode,
    ).toBe(200);
    // Switching on what is on records nothing more.
    expect(
      (await call("anna", "PUT", `/api/clients/${olga.id}/search`, { participates: true })).statusCode,
    ).toBe(200);
    const [row] = await ledgerOf(olga.id);
    expect(await ledgerOf(olga.id)).toHaveLength(1);
    expect(row).toMatchObject({
      kind: "shared_search",
      grantedBy: people.anna!.id,
      grantedByRole: "INVITER",
      withdrawnAt: null,
    });

    const mine = await consents("olga");
    expect(mine.current).toEqual({ shared_search: true, public_profile: false });
    expect(mine.items).toEqual([
      expect.objectContaining({ kind: "shared_search", grantedByRole: "INVITER", withdrawnAt: null }),
    ]);
    // Another agency's matchmaker finds her among the candidates of his client.
    const before = await call("boris", "GET", `/api/clients/${people.ivan!.id}/candidates`);
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain(olga.id);

    const withdrawn = await call("olga", "POST", "/api/me/consents/shared_search/withdraw");
    expect(withdrawn.statusCode).toBe(200);
    const after = MyConsentsView.parse(withdrawn.json());
    expect(after.current.shared_search).toBe(false);
    expect(after.items[0]).toMatchObject({ kind: "shared_search", withdrawnByRole: "INVITEE" });
    expect(after.items[0]!.withdrawnAt).not.toBeNull();
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, olga.id));
    expect(stored!.participatesInSearch).toBe(false);
    expect((await ledgerOf(olga.id))[0]).toMatchObject({ withdrawnBy: olga.id, withdrawnByRole: "INVITEE" });
    // At once: no longer a candidate of another agency's client, nor in the shared search.
    const candidates = await call("boris", "GET", `/api/clients/${people.ivan!.id}/candidates`);
    expect(candidates.statusCode).toBe(200);
    expect(candidates.body).not.toContain(olga.id);
    const search = await call("boris", "GET", "/api/search/profiles?pageSize=100");
    expect(search.statusCode).toBe(200);
    expect(search.body).not.toContain(olga.id);
    // Withdrawing again changes and records nothing.
    expect((await call("olga", "POST", "/api/me/consents/shared_search/withdraw")).statusCode).toBe(200);
    expect(await ledgerOf(olga.id)).toHaveLength(1);
  });

  it("records the public profile's opening, and the client's withdrawal closes it at once", async () => {
    const vera = people.vera!;
    const set = await call("anna", "PUT", `/api/profiles/${vera.id}/password`, {
      password: "open-sesame-1",
      confirmPassword: "open-sesame-1",
    });
    expect(set.statusCode).toBe(200);
    expect((await ledgerOf(vera.id)).filter((r) => r.kind === "public_profile")).toEqual([
      expect.objectContaining({ grantedBy: people.anna!.id, grantedByRole: "INVITER", withdrawnAt: null }),
    ]);
    expect((await consents("vera")).current.public_profile).toBe(true);
    expect((await openProfile(vera.id, "open-sesame-1")).statusCode).toBe(200);

    const res = await call("vera", "POST", "/api/me/consents/public_profile/withdraw");
    expect(res.statusCode).toBe(200);
    expect(MyConsentsView.parse(res.json()).current.public_profile).toBe(false);
    const [profile] = await t.database.db
      .select()
      .from(clientProfiles)
      .where(eq(clientProfiles.userId, vera.id));
    expect(profile!.accessPasswordHash).toBeNull();
    expect((await openProfile(vera.id, "open-sesame-1")).statusCode).toBe(404);
    expect((await ledgerOf(vera.id)).find((r) => r.kind === "public_profile")).toMatchObject({
      withdrawnBy: vera.id,
      withdrawnByRole: "INVITEE",
    });
  });

  it("records an administrator's switch; refuses an unknown kind; is the client's alone", async () => {
    const admin = await seedAdmin(t.database.db);
    cookies.admin = (await signIn(t.app, admin.email)).cookie;
    const zoya = people.zoya!;
    await t.database.db.update(users).set({ participatesInSearch: false }).where(eq(users.id, zoya.id));
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/admin/users/${zoya.id}`,
      headers: { cookie: cookies.admin },
      payload: { participatesInSearch: true },
    });
    expect(res.statusCode).toBe(200);
    expect(await ledgerOf(zoya.id)).toEqual([
      expect.objectContaining({ kind: "shared_search", grantedBy: admin.id, grantedByRole: "ADMIN" }),
    ]);
    const unknown = await call("zoya", "POST", "/api/me/consents/newsletter/withdraw");
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, "VALIDATION_FAILED"]);
    expect((await call("anna", "GET", "/api/me/consents")).statusCode).toBe(403);
    expect((await call("anna", "POST", "/api/me/consents/shared_search/withdraw")).statusCode).toBe(403);
  });

  it("shows the client's ledger to their matchmaker and an admin (GET /api/clients/{id}/consents), no one else", async () => {
    const olga = people.olga!;
    const own = await call("anna", "GET", `/api/clients/${olga.id}/consents`);
    expect(own.statusCode).toBe(200);
    const view = MyConsentsView.parse(own.json());
    // The same as the client's own view: what is on, and the ledger by role.
    expect(view).toEqual(await consents("olga"));
    expect(view.current).toEqual({ shared_search: false, public_profile: false });
    expect(view.items).toEqual([
      expect.objectContaining({
        kind: "shared_search",
        grantedByRole: "INVITER",
        withdrawnByRole: "INVITEE",
      }),
    ]);
    const byAdmin = await t.app.inject({
      method: "GET",
      url: `/api/clients/${olga.id}/consents`,
      headers: { cookie: cookies.admin! },
    });
    expect(byAdmin.statusCode).toBe(200);
    const other = await call("boris", "GET", `/api/clients/${olga.id}/consents`);
    expect([other.statusCode, other.json().code]).toEqual([404, "CLIENT_NOT_FOUND"]);
    expect((await call("olga", "GET", `/api/clients/${olga.id}/consents`)).statusCode).toBe(403);
  });
});
