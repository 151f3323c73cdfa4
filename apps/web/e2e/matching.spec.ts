import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";

// Demo data (apps/server/src/seed/demo-clients.ts): Anna (Silver plan, credits) manages Olga and
// Dmitry; each other demo agency has a published man of its own (Whitmore & Hart: Thomas, Сердце
// Невы: Andrei). Each device project introduces Olga to another agency's man, so the two runs do
// not meet.
const PASSWORD = "demo-password";
const ANNA = { email: "anna@demo.matchdesk.test", password: PASSWORD };
const OTHER = {
  desktop: {
    email: "james@demo.matchdesk.test",
    password: PASSWORD,
    agency: "Whitmore & Hart Introductions",
    him: "Thomas",
  },
  phone: { email: "elena@demo.matchdesk.test", password: PASSWORD, agency: "Сердце Невы", him: "Andrei" },
} as const;

// The first look after a page load (or a write) waits for its chunks and data on a busy machine.
const loaded = { timeout: 15_000 };

async function apiSignIn(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post("/api/auth/login", { data: account });
  expect(response.status()).toBe(200);
}

async function signedInPage(
  browser: Browser,
  baseURL: string | undefined,
  account: { email: string; password: string },
  device: object,
) {
  const context = await browser.newContext({ ...device, baseURL });
  await context.addCookies([{ name: "locale", value: "en-US", url: baseURL ?? "http://127.0.0.1:3100" }]);
  const page = await context.newPage();
  await apiSignIn(page.request, account);
  return page;
}

test("[matching] a matchmaker runs a compatibility check, reads it, proposes an introduction the other accepts", async ({
  browser,
  baseURL,
  viewport,
  isMobile,
  hasTouch,
}, testInfo) => {
  const device = { viewport, isMobile, hasTouch };
  const other = OTHER[testInfo.project.name as keyof typeof OTHER];

  const anna = await signedInPage(browser, baseURL, ANNA, device);
  await anna.goto("/admin/candidates");
  await anna.getByRole("combobox", { name: "Client" }).click();
  await anna.getByRole("option", { name: "Olga Petrova" }).click();
  const card = anna.getByTestId("candidate-card").filter({ hasText: other.agency });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId("candidate-percentage")).toHaveText(/^\d+%$/);

  // The price first, then the paid check and its result.
  await card.getByRole("button", { name: "Check compatibility" }).click();
  const confirm = anna.getByRole("dialog", { name: "Compatibility check" });
  await expect(confirm.getByTestId("check-price")).toHaveText(
    /This check costs 100 credits\. Your balance: [\d,]+\./,
  );
  await confirm.getByRole("button", { name: "Run the check" }).click();
  const result = anna.getByRole("dialog", { name: "Compatibility result" });
  await expect(result.getByTestId("result-percentage")).toHaveText(/^\d+%$/);
  await expect(result.getByText("100 credits charged", { exact: false })).toBeVisible();
  await expect(result.getByRole("heading", { name: "Relationship analysis" })).toBeVisible();
  await expect(result.getByRole("heading", { name: "Fit factors" })).toBeVisible();
  await expect(result.getByRole("cell", { name: "Age" }).first()).toBeVisible();
  // Issue 15: the chance both say yes, learned from outcomes (or the questionnaire's alone).
  await expect(result.getByTestId("learned-chance")).toContainText(/Chance both say yes: \d+%/);
  await anna.screenshot({ path: `test-results/compatibility-${testInfo.project.name}.png` });
  await anna.keyboard.press("Escape");
  await expect(result).toBeHidden();

  // Propose an introduction.
  await card.getByRole("button", { name: "Propose introduction" }).click();
  await expect(anna.getByText("Introduction proposed.", { exact: false })).toBeVisible();
  await expect(card.getByText("Awaiting response")).toBeVisible();

  // The other matchmaker accepts it.
  const them = await signedInPage(browser, baseURL, other, device);
  await them.goto("/admin/matches");
  // Anna's, not another spec's introduction of the same demo names.
  const incoming = them
    .getByTestId("introduction-card")
    .filter({ hasText: `${other.him} — Olga` })
    .filter({ hasText: "Anna Volkova Matchmaking" });
  await expect(incoming.getByTestId("introduction-status")).toHaveText("Awaiting response", loaded);
  await incoming.getByRole("button", { name: "Accept" }).click();
  await expect(incoming.getByTestId("introduction-status")).toHaveText("Match", loaded);
  // Anna hears of it at once, on the page she has open.
  await expect(anna.getByText(/accepted the introduction of/)).toBeVisible();

  // Anna sees the match on her side (active: her turn to ask Olga), and the kept result.
  await anna.goto("/admin/matches");
  await expect(anna.getByRole("tab", { name: /^Active/ })).toHaveAttribute("aria-selected", "true");
  const outgoing = anna
    .getByTestId("introduction-card")
    .filter({ hasText: `Olga — ${other.him}` })
    .filter({ hasText: other.agency });
  await expect(outgoing.getByTestId("introduction-status")).toHaveText("Match");
  await expect(outgoing.getByRole("button", { name: "Ask Olga" })).toBeVisible();
  // Typed rather than tapped: below the introductions, a tap on a phone scrolls the list away.
  const resultsClient = anna.getByRole("combobox", { name: "Client", exact: true });
  await resultsClient.fill("Olga");
  await resultsClient.press("ArrowDown");
  await resultsClient.press("Enter");
  await expect(resultsClient).toHaveValue("Olga Petrova");
  await expect(anna.getByRole("button", { name: "Open" }).first()).toBeVisible();

  // From the introduction's menu, a chat with the other matchmaker.
  await outgoing.getByRole("button", { name: "More actions" }).click();
  await anna.getByRole("menuitem", { name: "Send a message" }).click();
  await expect(anna).toHaveURL(/\/admin\/chats\?chat=/);
  await expect(anna.getByRole("textbox", { name: "Message" })).toBeVisible();
});

