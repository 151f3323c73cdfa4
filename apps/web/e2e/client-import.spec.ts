import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

// The demo matchmaker (apps/server/src/seed/demo.ts) imports a CSV of clients through the page.
const MATCHMAKER = { email: "anna@demo.matchdesk.test", password: "demo-password" };

test("[client-import] a matchmaker maps a CSV's columns, sees the bad row, imports and finds the clients", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const url = baseURL ?? "http://127.0.0.1:3100";
  await page.context().addCookies([
    { name: "locale", value: "en-US", url },
    { name: "public-locale", value: "en-US", url },
  ]);
  expect((await page.request.post("/api/auth/login", { data: MATCHMAKER })).status()).toBe(200);

  const tag = `imp${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  // "Vorname" is no header the page knows: the person maps it by hand.
  const csv = [
    "Mail;Vorname;Last name;City;Gender",
    `${tag}-a@e2e.matchdesk.test;Alina;${tag};Kazan;Female`,
    `${tag}-b@e2e.matchdesk.test;Boris;${tag};Omsk;Мужчина`,
    `not-an-email;Carl;${tag};Riga;robot`,
  ].join("\n");

  await page.goto("/admin/invited-users");
  await page.getByRole("link", { name: "Import CSV" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import clients" })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({
    name: "clients.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });

  await expect(page.getByText("Detected: UTF-8, separated by semicolons.")).toBeVisible();
  const vorname = page.getByRole("combobox", { name: "Field for the column Vorname" });
  await expect(vorname).toHaveValue("Do not import");
  await expect(page.getByRole("combobox", { name: "Field for the column Mail" })).toHaveValue("E-mail");
  await vorname.click();
  await vorname.fill("First name");
  await page.getByRole("option", { name: "First name", exact: true }).click();
  await expect(vorname).toHaveValue("First name");

  // The preview marks the bad row's cells and counts what the import will do.
  await expect(page.getByText("1 row has errors and will not be imported")).toBeVisible();
  await expect(
    page.getByText("The import will create 2, update 0 and skip 0 clients; rows with errors stay out (1)."),
  ).toBeVisible();
  await expect(page.getByRole("cell", { name: "robot Unknown value" })).toBeVisible();
  // The page with its mapping table and preview: no axe violations either.
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);

  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Created 2, updated 0, skipped 0; rows not imported because of errors: 1.",
    { timeout: 30_000 },
  );

  await page.getByRole("link", { name: "Go to the client list" }).click();
  await page.getByRole("textbox", { name: "Search" }).fill(tag);
  await expect(page.getByText(`Alina ${tag}`).filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByText(`Boris ${tag}`).filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByText(`Carl ${tag}`)).toHaveCount(0);
});
