import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Locator, type Page } from "@playwright/test";

/**
 * The app's date inputs (ui/DateInput.tsx) are text fields in the page's language: DD.MM.YYYY in
 * Russian, MM/DD/YYYY in English. Types `iso` (`YYYY-MM-DD`) the way a person would there and
 * leaves the field, which then shows the day in full.
 */
export async function fillDate(input: Locator, iso: string): Promise<void> {
  const [year, month, day] = iso.split("-");
  const lang = await input.page().evaluate(() => document.documentElement.lang);
  const typed = lang.startsWith("en") ? `${month}/${day}/${year}` : `${day}.${month}.${year}`;
  await input.fill(typed);
  await input.blur();
  await expect(input).toHaveValue(typed);
}

/**
 * A meeting's day and time (`YYYY-MM-DDTHH:mm`): the day as `fillDate`, then the time typed as a
 * person would (24 hours), checked in its hours and minutes fields.
 */
export async function fillDateTime(
  dayInput: Locator,
  hoursInput: Locator,
  minutesInput: Locator,
  value: string,
) {
  const [day, time] = value.split("T");
  const [hours, minutes] = time!.split(":");
  await fillDate(dayInput, day!);
  // The hours field moves on to the minutes by itself once it has two digits.
  await hoursInput.click();
  await hoursInput.page().keyboard.type(`${hours}${minutes}`);
  await expect(hoursInput).toHaveValue(hours!);
  await expect(minutesInput).toHaveValue(minutes!);
}

/** Signs the browser into a language: the signed-in and the public language cookies. */
export async function inLanguage(context: BrowserContext, baseURL: string | undefined, locale: string) {
  const url = baseURL ?? "http://127.0.0.1:3100";
  await context.addCookies([
    { name: "locale", value: locale, url },
    { name: "public-locale", value: locale, url },
  ]);
}

/** An e-mail no other test (or run) uses. */
export const unique = (what: string) =>
  `${what}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

/** Waits until no loading skeleton is shown. */
export async function settled(page: Page) {
  await expect(page.locator(".mantine-Skeleton-root").filter({ visible: true })).toHaveCount(0, {
    timeout: 15_000,
  });
}

/** The page's axe-core violations, one line each (rule and elements). */
export async function axe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** A full-page screenshot into E2E_SHOTS when it is set. */
export async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}
