import {
  type AgencyFocus,
  type AgencyLeadList,
  type AgencyLeadView,
  type AgencyPageView,
  type AgencyProfilePatchBody,
  type AgencyProfileView,
  type DirectoryItem,
  type DirectoryQuery,
  type JoinAgencyBody,
  LIMITS,
  MARKETPLACE_LIMITS,
  type PageQuery,
} from "@matchdesk/contract";
import { hash } from "@node-rs/argon2";
import { and, count, desc, eq, inArray, isNotNull, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { agencyLeads, agencyProfiles, directoryWords, users } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { AppError, isUniqueViolation, notFound } from "../../platform/errors.js";
import { newId } from "../../platform/ids.js";
import type { RateLimiter } from "../../platform/rate-limit.js";
import { escapeLike } from "../../platform/sql.js";
import { fileUrl } from "../../platform/storage.js";
import { createInvite } from "../invites/service.js";
import { type NotifyDeps, notify } from "../notifications/service.js";
import { listCertificates } from "../profiles/certificates.js";
import { approvedReviews, myRating, ratingSummary } from "../reviews/service.js";
import { getUser, setListed } from "../users/service.js";

type AgencyRow = typeof agencyProfiles.$inferSelect;

export const agencyNotFound = () => notFound("AGENCY_NOT_FOUND", "Agency not found");
const loginTaken = () =>
  new AppError("AGENCY_LOGIN_TAKEN", 409, "This agency login is taken", undefined, {
    login: ["This agency login is taken"],
  });

export async function getAgencyName(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ agencyName: agencyProfiles.agencyName })
    .from(agencyProfiles)
    .where(eq(agencyProfiles.userId, userId));
  return row?.agencyName ?? null;
}

/** The agency names of many matchmakers in one query, by user id (absent: no agency profile). */
export async function agencyNamesOf(db: Db, userIds: string[]): Promise<Map<string, string | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: agencyProfiles.userId, agencyName: agencyProfiles.agencyName })
    .from(agencyProfiles)
    .where(inArray(agencyProfiles.userId, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.userId, r.agencyName]));
}

export async function isAgencyLoginTaken(db: Db, login: string, exceptUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: agencyProfiles.userId })
    .from(agencyProfiles)
    .where(eq(agencyProfiles.login, login));
  return row !== undefined && row.userId !== exceptUserId;
}

export async function saveAgencyBasics(
  db: Db,
  userId: string,
  basics: { agencyName: string; login: string },
) {
  await db
    .insert(agencyProfiles)
    .values({ userId, ...basics })
    .onConflictDoUpdate({ target: agencyProfiles.userId, set: { ...basics, updatedAt: new Date() } });
}

/** The agency a public page may show: an onboarded, active matchmaker's. Else 404. */
export async function findPublicAgency(db: Db, idOrLogin: string) {
  const [row] = await db
    .select({ agency: agencyProfiles, user: users })
    .from(agencyProfiles)
    .innerJoin(users, eq(users.id, agencyProfiles.userId))
    .where(
      and(
        sql`(${agencyProfiles.userId} = ${idOrLogin} or ${agencyProfiles.login} = ${idOrLogin.toLowerCase()})`,
        eq(users.role, "INVITER"),
        sql`${users.status} <> 'inactive'`,
        isNotNull(users.onboardingCompletedAt),
      ),
    );
  if (!row) throw agencyNotFound();
  return row;
}

async function ownAgency(db: Db, caller: SessionUser) {
  const [row] = await db
    .select({ agency: agencyProfiles, user: users })
    .from(agencyProfiles)
    .innerJoin(users, eq(users.id, agencyProfiles.userId))
    .where(eq(agencyProfiles.userId, caller.id));
  if (!row) throw agencyNotFound();
  return row;
}

