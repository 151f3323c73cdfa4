import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import {
  call,
  cookies,
  DAY,
  introduced,
  matched,
  people,
  setupIntroductionsApp,
  t,
} from "../../../test/introductions.js";
import {
  type BotApiStandIn,
  buttonUpdate,
  startBotApiStandIn,
  textUpdate,
} from "../../../test/telegram-bot-api.js";
import {
  introductionFeedback,
  introductionSides,
  introductions,
  telegramLinkCodes,
  telegramLinks,
} from "../../db/schema/index.js";
import { seedMatchmaker } from "../../seed/seed.js";
import { notify } from "../notifications/service.js";
import { claimLease, LEASE_MS, pollUpdates, sendNotifications } from "./poller.js";

// Telegram (issue 18) against a stand-in of the Bot API on loopback: linking by a deep link's
// one-time code, notifications in the reader's language, the introduction loop's answers by
// inline button (stored by the same services as the routes), unlinking from both ends.

let api: BotApiStandIn;
beforeAll(async () => {
  api = await startBotApiStandIn();
});
setupIntroductionsApp(() => ({ telegram: { token: api.token, apiRoot: api.url } }));
afterAll(async () => {
  await api?.close();
});

const HOLDER = "test-instance";
const bot = () => t.app.deps.telegram!;
/** One round of the poller: the updates queued so far, handled. */
async function poll() {
  expect(await claimLease(t.database.db, HOLDER)).toBe(true);
  return pollUpdates(t.database.db, bot(), t.app.log, { holder: HOLDER, timeoutSeconds: 0 });
}
// No settling time here: the test's notifications are committed before it sends.
const send = () => sendNotifications(t.database.db, bot(), t.app.log, "http://localhost:3000", 0);
const state = async (who: string) => (await call(who, "GET", "/api/me/telegram")).json();
const unlinkByWeb = (who: string) =>
  t.app.inject({ method: "DELETE", url: "/api/me/telegram", headers: { cookie: cookies[who]! } });
const sentTo = (chatId: number) => api.of("sendMessage").filter((c) => c.body.chat_id === chatId);
const lastEdit = () => api.of("editMessageText").at(-1)!.body;
const buttonsOf = (body: Record<string, unknown>) =>
  (
    body.reply_markup as { inline_keyboard: { text: string; callback_data: string }[][] }
  ).inline_keyboard.flat();
const chatOf = async (who: string) =>
  (await t.database.db.select().from(telegramLinks).where(eq(telegramLinks.userId, people[who]!.id)))[0]
    ?.chatId;

async function codeFor(who: string) {
  const res = await call(who, "POST", "/api/me/telegram");
  expect(res.statusCode).toBe(201);
  return new URL(res.json().url).searchParams.get("start")!;
}
async function link(who: string, chatId: number) {
  api.push(textUpdate(chatId, `/start ${await codeFor(who)}`));
  await poll();
  expect(await chatOf(who)).toBe(chatId);
}

