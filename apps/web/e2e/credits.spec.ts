import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";

// Demo accounts that `DEMO_DATA=true` seeds (apps/server/src/seed/demo.ts). Each device project
// uses a matchmaker of its own, so the two runs do not see each other's credits.
const PASSWORD = "demo-password";
const ADMIN = { email: "admin@demo.matchdesk.test", password: PASSWORD };
const MATCHMAKERS = {
  desktop: { email: "james@demo.matchdesk.test", password: PASSWORD, name: "James Whitmore" },
  phone: { email: "elena@demo.matchdesk.test", password: PASSWORD, name: "Elena Sokolova" },
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
  // The app in English (its own cookie; Russian is the app's default).
  const url = baseURL ?? "http://127.0.0.1:3100";
  await context.addCookies([{ name: "locale", value: "en-US", url }]);
  const page = await context.newPage();
  await apiSignIn(page.request, account);
  return page;
}

const visible = (page: Page, name: string | RegExp) =>
  page.getByRole("button", { name }).filter({ visible: true }).first();

test("[credits] an admin adds credits; the matchmaker sees them, buys and cancels a subscription", async ({
  browser,
  baseURL,
  viewport,
  isMobile,
  hasTouch,
}, testInfo) => {
  const device = { viewport, isMobile, hasTouch };
  const matchmaker = MATCHMAKERS[testInfo.project.name as keyof typeof MATCHMAKERS];

  // The admin adds 250 credits from the users list.
  const admin = await signedInPage(browser, baseURL, ADMIN, device);
  await admin.goto(`/admin/users?q=${encodeURIComponent(matchmaker.email)}`);
  await visible(admin, `Actions for ${matchmaker.name}`).click();
  await admin.getByRole("menuitem", { name: "Add credits" }).click();
  const dialog = admin.getByRole("dialog", { name: `Add credits: ${matchmaker.name}` });
  await expect(dialog.getByText("Current balance: 0 credits")).toBeVisible();
  await dialog.getByLabel("Amount").fill("0");
  await dialog.getByRole("button", { name: "Add credits" }).click();
  await expect(dialog.getByText("Credits amount must be greater than 0")).toBeVisible();
  await dialog.getByLabel("Amount").fill("250");
  await dialog.getByLabel("Description").fill("E2E welcome gift");
  await dialog.getByRole("button", { name: "Add credits" }).click();
  await expect(admin.getByText(`250 credits added to ${matchmaker.name}. New balance: 250.`)).toBeVisible();

  // The matchmaker sees the balance and the history.
  const mm = await signedInPage(browser, baseURL, matchmaker, device);
  await mm.goto("/admin/usage");
  await expect(mm.getByTestId("credits-balance")).toHaveText("250 credits");
  // A table on wide screens, a list on phones.
  const entry = (text: RegExp) =>
    isMobile
      ? mm.getByTestId("credit-history-list").getByRole("listitem").filter({ hasText: text })
      : mm.getByTestId("credit-history").getByRole("row", { name: text });
  await expect(entry(/E2E welcome gift/)).toContainText("+250");
  await expect(entry(/E2E welcome gift/)).toContainText("Gift");

  // Buying Silver opens a payment request (manual provider); the admin confirms it.
  await expect(mm.getByTestId("subscription-status")).toContainText("No active subscription");
  // Nothing is requested before the buyer confirms what they buy (paying.spec.ts covers the rest).
  await mm.getByTestId("offer-silver").getByRole("button", { name: "Buy for 30 days" }).click();
  const buy = mm.getByRole("dialog", { name: "Confirm your purchase" });
  await expect(buy).toContainText("$49");
  await buy.getByRole("button", { name: "Confirm purchase" }).click();
  const requested = mm.getByRole("dialog", { name: /^Payment request MD-\d{4}-\d{6}$/ });
  await expect(requested.getByTestId("invoice-number")).toHaveText(/^MD-\d{4}-\d{6}$/);
  await requested.getByRole("button", { name: "Done" }).click();
  await expect(mm.getByRole("heading", { name: "Your payments" })).toBeVisible();

  await admin.goto("/admin/usage");
  const request = admin
    .locator("div", { hasText: matchmaker.email })
    .getByRole("button", { name: "Confirm payment" });
  await request.first().click();
  await expect(admin.getByText("Payment confirmed; the purchase is delivered.")).toBeVisible();

  await mm.reload();
  await expect(mm.getByTestId("subscription-status")).toContainText("Silver is active until");
  await expect(mm.getByTestId("credits-balance")).toHaveText("1,250 credits");
  await expect(entry(/Silver subscription/)).toContainText("+1,000");
  // A tier already active cannot be bought again.
  await expect(mm.getByRole("button", { name: "Already active" }).first()).toBeDisabled();

  // Cancelling asks once, in plain words, and is final.
  await mm.getByRole("button", { name: "Cancel subscription" }).click();
  const confirm = mm.getByRole("dialog", { name: "Cancel the subscription?" });
  await expect(confirm).toContainText("cannot be restored");
  await confirm.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(mm.getByText("Subscription cancelled.")).toBeVisible();
  await expect(mm.getByTestId("subscription-status")).toContainText("No active subscription");
  await expect(mm.getByRole("button", { name: "Cancel subscription" })).toHaveCount(0);

  await admin.context().close();
  await mm.context().close();
});
