import { DEFAULT_DISPLAYED, type DisplayableField } from "@matchdesk/contract";
import { type AnyColumn, and, eq, gt, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Db } from "../../db/client.js";
import { clientPreferences, clientProfiles, users } from "../../db/schema/index.js";
import {
  type MatchFields,
  type MatchInput,
  type MatchPreferences,
  prepareProfile,
} from "./compatibility-engine.js";

// The pool a matchmaker may match a client against (their own complete, active clients and
// complete profiles other matchmakers published), in SQL. `prefilterCandidates` cuts it down by the
// hard filters the database can check cheaply: gender and preferred gender or orientation, age and
// height ranges, and enum preferences marked deal-breaker, in both directions. It never drops a
// pair the engine would keep: a value not filled in passes, as it does in the engine; preferred
// cities (free text, folded differently by each side) are left to the engine. It loads single
// candidates, ranks while the in-memory pool is still loading (`ranking.ts`), and is what the pool
// (`candidate-pool.ts`, which reads its members with `readSharedMembers`) is tested against.
//
// Another agency's client is matched only on what its matchmaker displays: a hidden field is read
// as not filled in, both here and in what is handed to the engine, so a filter cannot probe it.
// Psychology scores are never displayed, so they stay with the own agency.

export type CandidateRow = { id: string; inviterId: string | null; isOwnClient: boolean; input: MatchInput };

const LIST_COLUMNS = {
  relationships: {
    own: clientProfiles.marriageStatus,
    field: "marriageStatus",
    pref: clientPreferences.relationships,
  },
  education: {
    own: clientProfiles.educationLevel,
    field: "educationLevel",
    pref: clientPreferences.education,
  },
  income: { own: clientProfiles.incomeLevel, field: "incomeLevel", pref: clientPreferences.income },
  smoking: { own: clientProfiles.smoking, field: "smoking", pref: clientPreferences.smoking },
  alcohol: { own: clientProfiles.alcohol, field: "alcohol", pref: clientPreferences.alcohol },
} as const;
const CLIENT_VALUE = {
  relationships: "marriageStatus",
  education: "educationLevel",
  income: "incomeLevel",
  smoking: "smoking",
  alcohol: "alcohol",
} as const satisfies Record<keyof typeof LIST_COLUMNS, keyof MatchFields>;

/** Whether a field is shown to the viewer: always to its own matchmaker (`own`), else by display settings. */
const showsTo = (own: SQL) => (field: DisplayableField) =>
  sql`(${own} or coalesce((${clientProfiles.displaySettings} ->> ${field})::boolean, ${sql.raw(DEFAULT_DISPLAYED.includes(field) ? "true" : "false")}))`;

/** A member of any matchmaker's pool: a complete, active client (who sees them is decided apart). */
const IS_MEMBER = and(
  eq(users.role, "INVITEE"),
  ne(users.status, "inactive"),
  eq(clientProfiles.isComplete, true),
)!;

type PoolArgs = {
  clientId: string;
  client: MatchInput;
  matchmakerId: string;
  today: Date;
  /** Only these ids, without the hard filters: the pool and the masking still apply. */
  ids?: string[];
};