/** A small JPEG portrait placeholder, a real image the server resizes into a photo and its thumbnail. */
function portraitJpeg(hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">
    <rect width="100%" height="100%" fill="hsl(${hue},50%,60%)"/>
    <circle cx="300" cy="300" r="110" fill="rgba(255,255,255,0.85)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** Anna's client by first name, through the API her page reads. */
async function clientId(page: Page, firstName: string): Promise<string> {
  const list = (await (await page.request.get("/api/clients?pageSize=100")).json()) as {
    items: { id: string; firstName: string }[];
  };
  return list.items.find((c) => c.firstName === firstName)!.id;
}

test("[matching] a client's page finds their candidates: distinct people with photos, each profile in a drawer", async ({
  browser,
  baseURL,
  viewport,
  isMobile,
  hasTouch,
}) => {
  const device = { viewport, isMobile, hasTouch };
  const anna = await signedInPage(browser, baseURL, ANNA, device);
  const origin = { Origin: new URL(baseURL ?? "http://127.0.0.1:3100").origin };

  // Dmitry (Anna's own, photos shown by default) gets a photo; the other agencies' men have none.
  const dmitryId = await clientId(anna, "Dmitry");
  const form = new FormData();
  form.append("photos", new Blob([new Uint8Array(await portraitJpeg(210))], { type: "image/jpeg" }), "d.jpg");
  const uploaded = await anna.request.post(`/api/profiles/${dmitryId}/gallery`, {
    headers: origin,
    multipart: form,
  });
  expect(uploaded.status()).toBe(200);

  // From Olga's page, the shortcut opens the candidates with her picked: a link one can share.
  const olgaId = await clientId(anna, "Olga");
  await anna.goto(`/invited-users/${olgaId}`);
  await anna.getByRole("link", { name: "Find candidates" }).click();
  await expect(anna).toHaveURL(new RegExp(`/admin/candidates\\?client=${olgaId}$`));
  await expect(anna.getByRole("combobox", { name: "Client" })).toHaveValue("Olga Petrova");

  // Three different men, each with his own city and work.
  const card = (name: string) =>
    anna.getByTestId("candidate-card").filter({ has: anna.getByRole("button", { name, exact: true }) });
  await expect(card("Dmitry")).toContainText("Moscow");
  await expect(card("Dmitry")).toContainText("Software engineer");
  await expect(card("Thomas")).toContainText("London");
  await expect(card("Thomas")).toContainText("Barrister");
  await expect(card("Andrei")).toContainText("Saint Petersburg");
  await expect(card("Andrei")).toContainText("Shipbuilding engineer");

  // The photo the shared view shows, else the initials.
  const dmitryPhoto = card("Dmitry").getByTestId("candidate-photo");
  await expect(dmitryPhoto).toHaveAttribute("data-photo", "shown");
  await expect(dmitryPhoto.locator("img")).toHaveAttribute("src", /\/api\/files\/thumbs\//);
  await expect(card("Thomas").getByTestId("candidate-photo")).toHaveAttribute("data-photo", "placeholder");
  await expect(card("Thomas").getByTestId("candidate-photo")).toHaveText("TH");

  // The name opens his shared profile in a drawer: focus moves in, no contacts, the photo is there.
  const opener = card("Dmitry").getByRole("button", { name: "Dmitry", exact: true });
  await opener.click();
  const drawer = anna.getByRole("dialog", { name: "Dmitry's profile" });
  await expect(drawer.getByTestId("candidate-profile")).toBeVisible();
  await expect(drawer.getByRole("heading", { level: 3, name: /^Dmitry, \d+$/ })).toBeVisible();
  await expect(drawer.getByText("Own base")).toBeVisible();
  await expect(drawer.getByText("+7", { exact: false })).toHaveCount(0);
  await expect(drawer.getByText("Ivanov")).toHaveCount(0);
  await expect(drawer.getByRole("button", { name: /^Open photo 1/ })).toBeVisible();
  await expect(drawer.locator(":focus")).toHaveCount(1);
  // Full screen on a phone, a side panel on a desktop.
  const box = await drawer.boundingBox();
  if (isMobile) expect(box?.width).toBeGreaterThanOrEqual((viewport?.width ?? 390) - 1);
  else expect(box?.width).toBeLessThan((viewport?.width ?? 1280) / 2 + 1);

  // No axe violations with the drawer open.
  const { violations } = await new AxeBuilder({ page: anna }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  // The named close button closes it and gives the focus back to the card.
  await drawer.getByRole("button", { name: "Close" }).click();
  await expect(drawer).toBeHidden();
  await expect(opener).toBeFocused();

  // Another agency's man: his agency's badge, and what his matchmaker shows.
  await card("Thomas").getByRole("button", { name: "Thomas", exact: true }).click();
  const thomas = anna.getByRole("dialog", { name: "Thomas's profile" });
  await expect(thomas.getByText("Whitmore & Hart Introductions")).toBeVisible();
  await expect(thomas.getByText("Barrister")).toBeVisible();
  await expect(thomas.getByText("Reid")).toHaveCount(0);
  await anna.keyboard.press("Escape");
  await expect(thomas).toBeHidden();
});
