import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { fillDate, inLanguage } from "./helpers";

// Date inputs follow the app's language, not the browser's: DD.MM.YYYY and Monday first in
// Russian, MM/DD/YYYY in English; what is stored stays an ISO day.
const MATCHMAKER = { email: "anna@demo.matchdesk.test", password: "demo-password" };
const LANGUAGES = [
  {
    locale: "en-US",
    dob: "Date of birth",
    shown: "04/12/1991",
    save: "Save",
    saved: "Questionnaire saved",
    firstWeekday: /^su$/i,
    addPackage: "Add package",
    startsOn: "Starts on",
    future: "01/15/2099",
    tooLate: "Enter a day no later than",
  },
  {
    locale: "ru-RU",
    dob: "Дата рождения",
    shown: "12.04.1991",
    save: "Сохранить",
    saved: "Анкета сохранена",
    firstWeekday: /^пн$/i,
    addPackage: "Добавить пакет",
    startsOn: "Начало",
    future: "15.01.2099",
    tooLate: "Введите дату не позже",
  },
] as const;

for (const lang of LANGUAGES) {
  test(`[dates] the date of birth is typed and shown in ${lang.locale} and stored as an ISO day`, async ({
    page,
    baseURL,
  }, testInfo) => {
    test.slow();
    await inLanguage(page.context(), baseURL, lang.locale);
    expect((await page.request.post("/api/auth/login", { data: MATCHMAKER })).status()).toBe(200);
    const lastName = `Datova-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const created = await page.request.post("/api/clients", {
      data: { firstName: "Dina", lastName, email: `${lastName.toLowerCase()}@e2e.matchdesk.test` },
    });
    expect(created.status()).toBe(201);
    const clientId = ((await created.json()) as { id: string }).id;

    await page.goto(`/invited-users/${clientId}`);
    const dob = page.getByRole("textbox", { name: lang.dob, exact: true });
    await fillDate(dob, "1991-04-12");
    await expect(dob).toHaveValue(lang.shown);
    await page.getByTestId("completeness-bar").getByRole("button", { name: lang.save }).click();
    await expect(page.getByText(lang.saved)).toBeVisible({ timeout: 15_000 });
    const stored = async () =>
      (
        (await (await page.request.get(`/api/profiles/${clientId}`)).json()) as {
          fields: Record<string, unknown>;
        }
      ).fields.dateOfBirth;
    expect(await stored()).toBe("1991-04-12");

    // Shown again in the same form after a reload; the picker opens on that day's month.
    await page.reload();
    await expect(dob).toHaveValue(lang.shown, { timeout: 20_000 });
    // The read-only stand-in shows the same text until the picker's code has loaded.
    await expect(dob).toBeEditable({ timeout: 20_000 });
    await dob.click();
    const picker = page.locator("[data-dates-dropdown]");
    await expect(picker).toBeVisible();
    await expect(picker.locator("thead th").first()).toHaveText(lang.firstWeekday);
    await expect(picker.getByRole("button", { name: /1991/ }).first()).toBeVisible();
    // Checked and pictured once its opening transition is over.
    await expect(picker).toHaveCSS("opacity", "1");
    await page.screenshot({ path: testInfo.outputPath(`dob-${lang.locale}.png`) });
    const dobAxe = await new AxeBuilder({ page }).analyze();
    expect(dobAxe.violations.map((v) => v.id)).toEqual([]);
    await dob.blur();
    // Its picker closes (and fades out) before the next one opens.
    await expect(picker).toHaveCount(0);

    // Another date field: a package's first day, its picker open.
    await page.getByRole("button", { name: lang.addPackage }).first().click();
    const startsOn = page.getByRole("textbox", { name: lang.startsOn, exact: true });
    await expect(startsOn).toBeEditable({ timeout: 20_000 });
    await startsOn.click();
    await expect(page.locator("[data-dates-dropdown]")).toBeVisible();
    await expect(page.locator("[data-dates-dropdown] thead th").first()).toHaveText(lang.firstWeekday);
    await expect(page.locator("[data-dates-dropdown]")).toHaveCSS("opacity", "1");
    await page.screenshot({ path: testInfo.outputPath(`package-${lang.locale}.png`) });
    const packageAxe = await new AxeBuilder({ page }).analyze();
    expect(packageAxe.violations.map((v) => v.id)).toEqual([]);
  });
}

for (const lang of LANGUAGES) {
  test(`[dates] a day typed after the last allowed one shows the field error in ${lang.locale}, not the old text`, async ({
    page,
    baseURL,
  }, testInfo) => {
    test.slow();
    await inLanguage(page.context(), baseURL, lang.locale);
    expect((await page.request.post("/api/auth/login", { data: MATCHMAKER })).status()).toBe(200);
    const lastName = `Rangeva-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const created = await page.request.post("/api/clients", {
      data: { firstName: "Rina", lastName, email: `${lastName.toLowerCase()}@e2e.matchdesk.test` },
    });
    expect(created.status()).toBe(201);
    const clientId = ((await created.json()) as { id: string }).id;

    await page.goto(`/invited-users/${clientId}`);
    const dob = page.getByRole("textbox", { name: lang.dob, exact: true });
    await expect(dob).toBeEditable({ timeout: 20_000 });
    // A birthday in the future: the picker's last day is today.
    await dob.fill(lang.future);
    await dob.blur();
    await expect(dob).toHaveValue(lang.future);
    await expect(dob).toHaveAttribute("aria-invalid", "true");
    const today = new Date().toISOString().slice(0, 10);
    const [y, m, d] = today.split("-");
    const shownToday = lang.locale === "en-US" ? `${m}/${d}/${y}` : `${d}.${m}.${y}`;
    await expect(page.getByText(`${lang.tooLate} ${shownToday}`)).toBeVisible();
    await dob.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`dob-out-of-range-${lang.locale}.png`) });
    // Nothing was taken: the questionnaire still has no birthday.
    const profile = (await (await page.request.get(`/api/profiles/${clientId}`)).json()) as {
      fields: Record<string, unknown>;
    };
    expect(profile.fields.dateOfBirth).toBeNull();

    // A day in range ends the error and is taken.
    await fillDate(dob, "1991-04-12");
    await expect(dob).toHaveValue(lang.shown);
    await expect(page.getByText(lang.tooLate)).toHaveCount(0);
    await expect(dob).not.toHaveAttribute("aria-invalid", "true");
  });
}