/** The pool and hard-filter conditions, and the display masking, for one client and viewer. */
function poolQuery(args: PoolArgs) {
  const { client, matchmakerId, today } = args;
  const me = prepareProfile(client, today);
  const f = client.fields;
  const own = sql`(${users.inviterId} is not distinct from ${matchmakerId})`;
  const shows = showsTo(own);
  const todayIso = today.toISOString().slice(0, 10);

  const where: SQL[] = [
    IS_MEMBER,
    ne(users.id, args.clientId),
    or(own, eq(users.participatesInSearch, true))!,
  ];

  const filters: SQL[] = [];
  // The client's wishes on the candidate. Gender, date of birth and height are required for a
  // complete profile, so they are never null here and the range conditions can use an index.
  if (me.wantedGenders) filters.push(sql`(${users.gender} in ${me.wantedGenders} or not ${shows("gender")})`);
  if (me.minAge !== null)
    filters.push(
      sql`(${clientProfiles.dateOfBirth} <= ${todayIso}::date - make_interval(years => ${me.minAge}) or not ${shows("age")})`,
    );
  if (me.maxAge !== null)
    filters.push(
      sql`(${clientProfiles.dateOfBirth} > ${todayIso}::date - make_interval(years => ${me.maxAge + 1}) or not ${shows("age")})`,
    );
  if (me.minHeight !== null)
    filters.push(sql`(${clientProfiles.height} >= ${me.minHeight} or not ${shows("height")})`);
  if (me.maxHeight !== null)
    filters.push(sql`(${clientProfiles.height} <= ${me.maxHeight} or not ${shows("height")})`);
  for (const [key, c] of Object.entries(LIST_COLUMNS) as [
    keyof typeof LIST_COLUMNS,
    (typeof LIST_COLUMNS)[keyof typeof LIST_COLUMNS],
  ][]) {
    const accepted = me.lists[key];
    if (!me.dealBreakers.has(key) || accepted.length === 0) continue;
    filters.push(sql`(${c.own} is null or ${c.own} in ${accepted} or not ${shows(c.field)})`);
  }

  // The candidate's wishes on the client (their preferences row may be missing: no wishes).
  const p = clientPreferences;
  if (f.gender !== null) {
    filters.push(sql`(
      ${p.preferredGender} in ('EVERYONE', 'NON_BINARY')
      or ${p.preferredGender} = ${f.gender}
      or (${p.preferredGender} is null and (
        ${users.gender} is null
        or not ${shows("gender")}
        or ${p.orientation} is null
        or ${p.orientation} not in ('STRAIGHT', 'HOMOSEXUAL')
        or (${p.orientation} = 'STRAIGHT' and ${users.gender} <> ${f.gender})
        or (${p.orientation} = 'HOMOSEXUAL' and ${users.gender} = ${f.gender})
      ))
    )`);
  }
  if (me.age !== null)
    filters.push(
      sql`(${p.minAge} is null or ${p.minAge} <= ${me.age}) and (${p.maxAge} is null or ${p.maxAge} >= ${me.age})`,
    );
  if (me.height !== null)
    filters.push(
      sql`(${p.minHeight} is null or ${p.minHeight} <= ${me.height}) and (${p.maxHeight} is null or ${p.maxHeight} >= ${me.height})`,
    );
  for (const [key, c] of Object.entries(LIST_COLUMNS) as [
    keyof typeof LIST_COLUMNS,
    (typeof LIST_COLUMNS)[keyof typeof LIST_COLUMNS],
  ][]) {
    const value = f[CLIENT_VALUE[key]];
    if (value === null) continue;
    filters.push(
      sql`(not coalesce(${key} = any(${p.dealBreakers}), false) or coalesce(cardinality(${c.pref}), 0) = 0 or ${value} = any(${c.pref}))`,
    );
  }

  if (args.ids) where.push(args.ids.length > 0 ? inArray(users.id, args.ids) : sql`false`);
  else where.push(...filters);
  return { own, where: and(...where)! };
}

/** The engine's input columns, masked as the viewer may see them (`own`: the viewer is their matchmaker). */
function inputColumns(own: SQL) {
  const shows = showsTo(own);
  const masked = <T>(field: DisplayableField, column: SQL) =>
    sql<T | null>`case when ${shows(field)} then ${column} end`;
  const cp = clientProfiles;
  const p = clientPreferences;
  return {
    gender: masked<string>("gender", sql`${users.gender}::text`),
    dateOfBirth: masked<string>("age", sql`${cp.dateOfBirth}::text`),
    height: masked<number>("height", sql`${cp.height}`),
    incomeLevel: masked<string>("incomeLevel", sql`${cp.incomeLevel}`),
    country: masked<string>("country", sql`${cp.country}`),
    city: masked<string>("city", sql`${cp.city}`),
    marriageStatus: masked<string>("marriageStatus", sql`${cp.marriageStatus}`),
    faith: masked<string>("faith", sql`${cp.faith}`),
    educationLevel: masked<string>("educationLevel", sql`${cp.educationLevel}`),
    wantsMoreChildren: masked<boolean>("wantsMoreChildren", sql`${cp.wantsMoreChildren}`),
    longDistanceRelationship: masked<boolean>(
      "longDistanceRelationship",
      sql`${cp.longDistanceRelationship}`,
    ),
    openToRelocation: masked<boolean>("openToRelocation", sql`${cp.openToRelocation}`),
    smoking: masked<string>("smoking", sql`${cp.smoking}`),
    alcohol: masked<string>("alcohol", sql`${cp.alcohol}`),
    foodPreferences: masked<string>("foodPreferences", sql`${cp.foodPreferences}`),
    loveLanguage: masked<string>("loveLanguage", sql`${cp.loveLanguage}`),
    familyPlan: masked<string>("familyPlan", sql`${cp.familyPlan}`),
    interests: masked<Record<string, string[]>>("interests", sql`${cp.interests}`),
    narcissism: sql<number | null>`case when ${own} then ${cp.narcissism} end`,
    borderline: sql<number | null>`case when ${own} then ${cp.borderline} end`,
    empathy: sql<number | null>`case when ${own} then ${cp.empathy} end`,
    preferredGender: p.preferredGender,
    orientation: p.orientation,
    minAge: p.minAge,
    maxAge: p.maxAge,
    minHeight: p.minHeight,
    maxHeight: p.maxHeight,
    relationships: p.relationships,
    education: p.education,
    income: p.income,
    prefSmoking: p.smoking,
    prefAlcohol: p.alcohol,
    preferredCities: p.preferredCities,
    dealBreakers: p.dealBreakers,
    weights: p.weights,
  };
}

