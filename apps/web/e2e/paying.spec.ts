import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect as baseExpect, type Page, test } from "@playwright/test";

// The credits page loads balance, plans, payments and history at once: on a busy machine it needs
// more than the default 5 s.
const expect = baseExpect.configure({ timeout: 20_000 });

// Issue 17: paying is clear. A purchase is confirmed in a dialog first; a manual request then shows
// its invoice number and the administrator's payment details, and can be withdrawn.
const PASSWORD = "demo-password";
const ADMIN = { email: "admin@demo.matchdesk.test", password: PASSWORD };
// The demo matchmaker with a Silver subscription: its credits expire, a Gold plan would replace it.
const MATCHMAKER = { email: "anna@demo.matchdesk.test", password: PASSWORD };
const INVOICE = /^MD-\d{4}-\d{6,}$/;
// Set PAYING_SHOTS=<dir> to keep screenshots of each state, in English and Russian.
const SHOTS = process.env.PAYING_SHOTS;

async function signedInPage(
  browser: Browser,
  baseURL: string | undefined,
  account: { email: string; password: string },
  device: object,
  locale = "en-US",
) {
  const context = await browser.newContext({ ...device, baseURL });
  const url = baseURL ?? "http://127.0.0.1:3100";
  await context.addCookies([{ name: "locale", value: locale, url }]);
  const page = await context.newPage();
  expect((await page.request.post("/api/auth/login", { data: account })).status()).toBe(200);
  return page;
}

async function noAxeViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${what}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}

const pendingCount = async (page: Page) =>
  ((await (await page.request.get("/api/payments?status=pending")).json()) as { total: number }).total;

