import { expect, type Page, test } from "@playwright/test";
import { axe, inLanguage, settled, shot, unique } from "./helpers";

// Issue 20, erasure: the matchmaker erases a client from the client's page, and a client erases
// themselves from the portal and is signed out. Each behind a confirmation dialog; both
// languages, both widths (the desktop and phone projects), zero axe violations with the dialog
// open. Each test makes its own client, so the demo data stays as it was.
const MATCHMAKER = { email: "anna@demo.matchdesk.test", password: "demo-password" };
const LANGUAGES = [
  {
    locale: "en-US",
    lang: "en",
    erase: "Erase client",
    eraseMine: "Erase my data",
    understood: "I understand that this cannot be undone",
    confirm: "Erase for good",
    switchedOn: "Switched on by your matchmaker",
    withdraw: "Withdraw: In the shared search",
    withdrawnBy: "Withdrawn by you",
  },
  {
    locale: "ru-RU",
    lang: "ru",
    erase: "Удалить клиента",
    eraseMine: "Удалить мои данные",
    understood: "Я понимаю, что это нельзя отменить",
    confirm: "Удалить навсегда",
    switchedOn: "Кто включил: ваш сват",
    withdraw: "Отозвать: В общем поиске",
    withdrawnBy: "Кто отозвал: вы",
  },
] as const;

/** Opens the dialog, checks it (axe, the button off until ticked), and erases. */
async function confirmErasure(page: Page, l: (typeof LANGUAGES)[number], button: string, shotName: string) {
  await page.getByRole("button", { name: button }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(page.locator(".mantine-Modal-content")).toHaveCSS("opacity", "1");
  const go = dialog.getByRole("button", { name: l.confirm });
  await expect(go).toBeDisabled();
  await shot(page, shotName);
  expect(await axe(page)).toEqual([]);
  await dialog.getByRole("checkbox", { name: l.understood }).check();
  await expect(go).toBeEnabled();
  await go.click();
}

for (const l of LANGUAGES) {
  test(`[erasure] the matchmaker erases a client from the client's page (${l.lang})`, async ({
    page,
    baseURL,
  }, info) => {
    test.slow();
    await inLanguage(page.context(), baseURL, l.locale);
    expect((await page.request.post("/api/auth/login", { data: MATCHMAKER })).status()).toBe(200);
    const created = await page.request.post("/api/clients", {
      data: { firstName: "Erin", lastName: "Erasable", email: unique("erin") },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await page.goto(`/invited-users/${id}?tab=data`);
    await settled(page);
    await expect(page.locator("#client-erase-title")).toBeVisible();
    await confirmErasure(page, l, l.erase, `erase-client-${l.lang}-${info.project.name}`);
    // Back to the list; the client is gone.
    await expect(page).not.toHaveURL(new RegExp(id));
    await expect(page).toHaveURL(/invited-users/);
    expect((await page.request.get(`/api/clients/${id}`)).status()).toBe(404);
  });

  test(`[erasure] a client erases themselves from the portal and is signed out (${l.lang})`, async ({
    page,
    baseURL,
  }, info) => {
    test.slow();
    await inLanguage(page.context(), baseURL, l.locale);
    expect((await page.request.post("/api/auth/login", { data: MATCHMAKER })).status()).toBe(200);
    const { link } = (await (await page.request.get("/api/invites/me")).json()) as { link: string };
    const inviteCode = new URL(link).searchParams.get("invite");
    const email = unique("self");
    const registered = await page.request.post("/api/auth/register", {
      data: {
        inviteCode,
        firstName: "Sasha",
        lastName: "Selferase",
        email,
        password: "new-secret-1",
        confirmPassword: "new-secret-1",
        termsAccepted: true,
      },
    });
    expect(registered.status()).toBe(201);
    const { id } = (await (await page.request.get("/api/users/me")).json()) as { id: string };
    // Her matchmaker puts her in the shared search: a recorded consent she sees and withdraws.
    expect((await page.request.post("/api/auth/login", { data: MATCHMAKER })).status()).toBe(200);
    expect(
      (await page.request.put(`/api/clients/${id}/search`, { data: { participates: true } })).status(),
    ).toBe(200);
    expect(
      (await page.request.post("/api/auth/login", { data: { email, password: "new-secret-1" } })).status(),
    ).toBe(200);
    await page.goto("/admin/dashboard");
    await settled(page);
    const consents = page.locator("section[aria-labelledby=my-consents-title]");
    await expect(consents.getByText(l.switchedOn)).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await consents.getByRole("button", { name: l.withdraw }).click();
    await expect(consents.getByText(l.withdrawnBy)).toBeVisible();
    await expect(consents.getByRole("button", { name: l.withdraw })).toHaveCount(0);
    expect(
      ((await (await page.request.get("/api/me/consents")).json()) as { current: { shared_search: boolean } })
        .current.shared_search,
    ).toBe(false);
    await expect(page.locator("#my-erase-title")).toBeVisible();
    await confirmErasure(page, l, l.eraseMine, `erase-mine-${l.lang}-${info.project.name}`);
    // Signed out, on the front page; the account cannot sign in again.
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get("/api/users/me")).status()).toBe(401);
    const again = await page.request.post("/api/auth/login", { data: { email, password: "new-secret-1" } });
    expect(again.status()).toBe(401);
  });
}