/** What an agency offers and how it works: the same on its public page and in its owner's editor. */
function agencyOffer(a: AgencyRow) {
  return {
    link: a.link,
    services: a.services,
    focus: a.focus,
    about: a.about,
    awards: a.awards,
    currency: a.currency,
    introductionPrice: a.introductionPrice,
    turnkeyPrice: a.turnkeyPrice,
    introductionFee: a.introductionFee,
    payForIntroduction: a.payForIntroduction,
    clientToClientContract: a.clientToClientContract,
    acceptsFreeClients: a.acceptsFreeClients,
    experience: a.experience,
    clientBaseSize: a.clientBaseSize,
    successfulCases: a.successfulCases,
  };
}

function toProfileView(a: AgencyRow, u: typeof users.$inferSelect): AgencyProfileView {
  return {
    userId: a.userId,
    agencyName: a.agencyName,
    login: a.login,
    contactFirstName: a.contactFirstName,
    contactLastName: a.contactLastName,
    country: a.country as AgencyProfileView["country"],
    city: a.city,
    ...agencyOffer(a),
    isListed: u.participatesInSearch,
    logoUrl: u.avatarKey ? fileUrl(u.avatarKey) : null,
    hasPassword: a.passwordHash !== null,
    isVerified: u.isVerified,
  };
}

export async function getOwnAgencyProfile(db: Db, caller: SessionUser): Promise<AgencyProfileView> {
  const { agency, user } = await ownAgency(db, caller);
  return toProfileView(agency, user);
}

export async function patchOwnAgencyProfile(db: Db, caller: SessionUser, body: AgencyProfilePatchBody) {
  await ownAgency(db, caller);
  const { isListed, ...fields } = body;
  if (fields.login !== undefined && (await isAgencyLoginTaken(db, fields.login, caller.id)))
    throw loginTaken();
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    if (Object.keys(fields).length > 0) {
      await txDb
        .update(agencyProfiles)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(agencyProfiles.userId, caller.id))
        .catch((error) => {
          if (isUniqueViolation(error)) throw loginTaken();
          throw error;
        });
    }
    if (isListed !== undefined) await setListed(txDb, caller.id, isListed);
  });
  return getOwnAgencyProfile(db, caller);
}

/** Sets, changes or (empty) removes the agency's profile password. */
export async function setAgencyPassword(db: Db, caller: SessionUser, password: string) {
  await ownAgency(db, caller);
  const passwordHash = password === "" ? null : await hash(password);
  await db
    .update(agencyProfiles)
    .set({ passwordHash, updatedAt: new Date() })
    .where(eq(agencyProfiles.userId, caller.id));
  return getOwnAgencyProfile(db, caller);
}

/**
 * The public directory: listed agencies (`agency_profiles.listed`: active, onboarded matchmakers
 * who chose to be listed). Rating is the average overall stars that matchmakers gave.
 *
 * Each combination of filters (a shape) is one statement, built and prepared once per database
 * and then run with the search's values: a search costs the database's work and nothing else.
 */
type DirectoryValues = {
  q: string | undefined;
  country: string | undefined;
  city: string | undefined;
  verified: boolean | undefined;
  minRating: number | undefined;
  limit: number;
  offset: number;
};
/** A search's value, or the placeholder a prepared statement takes it by. */
type DirectoryParam = <K extends keyof DirectoryValues>(name: K) => DirectoryValues[K] | Placeholder;

function directoryValues(q: DirectoryQuery): DirectoryValues {
  return {
    q: q.q || undefined,
    country: q.country,
    city: q.city ? escapeLike(q.city) : undefined,
    verified: q.verified,
    minRating: q.minRating,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  };
}

/** Listed agencies that pass the filters other than the text. */
function directoryFilters(v: DirectoryValues, p: DirectoryParam) {
  // The bare column, not `listed = $1`: a plan kept for every call must see the directory's
  // partial indexes' own condition to use them.
  const parts: SQL[] = [sql`${agencyProfiles.listed}`];
  if (v.country !== undefined) parts.push(sql`${agencyProfiles.country} = ${p("country")}`);
  if (v.city !== undefined) parts.push(sql`${agencyProfiles.city} ilike ${p("city")}`);
  if (v.verified !== undefined) parts.push(sql`${agencyProfiles.verified} = ${p("verified")}`);
  if (v.minRating !== undefined) parts.push(sql`${agencyProfiles.ratingOverall} >= ${p("minRating")}`);
  return and(...parts)!;
}

