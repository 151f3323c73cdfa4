// usage: node shots.mjs BASE EMAIL OUTPREFIX path1 path2 ...
import { chromium } from "playwright-core";

const [base, email, prefix, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
for (const [w, tag] of [
  [1280, "d"],
  [390, "m"],
]) {
  const ctx = await browser.newContext({
    viewport: { width: w, height: w > 500 ? 900 : 844 },
    baseURL: base,
  });
  await ctx.addCookies([{ name: "locale", value: process.env.LOC ?? "en-US", url: base }]);
  if (email !== "-") {
    const r = await ctx.request.post("/api/auth/login", {
      data: { email, password: "demo-password" },
      headers: { origin: base },
    });
    if (!r.ok()) console.log("login", r.status());
  }
  const page = await ctx.newPage();
  for (const [i, p] of paths.entries()) {
    await page.goto(p, { waitUntil: "networkidle" });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${prefix}-${i}-${tag}.png`, fullPage: process.env.FULL === "1" });
  }
  await ctx.close();
}
await browser.close();
