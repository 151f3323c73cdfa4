import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { is, Table } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "./db/schema/index.js";

// Rules of CONTRIBUTING.md that a reader could break without noticing; each names the files that do.
const SRC = path.dirname(new URL(import.meta.url).pathname);

function sources(dir: string): { file: string; text: string }[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts") && !name.includes(".test."))
    .map((name) => ({ file: name, text: readFileSync(path.join(dir, name), "utf8") }));
}

describe("[house rules] server", () => {
  const files = sources(SRC);

  it("never asserts that a caller is signed in: route() types the user from the endpoint's access", () => {
    // The pattern is built, so this file does not count as an occurrence of what it forbids.
    const assertion = `request.user${"!"}`;
    expect(files.filter((f) => f.text.includes(assertion)).map((f) => f.file)).toEqual([]);
  });

  it("registers routes only through route() from a contract definition", () => {
    const direct = /\b(app|r|scope|instance)\s*\.\s*(get|post|put|patch|delete)\(\s*["'`]\/api\//;
    expect(files.filter((f) => direct.test(f.text)).map((f) => f.file)).toEqual([]);
  });

  it("never turns a failed user lookup into 'not found' (findUser answers undefined, a failure stays one)", () => {
    // getUser(...).catch(...) answered 404 during a database outage instead of 503.
    const swallowed = new RegExp(`getUser\\([^;]*?\\)\\s*${"\\."}catch\\(`);
    expect(files.filter((f) => swallowed.test(f.text)).map((f) => f.file)).toEqual([]);
  });

  it("throws only the error codes of the contract", () => {
    expect(files.filter((f) => f.text.includes("string & {}")).map((f) => f.file)).toEqual([]);
  });
});

/**
 * Each table has one writer: the module named here inserts, updates and deletes its rows. Other
 * modules read it in their queries (a join is the fast path for a list) and change it only
 * through the owner's service functions. `platform` is the cross-cutting code outside modules/.
 */
const TABLE_OWNERS: Record<string, string> = {
  users: "users",
  sessions: "auth",
  oidcStates: "auth",
  emailTokens: "auth",
  knownSignIns: "auth",
  profileAccessGrants: "profiles",
  clientCounts: "clients",
  clientProfiles: "profiles",
  clientPreferences: "profiles",
  photos: "profiles",
  certificates: "profiles",
  agencyProfiles: "agencies",
  directoryWords: "agencies",
  agencyLeads: "agency-page",
  matchmakerApplications: "applications",
  contactMessages: "applications",
  reviews: "reviews",
  agencyRatings: "reviews",
  profileViews: "analytics",
  viewSalts: "analytics",
  creditAccounts: "credits",
  creditTransactions: "credits",
  subscriptions: "subscriptions",
  payments: "payments",
  paymentEvents: "payments",
  paymentSettings: "payments",
  paymentInvoiceCounters: "payments",
  chats: "chat",
  chatMembers: "chat",
  chatMessages: "chat",
  notifications: "notifications",
  compatibilityResults: "matching",
  candidateMarks: "matching",
  introductions: "introductions",
  introductionSides: "introductions",
  introductionCounts: "introductions",
  introductionEvents: "introductions",
  introductionLinks: "introductions",
  introductionFeedback: "introductions",
  contactReleases: "introductions",
  introductionSettings: "introductions",
  matchInputChanges: "matching",
  recalibrations: "recalibration",
  clientPackages: "packages",
  clientAccessLog: "data-rights",
  retentionSettings: "data-rights",
  clientRetention: "data-rights",
  exportLinks: "data-rights",
  clientConsents: "consents",
  apiKeys: "api-keys",
  webhookEndpoints: "webhooks",
  webhookDeliveries: "webhooks",
  telegramLinks: "telegram",
  telegramLinkCodes: "telegram",
  telegramPoller: "telegram",
  rateLimits: "platform",
  outbox: "platform",
};

describe("[house rules] tables", () => {
  it("names an owner for every table of the schema", () => {
    const tables = Object.entries(schema)
      .filter(([, value]) => is(value, Table))
      .map(([name]) => name);
    expect(tables.filter((name) => !(name in TABLE_OWNERS))).toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((name) => !tables.includes(name))).toEqual([]);
  });

  it("lets only a table's owner write it", () => {
    const writes = /\.(insert|update|delete)\((\w+)\)/g;
    const strays: string[] = [];
    // The seed writes fixtures and demo data directly, as a migration would.
    for (const { file, text } of sources(SRC).filter((f) => !f.file.startsWith("seed/"))) {
      const module = file.startsWith("modules/") ? file.split("/")[1] : "platform";
      for (const [, verb, table] of text.matchAll(writes)) {
        const owner = table && TABLE_OWNERS[table];
        if (owner && owner !== module) strays.push(`${file}: ${verb} ${table} (owned by ${owner})`);
      }
    }
    expect(strays).toEqual([]);
  });
});