/**
 * The agencies a text search finds, with how closely, as `(user_id, closeness, rating_count)`.
 * The search's words are matched one by one, and an agency must match each of them, anywhere in
 * its text (full text, GIN-indexed). Per word, the best of: the word itself (1), a longer word it
 * begins (0.9, from two letters: the start of a name), or a word of an agency's name, login or
 * city alike in trigrams (pg_trgm's `%`, its similarity as closeness), looked up in the vocabulary
 * `directory_words`: a typo is corrected against short words, each once, never against every
 * agency. The closeness is summed over the words.
 */
function textMatches(v: DirectoryValues, p: DirectoryParam) {
  const searched = sql`md_search_words(${p("q")}) q`;
  return sql`(
    select hits.user_id, sum(hits.closeness) as closeness, hits.rating_count
    from (
      select ${agencyProfiles.userId} as user_id, v.i, ${agencyProfiles.ratingCount} as rating_count,
        max(case when v.exact is null or ${agencyProfiles.searchVector} @@ v.exact then v.closeness else 0.9 end) as closeness
      from (
        select i, md_word_query(w, length(w) >= 2) as words, md_word_query(w, false) as exact, 1::real as closeness
          from ${searched}
        union all
        select q.i, md_word_query(d.word, false), null, similarity(d.word, q.w)
          from ${searched} join ${directoryWords} d on d.word % q.w and d.word <> q.w
      ) v
      join ${agencyProfiles} on ${agencyProfiles.searchVector} @@ v.words
      where ${directoryFilters(v, p)}
      group by ${agencyProfiles.userId}, v.i
    ) hits
    group by hits.user_id, hits.rating_count
    having count(*) = (select count(*) from ${searched})
  )`;
}

/** What a directory card shows, and no more: no search columns or hashes travel. */
const directoryCard = {
  userId: agencyProfiles.userId,
  login: agencyProfiles.login,
  agencyName: agencyProfiles.agencyName,
  country: agencyProfiles.country,
  city: agencyProfiles.city,
  excerpt: sql<
    string | null
  >`left(${agencyProfiles.about}, ${sql.raw(String(LIMITS.descriptionPreviewChars))})`,
  ratingOverall: agencyProfiles.ratingOverall,
  ratingCount: agencyProfiles.ratingCount,
  isVerified: agencyProfiles.verified,
  // A lookup per agency shown, made after the page is cut (PostgreSQL computes a costly output
  // column past the sort and limit): a join could pick a plan that reads every user.
  logoKey: sql<
    string | null
  >`(select ${users.avatarThumbKey} from ${users} where ${users.id} = ${agencyProfiles.userId})`,
};

/**
 * One directory page and the number of matches, in one statement. A text search finds few
 * agencies: one pass ranks and counts them (a window count), closest first, then the most rated.
 * Without text the page is read in order from the directory's index, best rated first, and a
 * count of its own, run once, gives the total; a window count there would read and sort every
 * listed agency.
 */
function directoryPage(db: Db, v: DirectoryValues, p: DirectoryParam) {
  if (v.q !== undefined) {
    // Ranked, counted and cut to the page on the matches alone; only the page's agencies are read.
    const page = sql`(
      select found.*, count(*) over () as total from ${textMatches(v, p)} found
      order by found.closeness desc, found.rating_count desc, found.user_id
      limit ${p("limit")} offset ${p("offset")}
    ) page`;
    return db
      .select({ ...directoryCard, total: sql<number>`page.total`.mapWith(Number) })
      .from(agencyProfiles)
      .innerJoin(page, sql`page.user_id = ${agencyProfiles.userId}`)
      .orderBy(sql`page.closeness desc`, sql`page.rating_count desc`, agencyProfiles.userId);
  }
  const where = directoryFilters(v, p);
  return db
    .select({
      ...directoryCard,
      total: sql<number>`(select count(*) from ${agencyProfiles} where ${where})`.mapWith(Number),
    })
    .from(agencyProfiles)
    .where(where)
    .orderBy(
      sql`${agencyProfiles.ratingOverall} desc nulls last`,
      agencyProfiles.agencyName,
      agencyProfiles.userId,
    )
    .limit(p("limit"))
    .offset(p("offset"));
}

