import { type APIRequestContext, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { fillDate } from "./helpers";

// The demo accounts that `DEMO_DATA=true` seeds (apps/server/src/seed/demo.ts).
const PASSWORD = "demo-password";
const MATCHMAKER = { email: "anna@demo.matchdesk.test", password: PASSWORD };
const CLIENT = { email: "olga.anna-volkova@demo.matchdesk.test", password: PASSWORD };

/** Something no other test (nor the other device project) uses. */
const unique = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function apiSignIn(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post("/api/auth/login", { data: account });
  expect(response.status()).toBe(200);
}

/** The app's pages in English (its own cookie; Russian is the app's default). */
async function inEnglish(context: BrowserContext, baseURL: string | undefined) {
  const url = baseURL ?? "http://127.0.0.1:3100";
  await context.addCookies([
    { name: "locale", value: "en-US", url },
    { name: "public-locale", value: "en-US", url },
  ]);
}

/** The one of several matching elements that the current layout shows (table or cards). */
const shown = (page: Page, role: Parameters<Page["getByRole"]>[0], name: string | RegExp) =>
  page
    .getByRole(role, { name, exact: typeof name === "string" })
    .filter({ visible: true })
    .first();

test.describe("client CRM", () => {
  test("[clients] a matchmaker completes a new client's questionnaire, password and visible fields", async ({
    page,
    baseURL,
  }) => {
    // A long walk through the whole questionnaire: more time than a single step's test.
    test.slow();
    await inEnglish(page.context(), baseURL);
    await apiSignIn(page.request, MATCHMAKER);

    // The dashboard lists the clients with their questionnaire counts.
    await page.goto("/admin/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Anna");
    const stats = (await (await page.request.get("/api/clients/stats")).json()) as Record<string, number>;
    await expect(page.getByTestId("stat-incomplete")).toHaveText(String(stats.incomplete));
    await expect(page.getByTestId("stat-completed")).toHaveText(String(stats.completed));
    await expect(page.getByTestId("stat-approved")).toHaveText(String(stats.approved));
    await expect(shown(page, "link", "Olga Petrova")).toBeVisible();

    // A new client, created directly.
    const lastName = unique("Orlova");
    const email = `${lastName.toLowerCase()}@e2e.matchdesk.test`;
    await page.getByRole("button", { name: "Create client" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New client" });
    await dialog.getByRole("textbox", { name: "First name" }).fill("Nina");
    await dialog.getByRole("textbox", { name: "Last name" }).fill(lastName);
    await dialog.getByRole("textbox", { name: "E-mail" }).fill(email);
    await dialog.getByRole("button", { name: "Create client" }).click();

    // Its page: the questionnaire, a quarter filled (names only), jumps to what is missing.
    await expect(page).toHaveURL(/\/invited-users\/[^/]+$/);
    const clientId = page.url().split("/").at(-1)!;
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Nina ${lastName}`);
    const bar = page.getByTestId("completeness-bar");
    await expect(bar).toContainText("13% complete");
    await bar.getByRole("button", { name: "Phone" }).click();
    const phone = page.getByRole("textbox", { name: "Phone", exact: true });
    await expect(phone).toBeFocused();

    // A wrong phone is refused on its field, and nothing typed is lost.
    await phone.fill("12");
    await page.getByRole("textbox", { name: "City", exact: true }).fill("Kazan");
    await bar.getByRole("button", { name: "Save" }).click();
    await expect(
      page.getByText("Enter a phone number of 7 to 15 digits, e.g. +7 999 123-45-67"),
    ).toBeVisible();
    await expect(page.getByRole("textbox", { name: "City", exact: true })).toHaveValue("Kazan");

    // Every field SPEC 5 requires.
    await phone.fill("+7 999 123-45-67");
    await page.getByRole("combobox", { name: "Gender", exact: true }).selectOption({ label: "Woman" });
    await fillDate(page.getByRole("textbox", { name: "Date of birth", exact: true }), "1991-04-12");
    await page
      .getByRole("combobox", { name: "Annual income, ₽", exact: true })
      .selectOption({ label: "1M–5M" });
    await page.getByRole("combobox", { name: "Country", exact: true }).selectOption({ label: "Russia" });
    await page.getByRole("textbox", { name: "Profession", exact: true }).fill("Architect");
    await page
      .getByRole("textbox", { name: "About me", exact: true })
      .fill("Calm, curious, loves long walks.");
    // A number out of its range is an error on the field, never changed to fit (300 cm used to
    // become 250 and be saved); leaving the field keeps what was typed.
    const height = page.getByRole("textbox", { name: "Height", exact: true });
    await height.fill("300");
    await height.blur();
    await expect(height).toHaveValue("300");
    await bar.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Enter a whole number from 100 to 250")).toBeVisible();
    await expect(page.getByText("Questionnaire saved")).toHaveCount(0);
    expect(
      (await (await page.request.get(`/api/profiles/${clientId}`)).json()).fields.height ?? null,
    ).toBeNull();
    await height.fill("168");
    await page.getByRole("combobox", { name: "Ethnicity", exact: true }).selectOption({ label: "White" });
    await page.getByRole("combobox", { name: "Faith", exact: true }).selectOption({ label: "Christianity" });
    await page
      .getByRole("combobox", { name: "Marital status", exact: true })
      .selectOption({ label: "Never married" });
    await page
      .getByRole("combobox", { name: "Relationship status", exact: true })
      .selectOption({ label: "Single" });
    await expect(bar).toContainText("100% complete");
    await expect(bar).toContainText("Unsaved");
    await bar.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Questionnaire saved")).toBeVisible();
    await expect(bar).not.toContainText("Unsaved");
    await expect(bar).toContainText("All required fields are filled in.");
    await expect(page.getByRole("img", { name: "100% complete" })).toBeVisible();
    await expect(page.getByText("Completed", { exact: true }).first()).toBeVisible();
    const saved = await (await page.request.get(`/api/profiles/${clientId}`)).json();
    expect(saved.status).toBe("complete");
    expect(saved.completeness.percent).toBe(100);
    expect(saved.fields.city).toBe("Kazan");

    // The public profile's password: a mismatch and a short one are refused, then one is set.
    await page.getByRole("button", { name: "Set a password" }).click();
    const passwordDialog = page.getByRole("dialog", { name: "Public profile password" });
    await passwordDialog.getByLabel("New password").fill("abc");
    await passwordDialog.getByLabel("Repeat the password").fill("abc");
    await passwordDialog.getByRole("button", { name: "Save password" }).click();
    await expect(passwordDialog.getByText("The password must be at least 6 characters long")).toBeVisible();
    await passwordDialog.getByLabel("New password").fill("garden-42");
    await passwordDialog.getByLabel("Repeat the password").fill("garden-24");
    await passwordDialog.getByRole("button", { name: "Save password" }).click();
    await expect(passwordDialog.getByText("Passwords must match")).toBeVisible();
    await passwordDialog.getByLabel("Repeat the password").fill("garden-42");
    await passwordDialog.getByRole("button", { name: "Save password" }).click();
    await expect(page.getByText("The profile password is saved")).toBeVisible();
    await expect(page.getByRole("button", { name: "Password is set" })).toBeVisible();
    const access = await page.request.post(`/api/public/profiles/${clientId}/access`, {
      data: { password: "garden-42" },
    });
    expect(access.status()).toBe(200);

    // Visible fields: faith is hidden by default; show it.
    await page.getByRole("button", { name: "Visible fields" }).click();
    const displayDialog = page.getByRole("dialog", { name: "Visible fields" });
    const faith = displayDialog.getByRole("checkbox", { name: "Faith" });
    await expect(faith).not.toBeChecked();
    await faith.check();
    await displayDialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Visible fields saved")).toBeVisible();
    const display = await (await page.request.get(`/api/profiles/${clientId}/display-settings`)).json();
    expect(display.faith).toBe(true);

    // Back in the list: found by search (kept in the URL), verified from its row, then deleted.
    await page.getByRole("link", { name: "All clients" }).click();
    await expect(page).toHaveURL("/admin/invited-users");
    await page.getByRole("textbox", { name: "Search" }).fill(lastName);
    await expect(page).toHaveURL(`/admin/invited-users?q=${lastName}`);
    await expect(page.getByText("1 client", { exact: true })).toBeVisible();
    await shown(page, "button", `Actions for Nina ${lastName}`).click();
    await page.getByRole("menuitem", { name: "Verify" }).click();
    await expect(page.getByText(`Nina ${lastName} is verified`)).toBeVisible();
    await shown(page, "button", `Actions for Nina ${lastName}`).click();
    await page.getByRole("menuitem", { name: "Delete client" }).click();
    // The answer first, so a failure says whether the request or the page went wrong.
    const deleted = page.waitForResponse(
      (r) => r.request().method() === "DELETE" && r.url().endsWith(`/api/clients/${clientId}`),
    );
    await page.getByRole("dialog").getByRole("button", { name: "Delete for good" }).click();
    expect((await deleted).status()).toBe(204);
    await expect(page.getByText("No clients match", { exact: true })).toBeVisible();
    await expect(page.getByText(`Nina ${lastName} is deleted`)).toBeVisible();
  });

  test("[clients] the edit link page explains a bad link, in both languages", async ({ page, request }) => {
    await apiSignIn(request, MATCHMAKER);
    const list = await (await request.get("/api/clients?pageSize=1")).json();
    const clientId = list.items[0].id as string;

    await page.goto(`/edit-profile/${clientId}?token=not-a-real-token-0000`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link does not work");
    await expect(page.getByText("Ask your matchmaker to send you a new link.")).toBeVisible();
    // A bad link is not an expired session: the page stays.
    await expect(page).toHaveURL(`/edit-profile/${clientId}?token=not-a-real-token-0000`);

    await page.getByRole("button", { name: "Русский" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ссылка не работает");
    await page.goto(`/edit-profile/${clientId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ссылка не работает");
  });

  test("[clients] a client fills in their own questionnaire", async ({ page, baseURL, isMobile }) => {
    await inEnglish(page.context(), baseURL);
    await apiSignIn(page.request, CLIENT);
    await page.goto("/admin/dashboard");
    await expect(page.getByRole("heading", { name: "Your questionnaire" })).toBeVisible();
    // The candidates the matchmaker shares, and the partner app's link with its likes hint.
    await expect(page.getByRole("heading", { name: "Your candidates" })).toBeVisible();
    await expect(
      page.getByText("Profiles with 20 likes or more in the partner app get better matches."),
    ).toBeVisible();
    const smId = `sm-${Date.now()}`;
    await page.getByRole("textbox", { name: "SM ID" }).fill(smId);
    await page.getByRole("region", { name: "Partner app" }).getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Partner app link saved.")).toBeVisible();
    expect((await (await page.request.get("/api/me/partner")).json()).smId).toBe(smId);
    if (isMobile) await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("link", { name: "Clients" })).toHaveCount(0);
    await page.getByRole("link", { name: "Profile" }).click();

    await expect(page).toHaveURL("/admin/profile");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My questionnaire");
    // Psychology scores are the matchmaker's own assessment.
    await expect(page.getByText("Psychological profile")).toHaveCount(0);
    const city = unique("Tbilisi");
    await page.getByRole("textbox", { name: "City", exact: true }).fill(city);
    await page.getByRole("textbox", { name: "Profession", exact: true }).fill("Pianist");
    await page.getByTestId("completeness-bar").getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Questionnaire saved")).toBeVisible();

    await page.reload();
    await expect(page.getByRole("textbox", { name: "City", exact: true })).toHaveValue(city);
    await expect(page.getByRole("textbox", { name: "Profession", exact: true })).toHaveValue("Pianist");
    // A client's pages of the CRM stay closed to them.
    await page.goto("/admin/invited-users");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page isn’t available to you");
  });
});
