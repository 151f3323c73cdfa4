import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { inLanguage } from "./helpers";

// Issue 17, item 11: a client known by phone only, created, found by the phone however typed,
// then given an e-mail to be invited. Both widths (the desktop and phone projects), axe on the
// list and the client's page, and screenshots in both languages (in the test's output folder).

const MATCHMAKER = { email: "anna@demo.matchdesk.test", password: "demo-password" };

async function axeViolations(page: Page, where: string) {
  await expect(page.locator(".mantine-Skeleton-root").filter({ visible: true })).toHaveCount(0, {
    timeout: 15_000,
  });
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => `${where}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** A valid Russian mobile number no other run uses: +7 916 and seven random digits. */
function randomMobile() {
  const rest = String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0");
  return {
    digits: `916${rest}`,
    formatted: `+7 916 ${rest.slice(0, 3)} ${rest.slice(3, 5)} ${rest.slice(5)}`,
  };
}

test("[clients] a client known by phone only is created, found by phone and given an e-mail to invite", async ({
  page,
  baseURL,
}, testInfo) => {
  // Axe on the client page is slow on a loaded machine: room for it at both widths.
  test.setTimeout(300_000);
  await inLanguage(page.context(), baseURL, "en-US");
  expect((await page.request.post("/api/auth/login", { data: MATCHMAKER })).status()).toBe(200);
  const phone = randomMobile();
  const lastName = `Phoneonly${Date.now().toString(36)}`;

  await page.goto("/admin/invited-users");
  await page.getByRole("button", { name: "Create client" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New client" });
  await expect(dialog.getByText("Enter an e-mail, a phone or both.", { exact: false })).toBeVisible();
  await dialog.getByRole("textbox", { name: "First name" }).fill("Irina");
  await dialog.getByRole("textbox", { name: "Last name" }).fill(lastName);
  // Neither an e-mail nor a phone: both fields say one of them is needed.
  await dialog.getByRole("button", { name: "Create client" }).click();
  await expect(dialog.getByText("Enter an e-mail or a phone")).toHaveCount(2);
  await expect(dialog.getByRole("checkbox", { name: "E-mail an invitation to register" })).toBeDisabled();
  await dialog
    .getByRole("textbox", { name: "Phone" })
    .fill(`8 (${phone.digits.slice(0, 3)}) ${phone.digits.slice(3)}`);
  await dialog.getByRole("button", { name: "Create client" }).click();

  // The client's page shows the phone where the e-mail would be, and the way to add one.
  await expect(page).toHaveURL(/\/invited-users\/[^/]+$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Irina ${lastName}`, { timeout: 20_000 });
  await expect(page.getByTestId("client-contact")).toHaveText(phone.formatted);
  await expect(page.getByText("No e-mail", { exact: true })).toBeVisible();
  const addEmail = page.getByRole("button", { name: "Add e-mail to invite" });
  await expect(addEmail).toBeVisible();
  const clientUrl = page.url();
  const found = await axeViolations(page, "client page");

  // Found in the list by the number typed another way.
  await page.goto("/admin/invited-users");
  await page.getByRole("textbox", { name: "Search" }).fill(`+7 ${phone.digits}`);
  const link = page.getByRole("link", { name: `Irina ${lastName}` }).filter({ visible: true });
  await expect(link).toHaveCount(1);
  await expect(page.getByText(phone.formatted).filter({ visible: true }).first()).toBeVisible();
  found.push(...(await axeViolations(page, "client list")));
  await page.screenshot({ path: testInfo.outputPath("list-en.png") });

  // Screenshots in Russian too, of the list and the page.
  await inLanguage(page.context(), baseURL, "ru-RU");
  await page.reload();
  await expect(page.getByRole("link", { name: `Irina ${lastName}` }).filter({ visible: true })).toHaveCount(
    1,
  );
  await page.screenshot({ path: testInfo.outputPath("list-ru.png") });
  await page.goto(clientUrl);
  await expect(page.getByRole("button", { name: "Добавить e-mail для приглашения" })).toBeVisible({
    timeout: 20_000,
  });
  await page.screenshot({
    path: testInfo.outputPath("client-ru.png"),
  });
  found.push(...(await axeViolations(page, "client page (ru)")));
  await inLanguage(page.context(), baseURL, "en-US");
  await page.reload();

  // The e-mail is added; the invitation goes with it.
  await page.screenshot({
    path: testInfo.outputPath("client-en.png"),
  });
  await page.getByRole("button", { name: "Add e-mail to invite" }).click();
  const emailDialog = page.getByRole("dialog", { name: "Add e-mail to invite" });
  await expect(emailDialog.getByRole("checkbox", { name: "Send the invitation now" })).toBeChecked();
  found.push(...(await axeViolations(page, "e-mail dialog")));
  await page.screenshot({
    path: testInfo.outputPath("email-dialog-en.png"),
  });
  const email = `${lastName.toLowerCase()}@e2e.matchdesk.test`;
  await emailDialog.getByRole("textbox", { name: "E-mail" }).fill(email);
  await emailDialog.getByRole("button", { name: "Save e-mail" }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(page.getByTestId("client-contact")).toHaveText(email);
  await expect(page.getByRole("button", { name: "Add e-mail to invite" })).toHaveCount(0);
  expect(found).toEqual([]);
});