/** How many agencies the search finds, for a page past the end. */
function directoryCount(db: Db, v: DirectoryValues, p: DirectoryParam) {
  if (v.q !== undefined) return db.select({ n: count() }).from(sql`${textMatches(v, p)} found`);
  return db.select({ n: count() }).from(agencyProfiles).where(directoryFilters(v, p));
}

const placeholder: DirectoryParam = (name) => sql.placeholder(name);

const preparedDirectories = new WeakMap<Db, Map<string, ReturnType<typeof prepareDirectory>>>();

function prepareDirectory(db: Db, v: DirectoryValues, shape: string) {
  return {
    page: directoryPage(db, v, placeholder).prepare(`directory_page_${shape}`),
    count: directoryCount(db, v, placeholder).prepare(`directory_count_${shape}`),
  };
}

/** The statements for this search's combination of filters, prepared on first use. */
function preparedDirectory(db: Db, v: DirectoryValues) {
  const shape = (["q", "country", "city", "verified", "minRating"] as const)
    .map((k) => (v[k] === undefined ? "_" : k[0]))
    .join("");
  let byShape = preparedDirectories.get(db);
  if (!byShape) {
    byShape = new Map();
    preparedDirectories.set(db, byShape);
  }
  let statements = byShape.get(shape);
  if (!statements) {
    statements = prepareDirectory(db, v, shape);
    byShape.set(shape, statements);
  }
  return statements;
}

