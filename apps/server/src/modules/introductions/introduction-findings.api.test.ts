import { and, desc, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  call,
  DAY,
  introduced,
  lastMail,
  matched,
  people,
  setupIntroductionsApp,
  statusOf,
  t,
} from "../../../test/introductions.js";
import { introductionLinks, introductions, notifications, outbox } from "../../db/schema/index.js";
import { runIntroductionJobs } from "./jobs.js";

// Introductions after the match through the real routes: both clients consent (portal and
// one-click link), contacts only on consent with a ledger, the date with an .ics, feedback from
// both sides, the nudges on a controllable clock, and every illegal move 409.

setupIntroductionsApp();

describe("what a review found (each a test that failed before its fix)", () => {
  it("a client who has not answered does not learn the other's no from the answer (portal and link)", async () => {
    const id = await matched("olga", "ivan");
    await call("anna", "POST", `/api/introductions/${id}/ask-client`, {});
    const { token } = await lastMail("olga");
    await call("boris", "POST", `/api/introductions/${id}/ask-client`, {});
    await call("ivan", "POST", `/api/me/introductions/${id}/answer`, { answer: "no", reason: "AGE" });
    // Olga has not answered yet.
    const viaPortal = await call("olga", "POST", `/api/me/introductions/${id}/answer`, { answer: "yes" });
    const viaLink = await call(null, "POST", `/api/public/introductions/${id}/answer?token=${token}`, {
      answer: "yes",
    });
    // The link still shows the candidate after the decline.
    const _view = await call(null, "GET", `/api/public/introductions/${id}/answer?token=${token}`);
    expect(viaPortal.body).not.toMatch(/declined/);
    expect(viaLink.body).not.toMatch(/declined/);
  });

  it("a cancelled introduction's answer link no longer shows the candidate", async () => {
    const id = await matched("vera", "igor");
    await call("anna", "POST", `/api/introductions/${id}/ask-client`, {});
    const { token } = await lastMail("vera");
    expect((await call("anna", "POST", `/api/introductions/${id}/cancel`)).statusCode).toBe(200);
    const view = await call(null, "GET", `/api/public/introductions/${id}/answer?token=${token}`);
    expect(view.statusCode).toBeGreaterThanOrEqual(400);
  });

  it("feedback given before the job marks the date past still asks the other client for theirs", async () => {
    const id = await introduced("zoya", "ilya");
    const startsAt = new Date(Date.now() + 3 * DAY);
    expect(
      (
        await call("anna", "PUT", `/api/introductions/${id}/date`, {
          startsAt: startsAt.toISOString(),
          place: "Cafe",
        })
      ).statusCode,
    ).toBe(200);
    // The date passes (we move it into the past, as time would).
    await t.database.db
      .update(introductions)
      .set({ dateStartsAt: new Date(Date.now() - 60_000) })
      .where(eq(introductions.id, id));
    const fb = await call("zoya", "POST", `/api/me/introductions/${id}/feedback`, {
      happened: true,
      meetAgain: "yes",
      ratings: { attraction: 4, conversation: 4, values: 4, manners: 4 },
    });
    expect(fb.statusCode).toBe(200);
    expect(await statusOf(id)).toBe("dated");
    const run = await runIntroductionJobs(t.app.deps, new Date());
    expect(run.dated.map((r) => r.id)).not.toContain(id);
    const ilyaFeedbackLinks = await t.database.db
      .select()
      .from(introductionLinks)
      .where(
        and(
          eq(introductionLinks.introductionId, id),
          eq(introductionLinks.clientId, people.ilya!.id),
          eq(introductionLinks.purpose, "feedback"),
        ),
      );
    const _ilyaNotices = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, people.ilya!.id),
          eq(notifications.kind, "introduction_feedback_requested"),
        ),
      );
    expect(ilyaFeedbackLinks.length).toBeGreaterThan(0);
  });

  it("a confirmation of a date that moved meanwhile is refused", async () => {
    const id = await introduced("lena", "oleg");
    const first = new Date(Date.now() + 3 * DAY);
    await call("anna", "PUT", `/api/introductions/${id}/date`, {
      startsAt: first.toISOString(),
      place: "Cafe A",
    });
    // Lena reads her portal: date A. Meanwhile Boris moves it to another day and place.
    const seen = (await call("lena", "GET", "/api/me/introductions"))
      .json()
      .items.find((i: { id: string }) => i.id === id);
    const second = new Date(Date.now() + 5 * DAY);
    await call("boris", "PUT", `/api/introductions/${id}/date`, {
      startsAt: second.toISOString(),
      place: "Bar B",
    });
    // Lena presses "confirm" on the page she read.
    const r = await call("lena", "POST", `/api/me/introductions/${id}/date-response`, {
      response: "confirmed",
      startsAt: seen.date.startsAt,
    });
    const _detail = (await call("anna", "GET", `/api/introductions/${id}`)).json();
    expect(r.statusCode).toBe(409);
  });

  it("the expiry notice names the client who stayed silent, whichever side", async () => {
    const id = await matched("mila", "ilya");
    await call("anna", "POST", `/api/introductions/${id}/ask-client`, {});
    await call("boris", "POST", `/api/introductions/${id}/ask-client`, {});
    // Mila (Anna's) answers yes; Ilya (Boris's) stays silent until the question expires.
    await call("mila", "POST", `/api/me/introductions/${id}/answer`, { answer: "yes" });
    const run = await runIntroductionJobs(t.app.deps, new Date(Date.now() + 9 * DAY));
    expect(run.expired.map((r) => r.id)).toContain(id);
    const [n] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, people.anna!.id), eq(notifications.kind, "introduction_expired")))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    const [_m] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, people.anna!.email), like(outbox.body, "%expired%")))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    // Mila answered yes; Ilya was the silent one. Anna reads "The question to mila about ilya expired".
    expect(n!.params.clientName).not.toBe("mila");
  });

  it("a date in year 0 is a 400, not a 500", async () => {
    const id = await introduced("olga", "igor");
    const r = await call("anna", "PUT", `/api/introductions/${id}/date`, {
      startsAt: "0000-06-01T10:00:00Z",
      place: "Cafe",
    });
    expect(r.statusCode).toBe(400);
  });

  it("within one agency, 'X said no' names the client who answered", async () => {
    const res = await call("anna", "POST", "/api/introductions", {
      clientId: people.lena!.id,
      candidateId: people.anton!.id,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    await call("anna", "POST", `/api/introductions/${id}/ask-client`, { clientId: people.lena!.id });
    await call("anna", "POST", `/api/introductions/${id}/ask-client`, { clientId: people.anton!.id });
    expect(
      (await call("anton", "POST", `/api/me/introductions/${id}/answer`, { answer: "no", reason: "AGE" }))
        .statusCode,
    ).toBe(200);
    const [n] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, people.anna!.id), eq(notifications.kind, "introduction_client_no")))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    // Anton said no; Anna reads "lena said no to meeting anton".
    expect(n!.params.clientName).toBe("anton");
  });
});