describe("[telegram] linking", () => {
  it("links a chat by the deep link's one-time code, once, and refuses a used, expired or unknown code", async () => {
    expect(await state("olga")).toEqual({
      enabled: true,
      linked: false,
      botUsername: "matchdesk_test_bot",
      linkedAt: null,
    });
    const res = await call("olga", "POST", "/api/me/telegram");
    expect(res.statusCode).toBe(201);
    expect(res.json().url).toMatch(/^https:\/\/t\.me\/matchdesk_test_bot\?start=[\w-]{43}$/);
    const code = new URL(res.json().url).searchParams.get("start")!;
    // Only the hash is kept.
    const stored = await t.database.db.select().from(telegramLinkCodes);
    expect(stored.map((s) => s.codeHash)).not.toContain(code);

    api.clear();
    api.push(textUpdate(5001, `/start ${code}`));
    expect(await poll()).toBe(1);
    // Olga reads English: the bot greets her by name in it.
    expect(sentTo(5001)[0]!.body.text).toContain("Hello olga!");
    expect(buttonsOf(sentTo(5001)[0]!.body).map((b) => b.callback_data)).toEqual(["u"]);
    expect(await state("olga")).toMatchObject({ enabled: true, linked: true });

    // The same code from another chat: refused, the link stays.
    api.push(textUpdate(5099, `/start ${code}`, "ru"));
    await poll();
    expect(sentTo(5099)[0]!.body.text).toContain("Ссылка устарела или уже использована");
    expect(await chatOf("olga")).toBe(5001);

    // An expired code, and one that never was.
    const late = await codeFor("vera");
    await t.database.db
      .update(telegramLinkCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(telegramLinkCodes.userId, people.vera!.id));
    api.push(textUpdate(5098, `/start ${late}`));
    api.push(textUpdate(5098, "/start not-a-code"));
    api.push(textUpdate(5098, "/start"));
    await poll();
    expect(sentTo(5098).map((c) => c.body.text)).toEqual([
      expect.stringContaining("expired or was already used"),
      expect.stringContaining("expired or was already used"),
      expect.stringContaining("To link your account"),
    ]);
    expect(await state("vera")).toMatchObject({ linked: false });
    // The offset moved on: nothing is handled twice.
    api.clear();
    expect(await poll()).toBe(0);
  });

  it("lets one instance poll at a time: the lease", async () => {
    const now = new Date();
    expect(await claimLease(t.database.db, HOLDER, now)).toBe(true);
    expect(await claimLease(t.database.db, "another", now)).toBe(false);
    expect(await claimLease(t.database.db, "another", new Date(now.getTime() + LEASE_MS + 1000))).toBe(true);
    expect(await claimLease(t.database.db, HOLDER, now)).toBe(false);
    // Back to the tests' holder once that lease ran out.
    expect(await claimLease(t.database.db, HOLDER, new Date(now.getTime() + 3 * LEASE_MS))).toBe(true);
  });
});

