import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { axe, fillDateTime, inLanguage, shot } from "./helpers";

// Demo data (apps/server/src/seed/demo-clients.ts): every demo agency has an approved woman and a
// published man, different people in each (Whitmore & Hart: Emily and Thomas, Сердце Невы: Natalia
// and Andrei); each client signs in with the demo password. Each device project takes its own pair
// across two agencies (matching.spec.ts uses Anna's Olga), so the runs do not meet.
const PASSWORD = "demo-password";
type Account = { email: string; password: string };
const account = (email: string): Account => ({ email, password: PASSWORD });
const PAIRS = {
  desktop: {
    proposer: account("james@demo.matchdesk.test"),
    proposerAgency: "Whitmore & Hart Introductions",
    responder: account("elena@demo.matchdesk.test"),
    responderAgency: "Сердце Невы",
    her: { ...account("emily.whitmore-hart@demo.matchdesk.test"), first: "Emily", full: "Emily Carter" },
    herCity: "London",
    him: { ...account("andrei.serdtse-nevy@demo.matchdesk.test"), first: "Andrei", full: "Andrei Morozov" },
    himCity: "Saint Petersburg",
  },
  phone: {
    proposer: account("elena@demo.matchdesk.test"),
    proposerAgency: "Сердце Невы",
    responder: account("james@demo.matchdesk.test"),
    responderAgency: "Whitmore & Hart Introductions",
    her: { ...account("natalia.serdtse-nevy@demo.matchdesk.test"), first: "Natalia", full: "Natalia Orlova" },
    herCity: "Saint Petersburg",
    him: { ...account("thomas.whitmore-hart@demo.matchdesk.test"), first: "Thomas", full: "Thomas Reid" },
    himCity: "London",
  },
} as const;

type Device = { viewport: { width: number; height: number } | null; isMobile: boolean; hasTouch: boolean };

async function signedInPage(
  browser: Browser,
  baseURL: string | undefined,
  who: Account,
  device: Device,
  locale: "en-US" | "ru-RU" = "en-US",
) {
  const context = await browser.newContext({ ...device, baseURL });
  const url = baseURL ?? "http://127.0.0.1:3100";
  await context.addCookies([
    { name: "locale", value: locale, url },
    { name: "public-locale", value: locale, url },
  ]);
  const page = await context.newPage();
  const response = await page.request.post("/api/auth/login", { data: who });
  expect(response.status()).toBe(200);
  return page;
}

/**
 * The workspace's card of one introduction, as its matchmaker sees it ("Own — Other" and the other
 * agency: the demo clients share their names across agencies, and other specs introduce them too).
 */
async function workspaceCard(page: Page, names: string, agency: string, tab?: RegExp): Promise<Locator> {
  await page.goto("/admin/matches");
  if (tab) await page.getByRole("tab", { name: tab }).click();
  const card = page.getByTestId("introduction-card").filter({ hasText: names }).filter({ hasText: agency });
  await expect(card).toHaveCount(1, loaded);
  return card;
}

async function askClient(page: Page, card: Locator, name: string) {
  await card.getByRole("button", { name: `Ask ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Ask ${name}` });
  await dialog
    .getByRole("textbox", { name: "A note to your client" })
    .fill("Kind, curious and loves travel.");
  await dialog.getByRole("button", { name: "Send the question" }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId("introduction-status")).toHaveText("Asking the clients");
}

/** A client's card of this introduction: the candidate by name and city (and the city: other specs introduce the same people). */
const myIntroduction = (page: Page, name: string, city: string) =>
  page.getByTestId("my-introduction").filter({ hasText: name }).filter({ hasText: city });
// The first look after a page load waits for its chunks and data on a busy machine.
const loaded = { timeout: 15_000 };

