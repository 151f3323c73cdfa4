import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { inLanguage } from "./helpers";

// Issue 15, part 4: the score validity page. The demo agency has enough past outcomes for an AUC;
// the admin sees the marketplace. Both languages, no axe violations.
const MATCHMAKER = { email: "anna@demo.matchdesk.test", password: "demo-password" };
const ADMIN = { email: "admin@demo.matchdesk.test", password: "demo-password" };

async function loaded(page: Page) {
  await expect(page.locator(".mantine-Skeleton-root").filter({ visible: true })).toHaveCount(0, {
    timeout: 15_000,
  });
}

test("[validity] the matchmaker reaches the page from matches and reads real figures", async ({
  page,
  baseURL,
}, info) => {
  await inLanguage(page.context(), baseURL, "en-US");
  expect((await page.request.post("/api/auth/login", { data: MATCHMAKER })).status()).toBe(200);
  await page.goto("/admin/matches");
  await page.getByRole("link", { name: /Score validity/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Score validity" })).toBeVisible();
  await loaded(page);
  await expect(page.getByText(/your agency proposed or answered/)).toBeVisible();
  // An AUC, not the placeholder: the demo has enough outcomes.
  await expect(page.getByText("Not enough outcomes yet")).toHaveCount(0);
  const table = page.getByTestId("calibration-table");
  await expect(table.getByRole("row")).not.toHaveCount(1);
  await expect(page.getByRole("img", { name: "Calibration" })).toBeVisible();
  await expect(page.getByTestId("validity-trend").getByRole("row")).toHaveCount(7);
  await page.screenshot({ path: `test-results/validity-${info.project.name}-en.png`, fullPage: true });
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
});

test("[validity] in Russian, and the admin sees the marketplace", async ({ page, baseURL }, info) => {
  await inLanguage(page.context(), baseURL, "ru-RU");
  expect((await page.request.post("/api/auth/login", { data: MATCHMAKER })).status()).toBe(200);
  await page.goto("/admin/matches/validity");
  await expect(page.getByRole("heading", { level: 1, name: "Точность прогнозов" })).toBeVisible();
  await loaded(page);
  await expect(page.getByRole("img", { name: "Калибровка" })).toBeVisible();
  await page.screenshot({ path: `test-results/validity-${info.project.name}-ru.png`, fullPage: true });
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

  await page.context().clearCookies();
  await inLanguage(page.context(), baseURL, "en-US");
  expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  await page.goto("/admin/matches/validity");
  await loaded(page);
  await expect(page.getByText(/every introduction in the marketplace/)).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
});
