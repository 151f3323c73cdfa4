import type { Locale } from "@matchdesk/contract";
import { ENDPOINTS } from "@matchdesk/contract/endpoints";
import { and, eq, like } from "drizzle-orm";
import ical, { type VEvent } from "node-ical";
import { beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/app.js";
import {
  addClient,
  call,
  cookies,
  DAY,
  introduced,
  lastMail,
  matched,
  people,
  setupIntroductionsApp,
  statusOf,
  t,
} from "../../../test/introductions.js";
import {
  contactReleases,
  introductionEvents,
  introductionFeedback,
  introductionLinks,
  introductionSides,
  introductions,
  notifications,
  outbox,
} from "../../db/schema/index.js";
import { seedMatchmaker } from "../../seed/seed.js";
import { runIntroductionJobs } from "./jobs.js";
import { formatMeetingTime } from "./mail.js";

// Introductions after the match through the real routes: both clients consent (portal and
// one-click link), contacts only on consent with a ledger, the date with an .ics, feedback from
// both sides, the nudges on a controllable clock, and every illegal move 409.

setupIntroductionsApp();

describe("the clients' consent", () => {
  it("asks each client, takes a yes through the portal and one through the link, then opens contacts with a ledger", async () => {
    const id = await matched("olga", "ivan");
    // Before anyone asked: the matchmakers are waited on.
    const before = (await call("anna", "GET", `/api/introductions/${id}`)).json();
    expect(before.status).toBe("match");
    expect(
      before.waitingOn.map((w: { role: string; action: string; side: string }) => [w.role, w.action, w.side]),
    ).toEqual([
      ["matchmaker", "ask_client", "own"],
      ["matchmaker", "ask_client", "other"],
    ]);

    const asked = await call("anna", "POST", `/api/introductions/${id}/ask-client`, {
      note: "He plays the cello",
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ status: "asking_clients", own: { askNote: "He plays the cello" } });
    expect((await call("anna", "POST", `/api/introductions/${id}/ask-client`, {})).json().code).toBe(
      "INTRODUCTION_STATE",
    );
    // The e-mail is in the client's language, with a one-click link and the note.
    const { mail, token } = await lastMail("olga");
    expect(mail.subject).toContain("Would you like to meet ivan?");
    expect(mail.body).toContain("He plays the cello");
    expect(token).toBeTruthy();
    const stored = await t.database.db
      .select()
      .from(introductionLinks)
      .where(eq(introductionLinks.introductionId, id));
    expect(stored.map((l) => l.tokenHash)).not.toContain(token); // hashed at rest

    // The link shows the candidate's shared view, never contacts.
    const view = await call(null, "GET", `/api/public/introductions/${id}/answer?token=${token}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      purpose: "answer",
      clientFirstName: "olga",
      note: "He plays the cello",
      // Olga reads English: her page opens in it, and so does the link itself.
      locale: "en-US",
    });
    expect(mail.body).toContain(`&lang=en-US`);
    expect(view.json().candidate.userId).toBe(people.ivan!.id);
    expect(view.body).not.toContain(people.ivan!.email);
    expect(view.body).not.toContain("922 555");

    // Contacts are closed before both said yes.
    for (const who of ["anna", "boris", "olga", "ivan"]) {
      const res = await call(who, "GET", `/api/introductions/${id}/contacts`);
      expect([res.statusCode, res.json().code]).toEqual([403, "CONSENT_REQUIRED"]);
    }

    const viaLink = await call(null, "POST", `/api/public/introductions/${id}/answer?token=${token}`, {
      answer: "yes",
      comment: "Looks kind",
    });
    expect([viaLink.statusCode, viaLink.json()]).toEqual([200, { stage: "waiting" }]);
    const used = await call(null, "POST", `/api/public/introductions/${id}/answer?token=${token}`, {
      answer: "yes",
    });
    expect([used.statusCode, used.json().code]).toEqual([410, "INTRODUCTION_LINK_USED"]);

    // Ivan is not asked yet: he has nothing to answer.
    const early = await call("ivan", "POST", `/api/me/introductions/${id}/answer`, { answer: "yes" });
    expect(early.statusCode).toBe(404);
    expect((await call("ivan", "GET", "/api/me/introductions")).json().items).toEqual([]);
    // Boris sees that Olga said yes, never her private comment.
    const seenByBoris = (await call("boris", "GET", `/api/introductions/${id}`)).json();
    expect(seenByBoris.other).toMatchObject({ asked: true, answer: "yes" });
    expect(JSON.stringify(seenByBoris)).not.toContain("Looks kind");

    await call("boris", "POST", `/api/introductions/${id}/ask-client`, {});
    const portal = (await call("ivan", "GET", "/api/me/introductions")).json().items;
    expect(portal).toHaveLength(1);
    // Ivan does not learn Olga's answer before giving his own.
    expect(portal[0]).toMatchObject({ id, stage: "question", answer: null });
    expect(JSON.stringify(portal[0])).not.toContain("yes");
    const yes = await call("ivan", "POST", `/api/me/introductions/${id}/answer`, { answer: "yes" });
    expect([yes.statusCode, yes.json()]).toEqual([200, { stage: "introduced" }]);
    expect(await statusOf(id)).toBe("introduced");
    const [row] = await t.database.db.select().from(introductions).where(eq(introductions.id, id));
    expect(row!.introducedAt).toBeInstanceOf(Date);

    // Contacts now open, each answer a ledger row under both consents.
    const forBoris = await call("boris", "GET", `/api/introductions/${id}/contacts`);
    expect(forBoris.statusCode).toBe(200);
    expect(forBoris.json().contacts).toEqual([
      expect.objectContaining({
        clientId: people.olga!.id,
        email: people.olga!.email,
        phone: "+7 911 555 01 01",
      }),
    ]);
    const forIvan = await call("ivan", "GET", `/api/introductions/${id}/contacts`);
    expect(forIvan.json().contacts.map((c: { clientId: string }) => c.clientId)).toEqual([people.olga!.id]);
    expect((await call("carl", "GET", `/api/introductions/${id}/contacts`)).statusCode).toBe(404);
    expect((await call("vera", "GET", `/api/introductions/${id}/contacts`)).statusCode).toBe(404);
    const ledger = await call("anna", "GET", `/api/clients/${people.olga!.id}/consent-ledger`);
    expect(ledger.statusCode).toBe(200);
    expect(
      ledger
        .json()
        .items.map((e: { recipientId: string; recipientRole: string }) => [e.recipientId, e.recipientRole])
        .sort(),
    ).toEqual(
      [
        [people.boris!.id, "matchmaker"],
        [people.ivan!.id, "client"],
      ].sort(),
    );
    expect(ledger.json().items[0].consents).toHaveLength(2);
    expect(ledger.json().items[0].fields).toEqual(["email", "phone"]);
    expect((await call("boris", "GET", `/api/clients/${people.olga!.id}/consent-ledger`)).statusCode).toBe(
      404,
    );
    const releases = await t.database.db
      .select()
      .from(contactReleases)
      .where(eq(contactReleases.introductionId, id));
    expect(releases).toHaveLength(2);

    // Each matchmaker was told; the timeline has every step.
    const kinds = (
      await t.database.db.select().from(notifications).where(eq(notifications.userId, people.anna!.id))
    ).map((n) => n.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(["introduction_accepted", "introduction_client_yes", "introduction_introduced"]),
    );
    const timeline = (await call("anna", "GET", `/api/introductions/${id}`)).json().timeline;
    expect(timeline.map((e: { kind: string }) => e.kind)).toEqual([
      "proposed",
      "accepted",
      "client_asked",
      "client_answered",
      "client_asked",
      "client_answered",
      "introduced",
      "contacts_released",
      "contacts_released",
    ]);
  });

  it("a no declines it: the other side learns 'declined', never the reason", async () => {
    const id = await matched("vera", "igor");
    await call("anna", "POST", `/api/introductions/${id}/ask-client`, {});
    await call("boris", "POST", `/api/introductions/${id}/ask-client`, {});
    const noReason = await call("igor", "POST", `/api/me/introductions/${id}/answer`, { answer: "no" });
    expect([noReason.statusCode, noReason.json().code]).toEqual([400, "VALIDATION_FAILED"]);
    const no = await call("igor", "POST", `/api/me/introductions/${id}/answer`, {
      answer: "no",
      reason: "DISTANCE",
      comment: "Too far from my work",
    });
    expect([no.statusCode, no.json()]).toEqual([200, { stage: "closed" }]);
    expect(await statusOf(id)).toBe("declined");
    const [side] = await t.database.db
      .select()
      .from(introductionSides)
      .where(and(eq(introductionSides.introductionId, id), eq(introductionSides.clientId, people.igor!.id)));
    expect(side).toMatchObject({ answer: "no", reason: "DISTANCE", comment: "Too far from my work" });
    const forAnna = await call("anna", "GET", `/api/introductions/${id}`);
    expect(forAnna.json().status).toBe("declined");
    expect(forAnna.json().other.answer).toBeNull();
    expect(forAnna.body).not.toContain("DISTANCE");
    expect(forAnna.body).not.toContain("Too far");
    const forBoris = (await call("boris", "GET", `/api/introductions/${id}`)).json();
    expect(forBoris.own).toMatchObject({ answer: "no", reason: "DISTANCE", comment: "Too far from my work" });
    // Vera's question closes without saying why; she can no longer answer.
    expect((await call("vera", "GET", "/api/me/introductions")).json().items[0]).toMatchObject({
      id,
      stage: "closed",
    });
    const late = await call("vera", "POST", `/api/me/introductions/${id}/answer`, { answer: "yes" });
    expect([late.statusCode, late.json().code]).toEqual([409, "INTRODUCTION_STATE"]);
    expect((await call("anna", "GET", `/api/introductions/${id}/contacts`)).statusCode).toBe(403);
  });

  it("takes two parallel yeses once: introduced exactly once", async () => {
    const id = await matched("zoya", "ilya");
    await call("anna", "POST", `/api/introductions/${id}/ask-client`, {});
    await call("boris", "POST", `/api/introductions/${id}/ask-client`, {});
    const [a, b] = await Promise.all([
      call("zoya", "POST", `/api/me/introductions/${id}/answer`, { answer: "yes" }),
      call("ilya", "POST", `/api/me/introductions/${id}/answer`, { answer: "yes" }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().stage, b.json().stage].sort()).toEqual(["introduced", "waiting"]);
    expect(await statusOf(id)).toBe("introduced");
    const events = await t.database.db
      .select()
      .from(introductionEvents)
      .where(and(eq(introductionEvents.introductionId, id), eq(introductionEvents.kind, "introduced")));
    expect(events).toHaveLength(1);
  });

  it("refuses forged, used and expired links, and a link of another introduction", async () => {
    const id = await matched("lena", "oleg");
    await call("anna", "POST", `/api/introductions/${id}/ask-client`, {});
    const { token } = await lastMail("lena");
    const forged = await call(null, "GET", `/api/public/introductions/${id}/answer?token=${"x".repeat(43)}`);
    expect([forged.statusCode, forged.json().code]).toEqual([401, "INTRODUCTION_LINK_INVALID"]);
    const elsewhere = await call(
      null,
      "GET",
      `/api/public/introductions/${people.lena!.id}/answer?token=${token}`,
    );
    expect(elsewhere.statusCode).toBe(401);
    const asFeedback = await call(null, "GET", `/api/public/introductions/${id}/feedback?token=${token}`);
    expect(asFeedback.statusCode).toBe(401);
    await t.database.db
      .update(introductionLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(introductionLinks.introductionId, id));
    const expired = await call(null, "POST", `/api/public/introductions/${id}/answer?token=${token}`, {
      answer: "yes",
    });
    expect([expired.statusCode, expired.json().code]).toEqual([410, "INTRODUCTION_LINK_EXPIRED"]);
    const [side] = await t.database.db
      .select()
      .from(introductionSides)
      .where(and(eq(introductionSides.introductionId, id), eq(introductionSides.clientId, people.lena!.id)));
    expect(side!.answer).toBeNull();
    const missing = await call(null, "GET", `/api/public/introductions/${id}/answer`);
    expect(missing.statusCode).toBe(400);
  });

  it("answers 409 for every move out of order", async () => {
    const res = await call("anna", "POST", "/api/introductions", {
      clientId: people.mila!.id,
      candidateId: people.oleg!.id,
    });
    const id = res.json().id;
    // The chance the pair was given when proposed is kept for the validity page.
    const [kept] = await t.database.db
      .select({ chance: introductions.predictedChance })
      .from(introductions)
      .where(eq(introductions.id, id));
    expect(kept!.chance).toBeGreaterThanOrEqual(0);
    expect(kept!.chance).toBeLessThanOrEqual(1);
    // Awaiting the other matchmaker: no asking, no date, no feedback, no contacts.
    for (const [who, method, url, body] of [
      ["anna", "POST", `/api/introductions/${id}/ask-client`, {}],
      [
        "anna",
        "PUT",
        `/api/introductions/${id}/date`,
        { startsAt: new Date(Date.now() + DAY).toISOString(), place: "Cafe" },
      ],
      [
        "anna",
        "POST",
        `/api/introductions/${id}/feedback`,
        { clientId: people.mila!.id, happened: false, meetAgain: "no" },
      ],
    ] as const) {
      const r = await call(who, method, url, body);
      expect([r.statusCode, r.json().code], url).toEqual([409, "INTRODUCTION_STATE"]);
    }
    expect((await call("anna", "GET", `/api/introductions/${id}/contacts`)).statusCode).toBe(403);
    expect((await call("carl", "POST", `/api/introductions/${id}/ask-client`, {})).statusCode).toBe(404);
    const bad = await call("anna", "PUT", `/api/introductions/${id}/date`, {
      startsAt: "tomorrow",
      place: "",
    });
    expect(bad.statusCode).toBe(400);
    // Cancelled: nothing more.
    expect((await call("anna", "POST", `/api/introductions/${id}/cancel`)).statusCode).toBe(200);
    expect((await call("boris", "POST", `/api/introductions/${id}/accept`)).json().code).toBe(
      "INTRODUCTION_STATE",
    );
    expect((await call("anna", "POST", `/api/introductions/${id}/cancel`)).json().code).toBe(
      "INTRODUCTION_STATE",
    );
  });

  it("starts at match for two clients of one matchmaker, who asks both", async () => {
    const res = await call("anna", "POST", "/api/introductions", {
      clientId: people.mila!.id,
      candidateId: people.anton!.id,
    });
    expect([res.statusCode, res.json().status]).toEqual([201, "match"]);
    const id = res.json().id;
    expect((await call("anna", "POST", `/api/introductions/${id}/accept`)).json().code).toBe(
      "INTRODUCTION_STATE",
    );
    const first = await call("anna", "POST", `/api/introductions/${id}/ask-client`, {});
    expect(first.json().waitingOn.map((w: { action: string }) => w.action)).toEqual(["answer", "ask_client"]);
    const second = await call("anna", "POST", `/api/introductions/${id}/ask-client`, {});
    expect(second.json().waitingOn.map((w: { action: string }) => w.action)).toEqual(["answer", "answer"]);
    expect((await call("anna", "POST", `/api/introductions/${id}/ask-client`, {})).statusCode).toBe(409);
    // Within one agency the matchmaker reads both sides in full.
    await call("anton", "POST", `/api/me/introductions/${id}/answer`, { answer: "no", reason: "AGE" });
    const detail = (await call("anna", "GET", `/api/introductions/${id}`)).json();
    expect(
      detail.timeline.find((e: { kind: string; side: string }) => e.kind === "client_answered")?.data.reason,
    ).toBe("AGE");
    await call("anna", "POST", `/api/introductions/${id}/cancel`);
  });
});

describe("the first date and feedback", () => {
  it("sets a date with an .ics, reminds the day before, asks feedback after, and ends at a second date", async () => {
    const id = await introduced("olga", "oleg");
    const [row] = await t.database.db.select().from(introductions).where(eq(introductions.id, id));
    const nameOf = (uid: string) => Object.keys(people).find((k) => people[k]!.id === uid) as string;
    const a = nameOf(row!.clientId);
    const b = nameOf(row!.candidateId);
    const startsAt = new Date(Date.now() + 3 * DAY);
    // Boris's agency meets in Yekaterinburg (UTC+5): a date he sets without a zone is at its clock.
    const zone = "Asia/Yekaterinburg";
    const defaults = { reminderDays: [2, 5], matchmakerAlertDay: 7, expiryDays: 8 };
    const badZone = await call("boris", "PUT", "/api/introductions/settings", {
      ...defaults,
      timeZone: "Mars/Olympus",
    });
    expect([badZone.statusCode, badZone.json().code]).toEqual([400, "VALIDATION_FAILED"]);
    expect(
      (await call("boris", "PUT", "/api/introductions/settings", { ...defaults, timeZone: zone })).json(),
    ).toEqual({
      ...defaults,
      timeZone: zone,
    });
    const badDate = await call("boris", "PUT", `/api/introductions/${id}/date`, {
      startsAt: startsAt.toISOString(),
      place: "Park",
      timeZone: "Nowhere/Land",
    });
    expect(badDate.statusCode).toBe(400);
    const set = await call("boris", "PUT", `/api/introductions/${id}/date`, {
      startsAt: startsAt.toISOString(),
      place: "Café Pushkin, Tverskoy Blvd 26A",
      mapUrl: "https://maps.example.com/?q=pushkin",
      note: "Table under Anna's name",
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      status: "date_planned",
      date: { place: "Café Pushkin, Tverskoy Blvd 26A", timeZone: zone },
    });
    const localTime = new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(startsAt);
    expect(set.json().waitingOn.map((w: { action: string }) => w.action)).toEqual([
      "confirm_date",
      "confirm_date",
    ]);
    // Each client got the date with a calendar file that parses.
    const { mail } = await lastMail(a);
    expect(mail.attachments).toHaveLength(1);
    const events = Object.values(ical.sync.parseICS(mail.attachments![0]!.content)).filter(
      (e) => e?.type === "VEVENT",
    );
    expect(events).toHaveLength(1);
    const event = events[0] as VEvent;
    expect(event.start.toISOString()).toBe(
      new Date(Math.floor(startsAt.getTime() / 60_000) * 60_000).toISOString(),
    );
    expect(event.location).toBe("Café Pushkin, Tverskoy Blvd 26A");
    // The mail and the calendar file say the time at the meeting's clock, with the zone's name.
    expect(mail.body).toContain(localTime);
    expect(mail.body).toContain(`(${zone})`);
    expect(mail.body).toContain(formatMeetingTime(people[a]!.locale as Locale, startsAt, zone));
    expect(event.description).toContain(localTime);
    expect(event.description).toContain(zone);
    expect(mail.attachments![0]!.content).toContain(`X-WR-TIMEZONE:${zone}`);
    // The client's portal and the one-click pages get the zone too.
    const portal = (await call(a, "GET", "/api/me/introductions")).json();
    expect(portal.items.find((i: { id: string }) => i.id === id).date).toMatchObject({ timeZone: zone });
    expect(event.uid).toBe(`${id}@matchdesk`);

    // An answer about another time than the planned one is refused (the date moved meanwhile).
    const stale = await call(a, "POST", `/api/me/introductions/${id}/date-response`, {
      response: "confirmed",
      startsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
    });
    expect([stale.statusCode, stale.json().code]).toEqual([409, "INTRODUCTION_STATE"]);
    const confirm = await call(a, "POST", `/api/me/introductions/${id}/date-response`, {
      response: "confirmed",
      startsAt: set.json().date.startsAt,
    });
    expect([confirm.statusCode, confirm.json()]).toEqual([200, { stage: "date" }]);
    const other = await call(b, "POST", `/api/me/introductions/${id}/date-response`, {
      response: "reschedule",
      startsAt: set.json().date.startsAt,
      note: "Sunday?",
    });
    expect(other.statusCode).toBe(200);
    const waiting = (await call("anna", "GET", `/api/introductions/${id}`)).json().waitingOn;
    expect(waiting.map((w: { action: string }) => w.action)).toContain("set_date");
    // Moved: both asked to confirm again, the calendar's sequence grows.
    // Anna moves it and names the zone herself.
    const moved = await call("anna", "PUT", `/api/introductions/${id}/date`, {
      startsAt: startsAt.toISOString(),
      place: "Café Pushkin",
      timeZone: "Europe/Moscow",
    });
    expect(moved.json().date.timeZone).toBe("Europe/Moscow");
    const again = await lastMail(b);
    expect(again.mail.attachments![0]!.content).toContain("SEQUENCE:1");
    expect(
      (await call(a, "GET", "/api/me/introductions")).json().items.find((i: { id: string }) => i.id === id),
    ).toMatchObject({
      stage: "date",
      dateResponse: null,
    });
    // Feedback before the date: 409.
    const early = await call(a, "POST", `/api/me/introductions/${id}/feedback`, {
      happened: false,
      meetAgain: "no",
    });
    expect([early.statusCode, early.json().code]).toEqual([409, "INTRODUCTION_STATE"]);

    // The day before: one reminder, never twice.
    const dayBefore = new Date(startsAt.getTime() - 20 * 3_600_000);
    const r1 = await runIntroductionJobs(t.app.deps, dayBefore);
    expect(r1.dateReminded.map((r) => r.id)).toContain(id);
    expect((await lastMail(a)).mail.subject).toMatch(/Tomorrow|Завтра/);
    const r2 = await runIntroductionJobs(t.app.deps, dayBefore);
    expect(r2.dateReminded.map((r) => r.id)).not.toContain(id);

    // After it: dated, both asked for feedback by link.
    const after = new Date(startsAt.getTime() + 3 * 3_600_000);
    const r3 = await runIntroductionJobs(t.app.deps, after);
    expect(r3.dated.map((r) => r.id)).toContain(id);
    expect(await statusOf(id)).toBe("dated");
    const { token } = await lastMail(a);
    const form = await call(null, "GET", `/api/public/introductions/${id}/feedback?token=${token}`);
    expect([form.statusCode, form.json().purpose]).toEqual([200, "feedback"]);
    const noRatings = await call(null, "POST", `/api/public/introductions/${id}/feedback?token=${token}`, {
      happened: true,
      meetAgain: "yes",
    });
    expect(noRatings.statusCode).toBe(400);
    const given = await call(null, "POST", `/api/public/introductions/${id}/feedback?token=${token}`, {
      happened: true,
      meetAgain: "yes",
      ratings: { attraction: 4, conversation: 5, values: 4, manners: 5 },
      note: "Lovely evening",
    });
    expect([given.statusCode, given.json()]).toEqual([200, { stage: "waiting" }]);
    // Boris records his client's feedback after a call.
    const bId = people[b]!.id;
    const recorded = await call("boris", "POST", `/api/introductions/${id}/feedback`, {
      clientId: bId,
      happened: true,
      meetAgain: "yes",
      ratings: { attraction: 5, conversation: 4, values: 4, manners: 5 },
    });
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json().status).toBe("second_date");
    expect(recorded.json().own.feedback).toMatchObject({ meetAgain: "yes", recordedByMatchmaker: true });
    // Each side's feedback stays with its agency.
    expect(recorded.body).not.toContain("Lovely evening");
    const stored = await t.database.db
      .select()
      .from(introductionFeedback)
      .where(eq(introductionFeedback.introductionId, id));
    expect(stored).toHaveLength(2);
    const twice = await call("boris", "POST", `/api/introductions/${id}/feedback`, {
      clientId: bId,
      happened: false,
      meetAgain: "no",
    });
    expect(twice.statusCode).toBe(409);
  });

  it("a date recorded after the fact goes straight to dated; one 'maybe' ends it without saying who", async () => {
    const id = await introduced("zoya", "igor");
    const past = await call("anna", "PUT", `/api/introductions/${id}/date`, {
      startsAt: new Date(Date.now() - DAY).toISOString(),
      place: "Park",
    });
    expect(past.json().status).toBe("dated");
    const [row] = await t.database.db.select().from(introductions).where(eq(introductions.id, id));
    const names = [row!.clientId, row!.candidateId].map(
      (uid) => Object.keys(people).find((k) => people[k]!.id === uid)!,
    );
    await call(names[0]!, "POST", `/api/me/introductions/${id}/feedback`, {
      happened: true,
      meetAgain: "maybe",
      ratings: { attraction: 3, conversation: 3, values: 3, manners: 4 },
      reasons: ["LIFESTYLE_VALUES"],
    });
    const last = await call(names[1]!, "POST", `/api/me/introductions/${id}/feedback`, {
      happened: true,
      meetAgain: "yes",
      ratings: { attraction: 5, conversation: 5, values: 5, manners: 5 },
    });
    expect([last.statusCode, last.json()]).toEqual([200, { stage: "closed" }]);
    expect(await statusOf(id)).toBe("ended");
    const forBoris = (await call("boris", "GET", `/api/introductions/${id}`)).json();
    expect(JSON.stringify(forBoris)).not.toContain("LIFESTYLE_VALUES");
    expect(JSON.stringify(forBoris)).not.toContain("maybe");
  });
});

describe("nudges on a controllable clock", () => {
  it("reminds on days 2 and 5, tells the matchmaker on day 7, expires on day 8, each once", async () => {
    const fresh = await seedMatchmaker(t.database.db, { firstName: "Dora" });
    cookies.dora = (await signIn(t.app, fresh.email)).cookie;
    people.dora = fresh;
    const settings = await call("dora", "PUT", "/api/introductions/settings", {
      reminderDays: [3],
      matchmakerAlertDay: 4,
      expiryDays: 6,
    });
    expect(settings.json()).toEqual({
      reminderDays: [3],
      matchmakerAlertDay: 4,
      expiryDays: 6,
      timeZone: null,
    });
    const badSettings = await call("dora", "PUT", "/api/introductions/settings", {
      reminderDays: [9],
      matchmakerAlertDay: 4,
      expiryDays: 6,
    });
    expect(badSettings.statusCode).toBe(400);

    const id = await matched("mila", "igor");
    const [row] = await t.database.db.select().from(introductions).where(eq(introductions.id, id));
    const annaClient = Object.keys(people).find((k) => people[k]!.id === row!.clientId)!;
    await call("anna", "POST", `/api/introductions/${id}/ask-client`, {});
    const asked = Date.now();
    const mailsTo = async () =>
      (await t.database.db.select().from(outbox).where(eq(outbox.toAddress, people[annaClient]!.email)))
        .length;
    const start = await mailsTo();
    const at = (days: number) => runIntroductionJobs(t.app.deps, new Date(asked + days * DAY + 60_000));

    // Other tests' open questions are due too: look at this one.
    const mine = <T extends { introductionId?: string; id?: string }>(rows: T[]) =>
      rows.filter((r) => (r.introductionId ?? r.id) === id);
    expect(mine((await at(1)).reminded)).toEqual([]);
    expect(mine((await at(2)).reminded).map((r) => r.introductionId)).toEqual([id]);
    expect(mine((await at(2)).reminded)).toEqual([]);
    expect(await mailsTo()).toBe(start + 1);
    // The reminder's own link works.
    const { token, mail: reminder } = await lastMail(annaClient);
    const reminderView = await call(null, "GET", `/api/public/introductions/${id}/answer?token=${token}`);
    expect(reminderView.statusCode).toBe(200);
    // A Russian-speaking client's link and page are in Russian.
    expect(reminderView.json().locale).toBe("ru-RU");
    expect(reminder.body).toContain("&lang=ru-RU");
    expect(mine((await at(5)).reminded).map((r) => r.introductionId)).toEqual([id]);
    expect(mine((await at(6)).alerted)).toEqual([]);
    const alert = await at(7);
    expect(mine(alert.alerted)).toEqual([
      expect.objectContaining({ introductionId: id, matchmakerId: people.anna!.id, days: 7 }),
    ]);
    expect(mine((await at(7)).alerted)).toEqual([]);
    const silent = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, people.anna!.id), eq(notifications.kind, "introduction_client_silent")),
      );
    expect(silent.filter((n) => n.params.introductionId === id)).toHaveLength(1);
    expect(mine((await at(7.9)).expired)).toEqual([]);
    const end = await at(8);
    expect(mine(end.expired).map((r) => r.id)).toEqual([id]);
    expect(await statusOf(id)).toBe("expired");
    expect(mine((await at(9)).expired)).toEqual([]);
    const answer = await call(annaClient, "POST", `/api/me/introductions/${id}/answer`, { answer: "yes" });
    expect(answer.statusCode).toBe(409);
    const events = await t.database.db
      .select({ kind: introductionEvents.kind })
      .from(introductionEvents)
      .where(and(eq(introductionEvents.introductionId, id), like(introductionEvents.kind, "%e%")));
    expect(events.filter((e) => e.kind === "client_reminded")).toHaveLength(2);
    expect(events.filter((e) => e.kind === "expired")).toHaveLength(1);
  });
});

describe("a matchmaker who never asks their client", () => {
  it("is reminded on the reminder days after the match, and the introduction expires on the expiry day, each once", async () => {
    // Anna's questions expire later than Boris's days: the introduction expires for Boris's silence.
    const days = (expiryDays: number) => ({ reminderDays: [2, 5], matchmakerAlertDay: 7, expiryDays });
    expect((await call("anna", "PUT", "/api/introductions/settings", days(10))).statusCode).toBe(200);
    const id = await matched("lena", "ilya");
    const [row] = await t.database.db.select().from(introductions).where(eq(introductions.id, id));
    const matchedAt = row!.updatedAt.getTime();
    // Anna asks her client; Boris never asks his.
    await call("anna", "POST", `/api/introductions/${id}/ask-client`, {});
    const askedLena = Date.now();
    const at = (days: number) => runIntroductionJobs(t.app.deps, new Date(matchedAt + days * DAY + 60_000));
    const mine = <T extends { introductionId?: string; id?: string }>(rows: T[]) =>
      rows.filter((r) => (r.introductionId ?? r.id) === id);
    const bell = async (userId: string, kind: "introduction_ask_reminder" | "introduction_expired_unasked") =>
      (
        await t.database.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)))
      ).filter((n) => n.params.introductionId === id);
    const borisMails = async () =>
      (await t.database.db.select().from(outbox).where(eq(outbox.toAddress, people.boris!.email))).filter(
        (m) => m.body.includes("ilya"),
      );

    expect(mine((await at(1)).askReminded)).toEqual([]);
    const day2 = await at(2);
    expect(mine(day2.askReminded)).toEqual([
      expect.objectContaining({
        clientId: people.ilya!.id,
        matchmakerId: people.boris!.id,
        days: 2,
        left: 6,
      }),
    ]);
    // Never twice for the same day; the asked side is the client's question, not a reminder to Anna.
    expect(mine((await at(2.5)).askReminded)).toEqual([]);
    expect(mine(day2.askReminded).map((r) => r.matchmakerId)).not.toContain(people.anna!.id);
    const reminders = await bell(people.boris!.id, "introduction_ask_reminder");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.params).toMatchObject({
      clientName: "ilya",
      candidateName: "lena",
      days: 2,
      left: 6,
    });
    // The e-mail copy is in Boris's language (Russian by default).
    const mails = await borisMails();
    expect(
      mails.filter((m) => m.body.includes("Вы ещё не спросили клиента ilya о знакомстве с lena")),
    ).toHaveLength(1);
    expect(await bell(people.anna!.id, "introduction_ask_reminder")).toEqual([]);

    expect(mine((await at(5)).askReminded).map((r) => r.days)).toEqual([5]);
    expect(mine((await at(6)).askReminded)).toEqual([]);
    expect(await bell(people.boris!.id, "introduction_ask_reminder")).toHaveLength(2);
    // Before the expiry day nothing closes, even past the client's own question's alert day.
    expect(mine((await at(7.9)).expired)).toEqual([]);
    expect(await statusOf(id)).toBe("asking_clients");
    const end = await at(8);
    expect(mine(end.expired)).toEqual([
      expect.objectContaining({ id, status: "expired", cause: "not_asked", silentClientId: people.ilya!.id }),
    ]);
    expect(await statusOf(id)).toBe("expired");
    expect(mine((await at(9)).expired)).toEqual([]);
    expect(mine((await at(9)).askReminded)).toEqual([]);
    // Both matchmakers are told once; the timeline says it expired unasked.
    expect(await bell(people.anna!.id, "introduction_expired_unasked")).toHaveLength(1);
    expect(await bell(people.boris!.id, "introduction_expired_unasked")).toHaveLength(1);
    const events = await t.database.db
      .select()
      .from(introductionEvents)
      .where(eq(introductionEvents.introductionId, id));
    expect(events.filter((e) => e.kind === "matchmaker_reminded")).toHaveLength(2);
    expect(events.filter((e) => e.kind === "expired")).toEqual([
      expect.objectContaining({ clientId: people.ilya!.id, data: { cause: "not_asked" } }),
    ]);
    // Boris sees his reminders in the timeline; Anna does not see the other side's.
    const forBoris = (await call("boris", "GET", `/api/introductions/${id}`)).json();
    expect(forBoris.timeline.filter((e: { kind: string }) => e.kind === "matchmaker_reminded")).toHaveLength(
      2,
    );
    const forAnna = (await call("anna", "GET", `/api/introductions/${id}`)).json();
    expect(forAnna.timeline.filter((e: { kind: string }) => e.kind === "matchmaker_reminded")).toHaveLength(
      0,
    );
    expect(forAnna.timeline.at(-1)).toMatchObject({
      kind: "expired",
      side: "other",
      data: { cause: "not_asked" },
    });
    // Lena's question closed with it.
    const answer = await call("lena", "POST", `/api/me/introductions/${id}/answer`, { answer: "yes" });
    expect(answer.statusCode).toBe(409);
    expect(askedLena).toBeGreaterThanOrEqual(matchedAt);
    await call("anna", "PUT", "/api/introductions/settings", days(8));
  });

  it("stops reminding once the matchmaker asks, and two clients of one matchmaker follow the same clock", async () => {
    const res = await call("anna", "POST", "/api/introductions", {
      clientId: people.vera!.id,
      candidateId: people.anton!.id,
    });
    expect(res.json().status).toBe("match");
    const id = res.json().id as string;
    const [row] = await t.database.db.select().from(introductions).where(eq(introductions.id, id));
    const at = (days: number) =>
      runIntroductionJobs(t.app.deps, new Date(row!.createdAt.getTime() + days * DAY + 60_000));
    const mine = <T extends { introductionId?: string }>(rows: T[]) =>
      rows.filter((r) => r.introductionId === id);
    expect(
      mine((await at(2)).askReminded)
        .map((r) => r.clientId)
        .sort(),
    ).toEqual([people.vera!.id, people.anton!.id].sort());
    // Anna asks Vera: her reminders stop, Vera's own question starts from none.
    await call("anna", "POST", `/api/introductions/${id}/ask-client`, { clientId: people.vera!.id });
    const [vera] = await t.database.db
      .select()
      .from(introductionSides)
      .where(and(eq(introductionSides.introductionId, id), eq(introductionSides.clientId, people.vera!.id)));
    expect(vera).toMatchObject({ remindersSent: 0, matchmakerAlerted: false });
    expect(mine((await at(5)).askReminded).map((r) => r.clientId)).toEqual([people.anton!.id]);
    await call("anna", "POST", `/api/introductions/${id}/cancel`);
    expect(mine((await at(8)).expired as { id: string }[] as never[])).toEqual([]);
    expect(await statusOf(id)).toBe("cancelled");
  });
});

describe("contacts before consent", () => {
  it("no route that shows a profile shows the other side's phone or e-mail before both said yes", async () => {
    const id = await matched("olga", "igor");
    await call("anna", "POST", `/api/introductions/${id}/ask-client`, {});
    const [row] = await t.database.db.select().from(introductions).where(eq(introductions.id, id));
    const olga = people.olga!;
    const other = Object.keys(people).find((k) => people[k]!.id === row!.candidateId)!;
    await call("boris", "POST", `/api/introductions/${id}/ask-client`, {});
    const secrets = [olga.email, "911 555 01 01", "+79115550101"];
    const ids = [id, olga.id, people[other]!.id, people.anna!.id, people.boris!.id];
    const gets = ENDPOINTS.filter(
      (def) => def.method === "GET" && !def.path.includes("/ws") && !def.path.includes("/files/"),
    );
    let walked = 0;
    for (const def of gets) {
      const names = [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const urls =
        names.length === 0
          ? [def.path]
          : ids.map((value) =>
              names.reduce((url, name) => url.replace(`:${name}`, value), def.path as string),
            );
      for (const url of urls) {
        for (const who of ["boris", other, null]) {
          const res = await call(who, "GET", url);
          walked += 1;
          for (const secret of secrets)
            expect(res.body, `${who ?? "public"} GET ${url}`).not.toContain(secret);
        }
      }
    }
    expect(walked).toBeGreaterThan(100);
  });
});

describe("the state machine", () => {
  // Every move from every state: the legal ones succeed, every other answers 409 (or 404 for a
  // client who was never asked). Each case starts from a fresh introduction in that state.
  const STATES = [
    "awaiting_response",
    "match",
    "asking_clients",
    "introduced",
    "date_planned",
    "dated",
    "second_date",
    "ended",
    "declined",
    "expired",
    "rejected",
    "cancelled",
  ] as const;
  type Move = { who: string; method: "POST" | "PUT"; path: string; body?: object; legal: readonly string[] };
  const MOVES: Record<string, Move> = {
    accept: { who: "boris", method: "POST", path: "accept", legal: ["awaiting_response"] },
    reject: { who: "boris", method: "POST", path: "reject", legal: ["awaiting_response"] },
    cancel: {
      who: "anna",
      method: "POST",
      path: "cancel",
      legal: ["awaiting_response", "match", "asking_clients", "introduced", "date_planned"],
    },
    ask: { who: "anna", method: "POST", path: "ask-client", body: {}, legal: ["match"] },
    date: {
      who: "anna",
      method: "PUT",
      path: "date",
      body: { startsAt: new Date(Date.now() + 5 * DAY).toISOString(), place: "Cafe" },
      legal: ["introduced", "date_planned"],
    },
    answer: {
      who: "sm1",
      method: "POST",
      path: "me/answer",
      body: { answer: "yes" },
      legal: ["asking_clients"],
    },
    dateResponse: {
      who: "sm1",
      method: "POST",
      path: "me/date-response",
      body: { response: "confirmed", startsAt: "planned" },
      legal: ["date_planned"],
    },
    feedback: {
      who: "sm1",
      method: "POST",
      path: "me/feedback",
      body: { happened: false, meetAgain: "no" },
      legal: ["dated"],
    },
  };

  beforeAll(async () => {
    await addClient("sm1", people.anna!, "FEMALE");
    await addClient("sm2", people.boris!, "MALE");
  });

  /** An introduction of sm1 and sm2 in `status`, Olga's side asked (and answered once past it). */
  async function inState(status: (typeof STATES)[number]) {
    const asked = !["awaiting_response", "match", "rejected", "cancelled"].includes(status);
    const consented = ["introduced", "date_planned", "dated", "second_date", "ended"].includes(status);
    const { seedIntroduction } = await import("../../seed/introductions.js");
    const row = await seedIntroduction(t.database.db, {
      client: {
        clientId: people.sm1!.id,
        matchmakerId: people.anna!.id,
        ...(asked && { askedAt: new Date() }),
        ...(consented && { answer: "yes" as const }),
        ...(status === "declined" && { answer: "no" as const, reason: "AGE" as const }),
      },
      candidate: {
        clientId: people.sm2!.id,
        matchmakerId: people.boris!.id,
        ...(asked && { askedAt: new Date() }),
        ...(consented && { answer: "yes" as const }),
      },
      status,
      ...(consented && { introducedAt: new Date() }),
      ...(["date_planned", "dated", "second_date", "ended"].includes(status) && {
        dateStartsAt: new Date(Date.now() + (status === "date_planned" ? 2 : -2) * DAY),
        datePlace: "Park",
      }),
    });
    await t.database.db
      .update(introductionSides)
      .set({ expiresAt: new Date(Date.now() + (status === "expired" ? -1 : 5) * DAY) })
      .where(eq(introductionSides.introductionId, row.id));
    return row.id;
  }

  for (const [name, move] of Object.entries(MOVES)) {
    it(`${name}: legal only from ${move.legal.join(", ")}`, async () => {
      for (const status of STATES) {
        const id = await inState(status);
        const url = move.path.startsWith("me/")
          ? `/api/me/introductions/${id}/${move.path.slice(3)}`
          : `/api/introductions/${id}/${move.path}`;
        const [seeded] = await t.database.db.select().from(introductions).where(eq(introductions.id, id));
        const body =
          move.body && "startsAt" in move.body && move.body.startsAt === "planned"
            ? { ...move.body, startsAt: (seeded!.dateStartsAt ?? new Date(Date.now() + DAY)).toISOString() }
            : move.body;
        const res = await call(move.who, move.method, url, body);
        const after = await statusOf(id);
        if (move.legal.includes(status)) {
          expect(res.statusCode, `${name} from ${status}: ${res.body}`).toBe(200);
        } else {
          const neverAsked =
            move.who === "sm1" && ["awaiting_response", "match", "rejected", "cancelled"].includes(status);
          expect([res.statusCode, res.json().code], `${name} from ${status}`).toEqual(
            neverAsked ? [404, "INTRODUCTION_NOT_FOUND"] : [409, "INTRODUCTION_STATE"],
          );
          expect(after, `${name} from ${status} changed nothing`).toBe(status);
        }
        // Frees the pair for the next case.
        await t.database.db
          .update(introductions)
          .set({ status: "cancelled" })
          .where(eq(introductions.id, id));
      }
    });
  }
});