/** Gives `stars` to each of the four ratings (Mantine's star radios are hidden behind their icons). */
async function rate(form: Locator, stars: number) {
  for (const rating of ["Attraction", "Conversation", "Shared values", "Manners"]) {
    const star = form.getByRole("radiogroup", { name: rating }).getByRole("radio", { name: String(stars) });
    await star.focus();
    await star.press("Space");
    await expect(star).toBeChecked();
  }
}

test("[introductions] two matchmakers and two clients go from a proposal to a second date", async ({
  browser,
  baseURL,
  viewport,
  isMobile,
  hasTouch,
}, testInfo) => {
  test.slow();
  const device = { viewport, isMobile, hasTouch };
  const pair = PAIRS[testInfo.project.name as keyof typeof PAIRS];
  const her = pair.her.first;
  const him = pair.him.first;

  // The proposer offers their woman to the other agency's man.
  const proposer = await signedInPage(browser, baseURL, pair.proposer, device);
  await proposer.goto("/admin/candidates");
  await proposer.getByRole("combobox", { name: "Client" }).click();
  await proposer.getByRole("option", { name: pair.her.full }).click();
  const candidate = proposer.getByTestId("candidate-card").filter({ hasText: pair.responderAgency });
  await expect(candidate).toHaveCount(1);
  await candidate.getByRole("button", { name: "Propose introduction" }).click();
  await expect(proposer.getByText("Introduction proposed.", { exact: false })).toBeVisible();

  // The other matchmaker accepts it on the workspace and asks him.
  const responder = await signedInPage(browser, baseURL, pair.responder, device);
  let theirs = await workspaceCard(responder, `${him} — ${her}`, pair.proposerAgency);
  await expect(theirs.getByTestId("introduction-status")).toHaveText("Awaiting response");
  await expect(theirs.getByTestId("introduction-waiting")).toContainText("you — answer the proposal");
  await theirs.getByRole("button", { name: "Accept" }).click();
  await expect(theirs.getByTestId("introduction-status")).toHaveText("Match");
  await askClient(responder, theirs, him);

  // The proposer asks her; the card says whose turn it is.
  let mine = await workspaceCard(proposer, `${her} — ${him}`, pair.responderAgency);
  await expect(mine.getByTestId("introduction-waiting")).toContainText("you — ask the client");
  await askClient(proposer, mine, her);
  await expect(mine.getByTestId("introduction-waiting")).toContainText(
    `${her}, ${him} — answer the question`,
  );

  // She answers yes in her account, having seen his shared profile.
  const herPage = await signedInPage(browser, baseURL, pair.her, device);
  await herPage.goto("/admin/dashboard");
  const herQuestion = myIntroduction(herPage, him, pair.himCity);
  await expect(herQuestion.getByTestId("my-introduction-stage")).toHaveText("Your answer is needed", loaded);
  await expect(herQuestion.getByText("Kind, curious and loves travel.")).toBeVisible();
  await herQuestion.getByRole("button", { name: "View profile" }).click();
  const profile = herPage.getByRole("dialog", { name: `${him}'s profile` });
  await expect(profile.getByTestId("candidate-profile")).toBeVisible();
  await expect(profile.getByText("+7", { exact: false })).toHaveCount(0);
  await herPage.keyboard.press("Escape");
  await herQuestion.getByText("Yes, I'd like to meet").click();
  await herQuestion.getByRole("button", { name: "Send my answer" }).click();
  await expect(herQuestion.getByTestId("my-introduction-stage")).toHaveText("Waiting for the other side");

  // Contacts stay closed until both said yes.
  mine = await workspaceCard(proposer, `${her} — ${him}`, pair.responderAgency);
  await expect(mine.getByRole("button", { name: "Contacts" })).toHaveCount(0);

  // He answers in Russian: a reason is asked only of a no.
  const hisPage = await signedInPage(browser, baseURL, pair.him, device, "ru-RU");
  await hisPage.goto("/admin/dashboard");
  const hisQuestion = myIntroduction(hisPage, her, pair.herCity);
  await expect(hisQuestion.getByTestId("my-introduction-stage")).toHaveText("Нужен ваш ответ", loaded);
  await hisQuestion.getByText("Нет, спасибо").click();
  await hisQuestion.getByRole("button", { name: "Отправить ответ" }).click();
  await expect(hisQuestion.getByText("Выберите причину")).toBeVisible();
  await hisQuestion.getByText("Да, хочу познакомиться").click();
  await expect(hisQuestion.getByText("Главная причина")).toHaveCount(0);
  await hisQuestion.getByRole("button", { name: "Отправить ответ" }).click();
  await expect(hisQuestion.getByTestId("my-introduction-stage")).toHaveText("Вы оба сказали «да»");
  await hisQuestion.getByRole("button", { name: "Показать контакты" }).click();
  const heSees = hisPage.getByRole("dialog", { name: "Контакты" });
  await expect(heSees.getByText(pair.her.full)).toBeVisible();
  await hisPage.keyboard.press("Escape");

  // Introduced: the proposer sees the contacts and sets a date to come.
  mine = await workspaceCard(proposer, `${her} — ${him}`, pair.responderAgency);
  await expect(mine.getByTestId("introduction-status")).toHaveText("Introduced");
  await mine.getByRole("button", { name: "More actions" }).click();
  await proposer.getByRole("menuitem", { name: "Contacts" }).click();
  await expect(proposer.getByRole("dialog", { name: "Contacts" }).getByText(pair.him.full)).toBeVisible();
  await proposer.keyboard.press("Escape");
  const setDate = async (startsAt: string, timeZone?: string) => {
    // By its title: the day field's calendar is a dialog of its own while it is open.
    const dialog = proposer.getByRole("dialog", { name: /date$/ });
    if (timeZone) {
      // The meeting's own clock, whatever the browsers' zones are.
      const zone = dialog.getByRole("combobox", { name: "Time zone" });
      await zone.fill(timeZone.split("/")[1]!);
      await expect(proposer.getByRole("option", { name: new RegExp(timeZone) })).toHaveCount(1);
      await zone.press("ArrowDown");
      await zone.press("Enter");
      await expect(zone).toHaveValue(new RegExp(timeZone));
    }
    await fillDateTime(
      dialog.getByRole("textbox", { name: "Date", exact: true }),
      dialog.getByRole("spinbutton", { name: "Hours" }),
      dialog.getByRole("spinbutton", { name: "Minutes" }),
      startsAt,
    );
    await dialog.getByRole("textbox", { name: "Place" }).fill("Café Pushkin, Tverskoy Blvd 26A");
    await dialog.getByRole("textbox", { name: "Map link" }).fill("https://maps.example.org/pushkin");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
  };
  await mine.getByRole("button", { name: "Set the date" }).click();
  // The date dialog with its time zone select: no axe violations.
  await expect(proposer.getByRole("dialog").getByRole("combobox", { name: "Time zone" })).toBeVisible();
  // Checked once its opening transition is over: half-faded text reads as low contrast.
  await expect(proposer.getByRole("dialog")).toHaveCSS("opacity", "1");
  const dialogAxe = await new AxeBuilder({ page: proposer }).include('[role="dialog"]').analyze();
  expect(
    dialogAxe.violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
  await setDate("2099-06-01T19:30", "Asia/Yekaterinburg");
  await workspaceCard(proposer, `${her} — ${him}`, pair.responderAgency, /^Dates/);
  mine = proposer
    .getByTestId("introduction-card")
    .filter({ hasText: `${her} — ${him}` })
    .filter({ hasText: pair.responderAgency });
  await expect(mine.getByTestId("introduction-status")).toHaveText("Date planned");
  await expect(mine.getByTestId("introduction-date")).toContainText(
    "01.06.2099 19:30 (Yekaterinburg Standard Time), Café Pushkin",
  );

  // She confirms the date in her account.
  await herPage.goto("/admin/dashboard");
  const herDate = myIntroduction(herPage, him, pair.himCity);
  await expect(herDate.getByTestId("my-date")).toContainText(
    "01.06.2099 19:30 (Yekaterinburg Standard Time)",
    loaded,
  );
  await herDate.getByRole("button", { name: "Confirm" }).click();
  await expect(herDate.getByText("You confirmed the date.")).toBeVisible();

  // The date took place sooner: the proposer records it after the fact.
  await workspaceCard(proposer, `${her} — ${him}`, pair.responderAgency, /^Dates/);
  await mine.getByRole("button", { name: "More actions" }).click();
  await proposer.getByRole("menuitem", { name: "Change the date" }).click();
  await setDate("2024-05-01T19:30");
  await expect(mine.getByTestId("introduction-status")).toHaveText("Dated");

  // She gives her feedback in her account.
  await herPage.goto("/admin/dashboard");
  const herFeedback = myIntroduction(herPage, him, pair.himCity);
  await expect(herFeedback.getByTestId("my-introduction-stage")).toHaveText("Feedback", loaded);
  await rate(herFeedback, 4);
  await herFeedback
    .getByRole("radiogroup", { name: `Would you like to see ${him} again?` })
    .getByText("Yes")
    .click();
  await herFeedback.getByRole("button", { name: "Send feedback" }).click();
  await expect(herFeedback.getByText("Thank you for your feedback!", { exact: false })).toBeVisible();

  // His matchmaker records his after a call: both want to meet again.
  theirs = await workspaceCard(responder, `${him} — ${her}`, pair.proposerAgency, /^Dates/);
  await expect(theirs.getByTestId("introduction-waiting")).toContainText(`${him} — give feedback`);
  await theirs.getByRole("button", { name: `Record ${him}'s feedback` }).click();
  const record = responder.getByRole("dialog", { name: `${him}'s feedback` });
  await rate(record, 5);
  await record
    .getByRole("radiogroup", { name: `Does your client want to see ${her} again?` })
    .getByText("Yes")
    .click();
  await record.getByRole("button", { name: "Send feedback" }).click();
  await expect(record).toBeHidden();

  theirs = await workspaceCard(responder, `${him} — ${her}`, pair.proposerAgency, /^Past/);
  await expect(theirs.getByTestId("introduction-status")).toHaveText("Second date");
  // The whole story, oldest first.
  await theirs.getByRole("button", { name: "History" }).click();
  const history = theirs.getByTestId("introduction-history");
  await expect(history.getByText("Both said yes: contacts are open")).toBeVisible();
  await expect(history.getByText("Both want to meet again")).toBeVisible();

  // Her side: a second date, and the consent ledger on her page says who saw her contacts.
  await herPage.goto("/admin/dashboard");
  await expect(myIntroduction(herPage, him, pair.himCity).getByTestId("my-introduction-stage")).toHaveText(
    "Second date",
    loaded,
  );
  const clients = (await (await proposer.request.get("/api/clients?pageSize=100")).json()) as {
    items: { id: string; firstName: string }[];
  };
  const herId = clients.items.find((c) => c.firstName === her)!.id;
  await proposer.goto(`/invited-users/${herId}`);
  const ledger = proposer.getByTestId("consent-ledger");
  await expect(ledger.getByRole("listitem").filter({ hasText: him }).first()).toBeVisible(loaded);
  await proposer.getByRole("link", { name: "Open this client's introductions" }).click();
  await expect(proposer).toHaveURL(new RegExp(`/admin/matches\\?clientId=${herId}`));
  await proposer.getByRole("tab", { name: /^Past \(\d+\)/ }).click();
  await expect(
    proposer.getByTestId("introduction-card").filter({ hasText: pair.responderAgency }),
  ).toHaveCount(1);
});

test("[introductions] a one-click link opens in its client's language until the visitor switches", async ({
  page,
  baseURL,
}) => {
  const url = baseURL ?? "http://127.0.0.1:3100";
  const link = (lang: string) =>
    `/introductions/00000000-0000-0000-0000-000000000000/answer?token=not-a-real-token-0000&lang=${lang}`;
  const heading = page.getByRole("heading", { level: 1 });
  // A Russian-speaking client whose browser last read the public site in English.
  await page.context().addCookies([{ name: "public-locale", value: "en-US", url }]);
  await page.goto(link("ru-RU"));
  await expect(heading).toHaveText("Ссылка не работает");
  // The visitor's own switch wins.
  await page.getByRole("button", { name: "English" }).click();
  await expect(heading).toHaveText("This link does not work");
  // An English-speaking client's link, with a Russian public cookie.
  await page.context().addCookies([{ name: "public-locale", value: "ru-RU", url }]);
  await page.goto(link("en-US"));
  await expect(heading).toHaveText("This link does not work");
  await page.getByRole("button", { name: "Русский" }).click();
  await expect(heading).toHaveText("Ссылка не работает");
});

test("[introductions] the workspace pages through a long tab and keeps the page in its address", async ({
  browser,
  baseURL,
  viewport,
  isMobile,
  hasTouch,
}) => {
  // Anna's agency has 36 past introductions in the demo (demo-outcomes.ts): two pages of 20.
  const device = { viewport, isMobile, hasTouch };
  const page = await signedInPage(browser, baseURL, account("anna@demo.matchdesk.test"), device);
  await page.goto("/admin/matches?group=past");
  const past = page.getByRole("tab", { name: /^Past \((\d+)\)/ });
  await expect(past).toHaveAttribute("aria-selected", "true", loaded);
  const total = Number((await past.textContent())?.match(/\((\d+)\)/)?.[1]);
  expect(total).toBeGreaterThan(20);
  const cards = page.getByTestId("introduction-card");
  await expect(cards).toHaveCount(20);
  // Mantine's pager is a group of buttons, each named for its page. (The cards' order follows
  // their last change, which the server's jobs may move meanwhile: the checks read the pager.)
  const pager = page.getByRole("tabpanel");
  const pageButton = (n: number) => pager.getByRole("button", { name: `Page ${n}`, exact: true });
  await expect(pageButton(1)).toHaveAttribute("aria-current", "page");

  await pageButton(2).click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(pageButton(2)).toHaveAttribute("aria-current", "page");
  await expect(cards.first()).toBeVisible();
  const onPageTwo = await cards.count();
  expect(onPageTwo).toBeGreaterThan(0);
  expect(onPageTwo).toBeLessThanOrEqual(20);

  // The page is in the address: a reload opens it again; "Previous page" goes back.
  await page.reload();
  await expect(pageButton(2)).toHaveAttribute("aria-current", "page", loaded);
  expect(await axe(page)).toEqual([]);
  await pager.getByRole("button", { name: "Previous page", exact: true }).click();
  await expect(pageButton(1)).toHaveAttribute("aria-current", "page");
  await expect(page).not.toHaveURL(/[?&]page=2\b/);
  await expect(cards).toHaveCount(20);

  // Another tab starts at its own first page.
  await pageButton(2).click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await page.getByRole("tab", { name: /^Active \(\d+\)/ }).click();
  await expect(page).not.toHaveURL(/[?&]page=2\b/);

  // In Russian, the pager reads in Russian.
  await inLanguage(page.context(), baseURL, "ru-RU");
  await page.goto("/admin/matches?group=past&page=2");
  const pagerRu = page.getByRole("tabpanel");
  await expect(pagerRu.getByRole("button", { name: "Страница 2", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
    loaded,
  );
  expect(await axe(page)).toEqual([]);
  await shot(page, `introductions-pager-ru-${isMobile ? "phone" : "desktop"}`);
});