/** A row of `inputColumns`; the preferences come from a left join, so any of them may be null. */
type InputRow = {
  [K in keyof SelectResultFields<ReturnType<typeof inputColumns>>]:
    | SelectResultFields<ReturnType<typeof inputColumns>>[K]
    | null;
};

// Stored values passed the contract's schemas on the way in; read back as its types.
function toMatchInput(r: InputRow): MatchInput {
  return {
    fields: {
      gender: r.gender,
      dateOfBirth: r.dateOfBirth,
      height: r.height === null ? null : Number(r.height),
      incomeLevel: r.incomeLevel,
      country: r.country,
      city: r.city,
      marriageStatus: r.marriageStatus,
      faith: r.faith,
      educationLevel: r.educationLevel,
      wantsMoreChildren: r.wantsMoreChildren,
      longDistanceRelationship: r.longDistanceRelationship,
      openToRelocation: r.openToRelocation,
      smoking: r.smoking,
      alcohol: r.alcohol,
      foodPreferences: r.foodPreferences,
      loveLanguage: r.loveLanguage,
      familyPlan: r.familyPlan,
      interests: r.interests ?? {},
      psychology: {
        narcissism: r.narcissism === null ? null : Number(r.narcissism),
        borderline: r.borderline === null ? null : Number(r.borderline),
        empathy: r.empathy === null ? null : Number(r.empathy),
      },
    } as MatchFields,
    preferences: {
      preferredGender: r.preferredGender,
      orientation: r.orientation,
      minAge: r.minAge,
      maxAge: r.maxAge,
      minHeight: r.minHeight,
      maxHeight: r.maxHeight,
      relationships: r.relationships ?? [],
      education: r.education ?? [],
      income: r.income ?? [],
      smoking: r.prefSmoking ?? [],
      alcohol: r.prefAlcohol ?? [],
      preferredCities: r.preferredCities ?? [],
      dealBreakers: r.dealBreakers ?? [],
      weights: r.weights ?? {},
    } as MatchPreferences,
  };
}

/**
 * Candidates for `client` (its id and engine input) that pass the hard filters, with their engine
 * input masked by display settings. `matchmakerId` is whose own base counts as own.
 */
export async function prefilterCandidates(
  db: Db,
  args: PoolArgs & { limit?: number },
): Promise<CandidateRow[]> {
  const q = poolQuery(args);
  const rows = await selectMembers(
    db,
    { id: users.id, inviterId: users.inviterId, isOwn: sql<boolean>`${q.own}`, ...inputColumns(q.own) },
    q.where,
    args.limit,
  );
  return rows.map((r) => ({
    id: r.id,
    inviterId: r.inviterId,
    isOwnClient: Boolean(r.isOwn),
    input: toMatchInput(r),
  }));
}

/**
 * Members (users with their profile and preferences) where `where` holds, in id order, at most
 * `limit` (all without one), with `columns`. They come back as one JSON value (an array per
 * member): PGlite decodes each field of a result on its own, and 5,000 members of 40 fields cost
 * several times more to decode that way than to parse as JSON (100,000 members: 5.9 s against
 * 3.0 s).
 */