describe("[telegram] notifications and answers by button", () => {
  it("sends each reader's notifications in their language, and takes a no with its reason by button", async () => {
    await link("anna", 6001);
    await link("ivan", 5002);
    api.clear();
    const id = await matched("olga", "ivan");
    expect((await call("anna", "POST", `/api/introductions/${id}/ask-client`, {})).statusCode).toBe(200);
    await send();
    // Anna reads Russian, with the way back to the app.
    expect(sentTo(6001).map((c) => c.body.text)).toEqual([
      expect.stringMatching(/принял\(а\) знакомство olga и ivan\.\n\nhttp:\/\/localhost:3000\/admin/),
    ]);
    // Olga's question, in English, with Yes and No.
    const question = sentTo(5001).at(-1)!.body;
    expect(question.text).toBe(
      "Your matchmaker suggests you meet ivan. Please answer.\n\nSee their card before you answer: http://localhost:3000/admin/dashboard",
    );
    expect(buttonsOf(question).map((b) => [b.text, b.callback_data])).toEqual([
      ["Yes", `a:${id}:y`],
      ["No", `a:${id}:n`],
    ]);
    // Sent once: the mark moved past them.
    api.clear();
    expect(await send()).toBe(0);

    // Ivan is not the one asked: his press changes nothing.
    api.push(buttonUpdate(5002, `a:${id}:y`));
    // A chat nobody linked gets told so.
    api.push(buttonUpdate(7777, `a:${id}:y`));
    await poll();
    expect(api.of("answerCallbackQuery").map((c) => [c.body.text, c.body.show_alert])).toEqual([
      ["Этот вопрос закрыт.", true],
      ["This chat is not linked to a MatchDesk account.", undefined],
    ]);

    // No asks why, with the contract's reasons; a reason answers.
    api.clear();
    api.push(buttonUpdate(5001, `a:${id}:n`));
    await poll();
    expect(api.of("answerCallbackQuery")).toHaveLength(1);
    expect(buttonsOf(lastEdit()).map((b) => b.callback_data)).toEqual(
      Array.from({ length: 8 }, (_, i) => `a:${id}:n:${i}`),
    );
    api.push(buttonUpdate(5001, `a:${id}:n:2`));
    await poll();
    expect(lastEdit().text).toBe("Your answer: no (Distance). Thank you!");
    const [side] = await t.database.db
      .select()
      .from(introductionSides)
      .where(and(eq(introductionSides.introductionId, id), eq(introductionSides.clientId, people.olga!.id)));
    expect([side!.answer, side!.reason]).toEqual(["no", "DISTANCE"]);
    const [row] = await t.database.db.select().from(introductions).where(eq(introductions.id, id));
    expect(row!.status).toBe("declined");
    // A second press finds the question closed.
    api.push(buttonUpdate(5001, `a:${id}:y`));
    await poll();
    expect(api.of("answerCallbackQuery").at(-1)!.body).toMatchObject({ text: "This question is closed." });

    // Anna hears of the no in Telegram too.
    api.clear();
    await send();
    expect(sentTo(6001).map((c) => c.body.text)).toEqual([expect.stringContaining("olga отказался(ась)")]);
  });

  it("shows a planned date with when and where, and takes its confirmation by button", async () => {
    const id = await introduced("olga", "igor");
    const startsAt = new Date(Math.floor((Date.now() + 3 * DAY) / 60_000) * 60_000);
    const set = await call("anna", "PUT", `/api/introductions/${id}/date`, {
      startsAt: startsAt.toISOString(),
      place: "Café Pushkin",
      timeZone: "Europe/Moscow",
    });
    expect(set.statusCode).toBe(200);
    api.clear();
    await send();
    const planned = sentTo(5001).at(-1)!.body;
    expect(planned.text).toMatch(
      /^Your date with igor is set\. Please confirm it\.\n\nWhen: .+\nWhere: Café Pushkin$/,
    );
    const at = startsAt.getTime().toString(36);
    expect(buttonsOf(planned).map((b) => b.callback_data)).toEqual([`d:${id}:c:${at}`, `d:${id}:r:${at}`]);

    // The date moves: the old button answers nothing.
    const moved = await call("anna", "PUT", `/api/introductions/${id}/date`, {
      startsAt: new Date(startsAt.getTime() + DAY).toISOString(),
      place: "Café Pushkin",
    });
    expect(moved.statusCode).toBe(200);
    api.push(buttonUpdate(5001, `d:${id}:c:${at}`));
    await poll();
    expect(api.of("answerCallbackQuery").at(-1)!.body).toMatchObject({ text: "This question is closed." });
    api.clear();
    await send();
    const again = buttonsOf(sentTo(5001).at(-1)!.body)[0]!.callback_data;
    api.push(buttonUpdate(5001, again));
    await poll();
    expect(lastEdit().text).toBe("You confirmed the date. See you there!");
    const [side] = await t.database.db
      .select()
      .from(introductionSides)
      .where(and(eq(introductionSides.introductionId, id), eq(introductionSides.clientId, people.olga!.id)));
    expect(side!.dateResponse).toBe("confirmed");
  });

  it("takes the feedback after a date by buttons: ratings, then meet again", async () => {
    const id = await introduced("olga", "oleg");
    api.clear();
    await send();
    const set = await call("anna", "PUT", `/api/introductions/${id}/date`, {
      startsAt: new Date(Date.now() - DAY).toISOString(),
      place: "Café",
    });
    expect(set.statusCode).toBe(200);
    api.clear();
    await send();
    const ask = sentTo(5001).at(-1)!.body;
    expect(ask.text).toBe("How was your date with oleg? Your matchmaker would like your feedback.");
    expect(buttonsOf(ask).map((b) => b.callback_data)).toEqual([`f:${id}:h`, `f:${id}:x`]);

    for (const step of ["h", "h4", "h45", "h453"]) {
      api.push(buttonUpdate(5001, `f:${id}:${step}`));
      await poll();
      expect(buttonsOf(lastEdit()).map((b) => b.callback_data)).toEqual(
        [1, 2, 3, 4, 5].map((n) => `f:${id}:${step}${n}`),
      );
    }
    expect(lastEdit().text).toBe("Manners: from 1 to 5?");
    api.push(buttonUpdate(5001, `f:${id}:h4535`));
    await poll();
    expect(lastEdit().text).toBe("Would you like to meet again?");
    api.push(buttonUpdate(5001, `f:${id}:h4535-y`));
    await poll();
    expect(lastEdit().text).toBe("Thank you for your feedback!");
    const [feedback] = await t.database.db
      .select()
      .from(introductionFeedback)
      .where(
        and(eq(introductionFeedback.introductionId, id), eq(introductionFeedback.clientId, people.olga!.id)),
      );
    expect(feedback).toMatchObject({
      happened: true,
      meetAgain: "yes",
      attraction: 4,
      conversation: 5,
      sharedValues: 3,
      manners: 5,
      recordedBy: null,
    });
    // A forged step (ratings missing) submits nothing.
    api.push(buttonUpdate(5001, `f:${id}:h4-y`));
    await poll();
  });
});

