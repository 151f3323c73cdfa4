import { type APIRequestContext, type Browser, expect, test } from "@playwright/test";

// Demo data (apps/server/src/seed/demo.ts): Anna (Silver plan, credits) manages Olga; each demo
// agency has a published Dmitry. Each device project introduces Olga to another agency's Dmitry,
// so the two runs do not meet.
const PASSWORD = "demo-password";
const ANNA = { email: "anna@demo.matchdesk.test", password: PASSWORD };
const OTHER = {
  desktop: {
    email: "james@demo.matchdesk.test",
    password: PASSWORD,
    agency: "Whitmore & Hart Introductions",
  },
  phone: { email: "elena@demo.matchdesk.test", password: PASSWORD, agency: "Сердце Невы" },
} as const;

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
    .filter({ hasText: "Dmitry — Olga" })
    .filter({ hasText: "Anna Volkova Matchmaking" });
  await expect(incoming.getByTestId("introduction-status")).toHaveText("Awaiting response");
  await incoming.getByRole("button", { name: "Accept" }).click();
  await expect(incoming.getByTestId("introduction-status")).toHaveText("Match");
  // Anna hears of it at once, on the page she has open.
  await expect(anna.getByText(/accepted the introduction of/)).toBeVisible();

  // Anna sees the match on her side (active: her turn to ask Olga), and the kept result.
  await anna.goto("/admin/matches");
  await expect(anna.getByRole("tab", { name: /^Active/ })).toHaveAttribute("aria-selected", "true");
  const outgoing = anna
    .getByTestId("introduction-card")
    .filter({ hasText: "Olga — Dmitry" })
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