async function selectMembers<C extends { id: AnyColumn } & Record<string, SQL | AnyColumn>>(
  db: Db,
  columns: C,
  where: SQL,
  limit: number | undefined,
): Promise<SelectResultFields<C>[]> {
  // The id first: the aggregate orders by it.
  const names = ["id", ...Object.keys(columns).filter((name) => name !== "id")];
  const result = (await db.execute(sql`
    select json_agg(json_build_array(${sql.join(
      names.map((_, i) => sql.raw(`m.c${i}`)),
      sql`, `,
    )}) order by m.c0) as members
    from (
      select ${sql.join(
        names.map((name, i) => sql`${columns[name]} as ${sql.raw(`c${i}`)}`),
        sql`, `,
      )}
      from ${users}
      join ${clientProfiles} on ${clientProfiles.userId} = ${users.id}
      left join ${clientPreferences} on ${clientPreferences.userId} = ${users.id}
      where ${where}
      order by ${users.id}
      ${limit === undefined ? sql`` : sql`limit ${sql.raw(String(Math.trunc(limit)))}`}
    ) m`)) as { rows: { members: unknown[][] | null }[] };
  return (result.rows[0]?.members ?? []).map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) row[names[i]!] = values[i] ?? null;
    return row as SelectResultFields<C>;
  });
}

/** A pool member as everyone but their own matchmaker sees them. */
export type SharedMember = { id: string; inviterId: string | null; isPublished: boolean; input: MatchInput };

/**
 * Every pool member (complete, active clients of any matchmaker) read through their display
 * settings, in id order: after `after`, at most `limit` of them, or exactly `ids` (a missing id
 * is not a member). The candidate pool in memory is loaded and refreshed with it.
 */
export async function readSharedMembers(
  db: Db,
  page: { after: string; limit: number } | { ids: string[] },
): Promise<SharedMember[]> {
  if ("ids" in page && page.ids.length === 0) return [];
  const rows = await selectMembers(
    db,
    {
      id: users.id,
      inviterId: users.inviterId,
      isPublished: users.participatesInSearch,
      ...inputColumns(sql`false`),
    },
    and(IS_MEMBER, "ids" in page ? inArray(users.id, page.ids) : gt(users.id, page.after))!,
    "ids" in page ? page.ids.length : page.limit,
  );
  return rows.map((r) => ({
    id: r.id,
    inviterId: r.inviterId,
    isPublished: r.isPublished,
    input: toMatchInput(r),
  }));
}

/** What the learner reads of a person beyond the engine's input, as everyone but their own matchmaker sees it. */
export type LearningExtras = {
  id: string;
  gender: string | null;
  dateOfBirth: string | null;
  faith: string | null;
  interests: Record<string, string[]> | null;
  ethnicity: string | null;
  lookingFor: string | null;
  profession: string | null;
};

/**
 * The answers the learning code reads (`learning/questionnaire.ts`) of these people, through
 * their display settings as any other agency sees them, whatever their status: outcomes are
 * learned from former clients too. Never shown to anyone.
 */
export async function readLearningExtras(
  db: Db | Parameters<Parameters<Db["transaction"]>[0]>[0],
  ids: readonly string[],
): Promise<LearningExtras[]> {
  if (ids.length === 0) return [];
  const shows = showsTo(sql`false`);
  const masked = <T>(field: DisplayableField, column: SQL) =>
    sql<T | null>`case when ${shows(field)} then ${column} end`;
  return db
    .select({
      id: users.id,
      gender: masked<string>("gender", sql`${users.gender}::text`),
      dateOfBirth: masked<string>("age", sql`${clientProfiles.dateOfBirth}::text`),
      faith: masked<string>("faith", sql`${clientProfiles.faith}`),
      interests: masked<Record<string, string[]>>("interests", sql`${clientProfiles.interests}`),
      ethnicity: masked<string>("ethnicity", sql`${clientProfiles.ethnicity}`),
      lookingFor: masked<string>("lookingFor", sql`${clientProfiles.lookingFor}`),
      profession: masked<string>("profession", sql`${clientProfiles.profession}`),
    })
    .from(users)
    .innerJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .where(inArray(users.id, [...ids]));
}
