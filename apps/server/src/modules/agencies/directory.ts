import { type DirectoryItem, type DirectoryQuery, LIMITS } from "@matchdesk/contract";
import { and, count, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { agencyProfiles, directoryWords, users } from "../../db/schema/index.js";
import { escapeLike, explainAsRun, preparedOnce } from "../../platform/sql.js";
import { fileUrl } from "../../platform/storage.js";

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

/** The statements for this search's combination of filters, prepared on first use. */
function preparedDirectory(db: Db, v: DirectoryValues) {
  const shape = (["q", "country", "city", "verified", "minRating"] as const)
    .map((k) => (v[k] === undefined ? "_" : k[0]))
    .join("");
  return {
    page: preparedOnce(db, `directory_page_${shape}`, (name) =>
      directoryPage(db, v, placeholder).prepare(name),
    ),
    count: preparedOnce(db, `directory_count_${shape}`, (name) =>
      directoryCount(db, v, placeholder).prepare(name),
    ),
  };
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
export function explainDirectory(db: Db, q: DirectoryQuery): Promise<string[]> {
  const v = directoryValues(q);
  return explainAsRun(
    db,
    directoryPage(db, v, (name) => v[name]),
  );
}