describe("[telegram] unlinking", () => {
  it("unlinks from Telegram (/stop, the button), from the app, and when the person blocks the bot", async () => {
    api.clear();
    api.push(textUpdate(5001, "/stop"));
    await poll();
    expect(sentTo(5001).at(-1)!.body.text).toBe("Your account is unlinked: no more notifications here.");
    expect(await state("olga")).toMatchObject({ linked: false });
    // Nothing reaches the chat any more.
    await notify(t.app.deps, people.olga!.id, "introduction_date_reminder", { candidateName: "oleg" });
    api.clear();
    await send();
    expect(sentTo(5001)).toEqual([]);

    await link("olga", 5001);
    api.push(buttonUpdate(5001, "u"));
    await poll();
    expect(lastEdit().text).toBe("Your account is unlinked: no more notifications here.");
    expect(await chatOf("olga")).toBeUndefined();

    await link("olga", 5001);
    const res = await unlinkByWeb("olga");
    expect(res.statusCode).toBe(204);
    expect(await state("olga")).toMatchObject({ linked: false });
    expect((await unlinkByWeb("olga")).statusCode).toBe(204);

    await link("olga", 5001);
    api.failNext("sendMessage", 403, "Forbidden: bot was blocked by the user");
    await notify(t.app.deps, people.olga!.id, "introduction_date_reminder", { candidateName: "oleg" });
    await send();
    expect(await chatOf("olga")).toBeUndefined();
  });

  it("keeps the request that made a notification whole when Telegram is down, and sends later", async () => {
    await link("olga", 5001);
    api.failNext("sendMessage", 500, "Internal Server Error");
    await notify(t.app.deps, people.olga!.id, "introduction_date_reminder", { candidateName: "oleg" });
    api.clear();
    await send();
    expect(sentTo(5001)).toHaveLength(1); // the failed try
    api.clear();
    // The next round sends it.
    expect(await send()).toBe(1);
    expect(sentTo(5001)[0]!.body.text).toBe("Your date with oleg is tomorrow.");
    expect(await send()).toBe(0);
  });
});

describe("[telegram] switched off", () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await buildTestApp();
  });
  afterAll(async () => {
    await off?.close();
  });

  it("says Telegram is off and refuses a link code with TELEGRAM_DISABLED", async () => {
    const matchmaker = await seedMatchmaker(off.database.db);
    const cookie = (await signIn(off.app, matchmaker.email)).cookie;
    const get = await off.app.inject({ method: "GET", url: "/api/me/telegram", headers: { cookie } });
    expect(get.json()).toEqual({ enabled: false, linked: false, botUsername: null, linkedAt: null });
    const post = await off.app.inject({ method: "POST", url: "/api/me/telegram", headers: { cookie } });
    expect([post.statusCode, post.json().code]).toEqual([503, "TELEGRAM_DISABLED"]);
    const del = await off.app.inject({ method: "DELETE", url: "/api/me/telegram", headers: { cookie } });
    expect(del.statusCode).toBe(204);
  });
});