const shot = async (page: Page, name: string, project: string, fullPage = false) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${project}-${name}.png`, fullPage });
};

test("[paying] confirm a purchase, see the invoice number and payment details, withdraw it", async ({
  browser,
  baseURL,
  viewport,
  isMobile,
  hasTouch,
}, testInfo) => {
  test.setTimeout(240_000);
  const device = { viewport, isMobile, hasTouch };
  const project = testInfo.project.name;
  const details = `Bank: Demo Bank (${project})\nIBAN: DE00 1234 5678 9012 3456 78\nReference: your invoice number`;

  // The administrator publishes the payment details on the credits page.
  const admin = await signedInPage(browser, baseURL, ADMIN, device);
  await admin.goto("/admin/usage");
  const card = admin.getByRole("region", { name: "Payment details for manual payments" });
  await expect(card.getByLabel("Payment details")).toBeVisible();
  await card.getByLabel("Payment details").fill(details);
  await card.getByRole("button", { name: "Save payment details" }).click();
  await expect(admin.getByText("Payment details saved.")).toBeVisible();
  await expect(card.getByTestId("instructions-not-set")).toHaveCount(0);
  await noAxeViolations(admin, "admin usage page");

  const mm = await signedInPage(browser, baseURL, MATCHMAKER, device);
  await mm.goto("/admin/usage");
  // The balance note gives each expiry date its own amount.
  await expect(mm.getByTestId("credits-expiries")).toContainText(
    /credits on \d\d\.\d\d\.\d{4} \d\d:\d\d UTC/,
  );
  const before = await pendingCount(mm);

  // Cancel in the confirmation step requests nothing.
  await mm.getByRole("button", { name: "2,000 credits for $90" }).click();
  const confirm = mm.getByRole("dialog", { name: "Confirm your purchase" });
  await expect(confirm.getByTestId("purchase-summary")).toContainText("$90");
  await expect(confirm.getByTestId("purchase-summary")).toContainText("Bought credits never expire.");
  await noAxeViolations(mm, "confirmation dialog");
  await shot(mm, "confirm-pack-en", project);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  expect(await pendingCount(mm)).toBe(before);

  // A plan says how long its credits last and that it replaces the current one.
  await mm.getByTestId("offer-gold").getByRole("button", { name: "Switch plan" }).click();
  await expect(confirm).toContainText("valid for 30 days from the day the payment is confirmed");
  await expect(confirm).toContainText("Your current Silver subscription ends when this one starts.");
  await shot(mm, "confirm-plan-en", project);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();

  // Confirmed: the request's invoice number and the administrator's details.
  await mm.getByRole("button", { name: "2,000 credits for $90" }).click();
  await confirm.getByRole("button", { name: "Confirm purchase" }).click();
  const requested = mm.getByRole("dialog", { name: /^Payment request MD-/ });
  const invoice = requested.getByTestId("invoice-number");
  await expect(invoice).toHaveText(INVOICE);
  const number = (await invoice.textContent())!;
  await expect(requested.getByTestId("payment-instructions")).toContainText(`Bank: Demo Bank (${project})`);
  await expect(requested).toContainText("$90");
  await noAxeViolations(mm, "payment request dialog");
  await shot(mm, "requested-en", project);
  expect(await pendingCount(mm)).toBe(before + 1);

  // Withdrawn from the dialog: the list keeps it, with its number, as withdrawn.
  await requested.getByRole("button", { name: "Withdraw request" }).click();
  await expect(mm.getByText(`Payment request ${number} withdrawn.`)).toBeVisible();
  await expect(requested).toBeHidden();
  const payments = mm.getByTestId("my-payments");
  await expect(payments.getByRole("listitem").filter({ hasText: number })).toContainText("Withdrawn");
  expect(await pendingCount(mm)).toBe(before);

  // A second request, closed with Done: "How to pay" shows it again; the administrator withdraws it.
  await mm.getByRole("button", { name: "500 credits for $25" }).click();
  await confirm.getByRole("button", { name: "Confirm purchase" }).click();
  await expect(invoice).toHaveText(INVOICE);
  const second = (await invoice.textContent())!;
  expect(second).not.toBe(number);
  await requested.getByRole("button", { name: "Done" }).click();
  await mm.getByRole("button", { name: `How to pay invoice ${second}` }).click();
  await expect(mm.getByRole("dialog", { name: `Payment request ${second}` })).toContainText("IBAN: DE00");
  await mm.getByRole("dialog").getByRole("button", { name: "Done" }).click();
  // The page is checked once the dialog has faded out and left the page.
  await expect(mm.getByRole("dialog")).toHaveCount(0);
  await noAxeViolations(mm, "usage page with payments");
  await shot(mm, "usage-en", project);

  await admin.reload();
  await expect(admin.getByText(second).first()).toBeVisible();
  await shot(admin, "admin-en", project, true);
  await admin.getByRole("button", { name: `Withdraw invoice ${second}` }).click();
  await expect(admin.getByText(`Payment request ${second} withdrawn.`)).toBeVisible();
  await mm.reload();
  await expect(payments.getByRole("listitem").filter({ hasText: second })).toContainText("Withdrawn");
  expect(await pendingCount(mm)).toBe(before);

  await admin.context().close();
  await mm.context().close();
});

test("[paying] the same steps read in Russian, without axe violations", async ({
  browser,
  baseURL,
  viewport,
  isMobile,
  hasTouch,
}, testInfo) => {
  test.setTimeout(240_000);
  const device = { viewport, isMobile, hasTouch };
  const project = testInfo.project.name;
  const mm = await signedInPage(browser, baseURL, MATCHMAKER, device, "ru-RU");
  await mm.goto("/admin/usage");
  await mm.getByTestId("offer-gold").getByRole("button", { name: "Сменить план" }).click();
  const confirm = mm.getByRole("dialog", { name: "Подтвердите покупку" });
  await expect(confirm).toContainText("действуют 30 дней со дня подтверждения оплаты");
  await noAxeViolations(mm, "confirmation dialog (ru)");
  await shot(mm, "confirm-plan-ru", project);
  await confirm.getByRole("button", { name: "Подтвердить покупку" }).click();
  const requested = mm.getByRole("dialog", { name: /^Счёт MD-/ });
  await expect(requested.getByTestId("invoice-number")).toHaveText(INVOICE);
  await expect(requested.getByText("Реквизиты для оплаты")).toBeVisible();
  await noAxeViolations(mm, "payment request dialog (ru)");
  await shot(mm, "requested-ru", project);
  await requested.getByRole("button", { name: "Отозвать запрос" }).click();
  await expect(requested).toBeHidden();
  await expect(mm.getByRole("dialog")).toHaveCount(0);
  await expect(mm.getByTestId("my-payments").getByRole("listitem").first()).toContainText("Отозван");
  await noAxeViolations(mm, "usage page (ru)");
  await shot(mm, "usage-ru", project);
  await mm.context().close();
});