export async function searchDirectory(db: Db, q: DirectoryQuery) {
  const v = directoryValues(q);
  const statements = preparedDirectory(db, v);
  // Only a page past the end needs a count of its own. The `%` operator's typo threshold is a
  // session setting made when the database opens (`SESSION_SETTINGS` in db/client.ts).
  const rows = await statements.page.execute(v);
  const total = rows[0]?.total ?? (q.page > 1 ? ((await statements.count.execute(v))[0]?.n ?? 0) : 0);
  const items: DirectoryItem[] = rows.map(({ logoKey, ratingOverall, total: _t, ...row }) => ({
    ...row,
    logoUrl: logoKey ? fileUrl(logoKey) : null,
    rating: ratingOverall === null ? null : Math.round(ratingOverall * 10) / 10,
  }));
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/** The plan PostgreSQL runs for a directory page (EXPLAIN ANALYZE), for the bench's note. */
export async function explainDirectory(db: Db, q: DirectoryQuery): Promise<string[]> {
  const v = directoryValues(q);
  const result = await db.execute(
    sql`explain (analyze, costs off, timing off, summary on) ${directoryPage(db, v, (name) => v[name])}`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    string
  >[];
  return rows.map((r) => Object.values(r)[0]!);
}

export async function getAgencyPage(
  db: Db,
  caller: SessionUser | null,
  idOrLogin: string,
): Promise<AgencyPageView> {
  const { agency: a, user: u } = await findPublicAgency(db, idOrLogin);
  const contactName = [a.contactFirstName, a.contactLastName].filter(Boolean).join(" ");
  const [certificates, rating, reviews, mine] = await Promise.all([
    listCertificates(db, a.userId),
    ratingSummary(db, a.userId),
    approvedReviews(db, a.userId),
    caller?.role === "INVITER" && caller.id !== a.userId ? myRating(db, caller.id, a.userId) : null,
  ]);
  return {
    userId: a.userId,
    login: a.login,
    agencyName: a.agencyName,
    logoUrl: u.avatarKey ? fileUrl(u.avatarKey) : null,
    contactName: contactName || null,
    country: a.country,
    city: a.city,
    ...agencyOffer(a),
    certificates: certificates.items,
    isVerified: u.isVerified,
    verifiedSince: u.isVerified && u.verifiedAt ? u.verifiedAt.getUTCFullYear() : null,
    rating,
    reviews,
    myRating: mine,
  };
}

/** Keeps the agency's directory rating in step with its ratings; called inside the rating's transaction. */
export async function setAgencyRating(db: Db, agencyUserId: string, overall: number | null, n: number) {
  await db
    .update(agencyProfiles)
    .set({ ratingOverall: overall, ratingCount: n })
    .where(eq(agencyProfiles.userId, agencyUserId));
}

/**
 * "Join the agency base": the request is kept as a lead in the matchmaker's inbox, with a
 * notification. No account is made from it: whoever sends the form has not shown the address is
 * theirs, so the matchmaker invites the person (`inviteLead`) and the invitation proves it. A
 * filled honeypot is answered alike, storing nothing.
 */
export async function joinAgency(
  deps: NotifyDeps & { limiter: RateLimiter },
  agencyId: string,
  body: JoinAgencyBody,
  ip: string,
) {
  const { agency } = await findPublicAgency(deps.db, agencyId);
  if (body.website) return;
  await deps.limiter.hit(`agency-join:${ip}`, MARKETPLACE_LIMITS.joinRequestsPerIpPerHour, 3_600_000);
  await deps.db.insert(agencyLeads).values({
    id: newId(),
    agencyUserId: agency.userId,
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email.toLowerCase(),
    phone: body.phone ?? null,
    message: body.message || null,
  });
  await notify(deps, agency.userId, "agency_lead", { name: `${body.firstName} ${body.lastName}`.trim() });
}

type LeadRow = typeof agencyLeads.$inferSelect;

const toLeadView = (r: LeadRow): AgencyLeadView => ({
  id: r.id,
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email,
  phone: r.phone,
  message: r.message,
  createdAt: r.createdAt.toISOString(),
  clientId: r.clientUserId,
});

/** The matchmaker's inbox of requests from their agency page, newest first. */
export async function listLeads(db: Db, caller: SessionUser, q: PageQuery): Promise<AgencyLeadList> {
  const mine = eq(agencyLeads.agencyUserId, caller.id);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(agencyLeads)
      .where(mine)
      .orderBy(desc(agencyLeads.createdAt), desc(agencyLeads.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(agencyLeads).where(mine),
  ]);
  return { items: rows.map(toLeadView), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

async function ownLead(db: Db, caller: SessionUser, leadId: string): Promise<LeadRow> {
  const [row] = await db
    .select()
    .from(agencyLeads)
    .where(and(eq(agencyLeads.id, leadId), eq(agencyLeads.agencyUserId, caller.id)));
  if (!row) throw notFound("LEAD_NOT_FOUND", "Request not found");
  return row;
}

/** Invites the person behind a lead: a client of the matchmaker, e-mailed the invitation. */
export async function inviteLead(
  deps: Parameters<typeof createInvite>[0],
  caller: SessionUser,
  leadId: string,
): Promise<AgencyLeadView> {
  const lead = await ownLead(deps.db, caller, leadId);
  if (lead.clientUserId) throw new AppError("LEAD_ALREADY_INVITED", 409, "This person is already invited");
  const client = await createInvite(deps, caller, {
    email: lead.email,
    firstName: lead.firstName,
    lastName: lead.lastName,
  });
  const [row] = await deps.db
    .update(agencyLeads)
    .set({ clientUserId: client.id })
    .where(eq(agencyLeads.id, lead.id))
    .returning();
  return toLeadView(row!);
}

export async function dismissLead(db: Db, caller: SessionUser, leadId: string) {
  const lead = await ownLead(db, caller, leadId);
  await db.delete(agencyLeads).where(eq(agencyLeads.id, lead.id));
}

/** The agency's user row, for a service that needs to know the owner exists (reviews, ratings). */
export async function agencyOwner(db: Db, agencyId: string) {
  const { agency } = await findPublicAgency(db, agencyId);
  return getUser(db, agency.userId);
}

/** The focus of each of these agencies (by user id), for the quiz's ranking of directory results. */
export async function agencyFocusOf(db: Db, userIds: string[]): Promise<Map<string, AgencyFocus[]>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: agencyProfiles.userId, focus: agencyProfiles.focus })
    .from(agencyProfiles)
    .where(inArray(agencyProfiles.userId, userIds));
  return new Map(rows.map((r) => [r.userId, r.focus]));
}
