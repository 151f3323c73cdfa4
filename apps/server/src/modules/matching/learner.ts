import type { LearnedChance, LearnedReason } from "@matchdesk/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";

type DbOrTx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

import { type LearningExtras, readLearningExtras } from "./candidates-query.js";
import {
  EMPTY_MATCH_INPUT,
  type MatchFields,
  type MatchInput,
  type PreparedProfile,
  scorePair,
} from "./compatibility-engine.js";
import fittedJson from "./learning/fitted-learner.json" with { type: "json" };
import {
  decisionReasons,
  decisionSignals,
  type FittedLearner,
  matchProbability,
  type Person,
  questionnaireDecision,
} from "./learning/model.js";
import { OutcomeLedger } from "./learning/outcomes.js";
import {
  PAIR_TRAITS,
  type PreparedLearningProfile,
  pairTraits,
  prepareLearningProfile,
  questionnaireFeatures,
  statedWeights,
} from "./learning/questionnaire.js";
import { MIN_CONTRIBUTORS } from "./learning/signals.js";

// Learning in the product (issue 15, part 2): the outcome ledger built from what clients answered
// (each yes or no to an introduction, and "meet again" after a date, which replaces it), and the
// chance that both say yes it gives a pair.
//
// - What is fitted (the questionnaire model, the population priors, how the signals combine) is
//   fitted offline on the speed-dating data (`npm run fit:matching`, fitted-learner.json): a few
//   dozen coefficients, the same for everyone.
// - What is learned here is per person: the ledger of who answered what about whom. A full refit
//   (`refit`) rebuilds it from the database in one transaction under an advisory lock (instances
//   refit one at a time, so a refit never loads the database twice at once); between refits
//   `sync` reads only the answers given since it last looked and records them one by one, after
//   every answer recorded here and at most every SYNC_MS on a read, so other instances' answers
//   arrive too. Nothing is refitted per request.
// - Privacy: every signal built from other people's answers counts only when at least
//   MIN_CONTRIBUTORS different people stand behind it, whichever agency they belong to, and the
//   reasons say what moved the chance, never who.

const FITTED = fittedJson as unknown as FittedLearner;

/** Refit lock (pg_advisory_xact_lock key): one instance rebuilds its ledger at a time. */
const REFIT_LOCK = 15_002;
/** How often a read looks for answers given elsewhere, and how often the full refit runs. */
const SYNC_MS = 10_000;
const REFIT_MS = 60 * 60_000;
/** Answers committed late can carry an earlier time: each sync rereads this far back (re-recording is idempotent). */
const OVERLAP_MS = 5 * 60_000;

type Outcome = { from: string; to: string; yes: boolean; at: Date };

/** Every answer (or only those from `since` on), oldest first; a tie is broken by the two ids. */
async function readOutcomes(db: DbOrTx, since: Date | null): Promise<Outcome[]> {
  const after = since ? sql`and t.at >= ${since.toISOString()}::timestamptz` : sql``;
  const result = (await db.execute(sql`
    select t.from_id, t.to_id, t.yes, t.at from (
      select s.client_id as from_id,
             case when i.client_id = s.client_id then i.candidate_id else i.client_id end as to_id,
             s.answer = 'yes' as yes, s.answered_at as at
        from introduction_sides s join introductions i on i.id = s.introduction_id
       where s.answer is not null and s.answered_at is not null
      union all
      select f.client_id,
             case when i.client_id = f.client_id then i.candidate_id else i.client_id end,
             f.meet_again = 'yes', f.created_at
        from introduction_feedback f join introductions i on i.id = f.introduction_id
       where f.meet_again <> 'maybe'
    ) t
    -- An erased person's answers, and answers about them, teach nothing any more (issue 20).
    where not exists (select 1 from users u where u.id in (t.from_id, t.to_id) and u.erased_at is not null)
    ${after}
    order by t.at, t.from_id, t.to_id`)) as unknown as {
    rows: { from_id: string; to_id: string; yes: boolean; at: string | Date }[];
  };
  return result.rows.map((r) => ({ from: r.from_id, to: r.to_id, yes: r.yes, at: new Date(r.at) }));
}

/** The learner's reading of a person: the engine's input (if known) and the extras. */
function prepare(extras: LearningExtras | undefined, input: MatchInput | null, today: Date) {
  const fields: MatchFields = input
    ? input.fields
    : {
        ...EMPTY_MATCH_INPUT.fields,
        gender: (extras?.gender ?? null) as MatchFields["gender"],
        dateOfBirth: extras?.dateOfBirth ?? null,
        faith: (extras?.faith ?? null) as MatchFields["faith"],
        interests: extras?.interests ?? {},
      };
  return prepareLearningProfile(
    {
      match: { fields, preferences: input?.preferences ?? EMPTY_MATCH_INPUT.preferences },
      ethnicity: (extras?.ethnicity ?? null) as never,
      lookingFor: (extras?.lookingFor ?? null) as never,
      profession: extras?.profession ?? null,
      importance: {},
    },
    today,
  );
}

/** The learner's reading of a pool member: the engine's prepared profile and the extras. */
export function preparedFromEngine(
  engine: PreparedProfile,
  extras: LearningExtras | undefined,
): PreparedLearningProfile {
  const interests = new Set<string>();
  for (const [cat, values] of engine.interests) for (const v of values) interests.add(`${cat}:${v}`);
  return {
    engine,
    age: engine.age,
    faith: engine.faith,
    ethnicity: extras?.ethnicity === "PREFER_NOT_TO_SAY" ? null : (extras?.ethnicity ?? null),
    lookingFor: extras?.lookingFor ?? null,
    profession: extras?.profession?.trim().toLowerCase() || null,
    interests,
    importance: {},
  };
}

/** The fitted priors are keyed by the speed-dating data's gender codes (0 women, 1 men). */
const groupOfGender = (gender: string | null | undefined) =>
  gender === "FEMALE" ? "gender:0" : gender === "MALE" ? "gender:1" : "gender:";

export class OutcomeLearner {
  private ledger = new OutcomeLedger(PAIR_TRAITS.length);
  /** When each recorded answer was given, by "from>to": an older answer never replaces a newer one. */
  private at = new Map<string, number>();
  private people = new Map<string, { person: Person; prepared: PreparedLearningProfile }>();
  private watermark: Date | null = null;
  private lastSync = 0;
  private lastRefit = 0;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly today: () => Date = () => new Date(),
  ) {}

  /** How many answers the ledger holds. */
  get outcomes(): number {
    return this.at.size;
  }

  /** The ledger's canonical content (tests compare an incremental ledger with a refit). */
  snapshot() {
    return this.ledger.snapshot();
  }

  /** Rebuilds the ledger from every stored answer. */
  async refit(): Promise<void> {
    await this.serial(() => this.rebuild());
  }

  private async rebuild(): Promise<void> {
    const { list, people } = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${REFIT_LOCK})`);
      const list = await readOutcomes(tx, null);
      return { list, people: await this.readPeople(tx, list) };
    });
    const ledger = new OutcomeLedger(PAIR_TRAITS.length);
    const at = new Map<string, number>();
    for (const o of list) this.apply(ledger, at, people, o);
    this.ledger = ledger;
    this.at = at;
    this.people = people;
    this.watermark = list.at(-1)?.at ?? this.watermark;
    this.lastRefit = this.lastSync = Date.now();
  }

  /** Records the answers given since the last look (or refits, the first time and every REFIT_MS). */
  async sync(): Promise<void> {
    await this.serial(async () => {
      // Decided in turn: requests that queued behind a refit read what it built, not refit again.
      if (this.lastRefit === 0 || Date.now() - this.lastRefit > REFIT_MS) return this.rebuild();
      const since = this.watermark ? new Date(this.watermark.getTime() - OVERLAP_MS) : null;
      const list = await readOutcomes(this.db, since);
      const fresh = list.filter((o) => !this.people.has(o.from) || !this.people.has(o.to));
      if (fresh.length > 0)
        for (const [id, p] of await this.readPeople(this.db, fresh)) this.people.set(id, p);
      for (const o of list) this.apply(this.ledger, this.at, this.people, o);
      if (list.length > 0) this.watermark = list.at(-1)!.at;
      this.lastSync = Date.now();
    });
  }

  /**
   * Someone was erased (or, with null, erasures may have been missed): the ledger is rebuilt
   * without their answers. Nothing to do before the first refit, or when the ledger never held
   * an answer by or about them.
   */
  async forget(id: string | null): Promise<void> {
    if (this.lastRefit === 0) return;
    if (id !== null && !this.people.has(id)) return;
    await this.refit();
  }

  /** `sync` unless one ran within SYNC_MS: what a read calls. */
  async fresh(): Promise<void> {
    if (this.lastRefit === 0 || Date.now() - this.lastSync > SYNC_MS) await this.sync();
  }

  /**
   * The chance that both say yes, for `client` (as their matchmaker sees them) and `candidate`
   * (as shown to that matchmaker). Without history on either side: the chance the questionnaires
   * alone give, learnedFrom 0, no reasons.
   */
  chance(
    client: { id: string; input: MatchInput },
    candidate: { id: string; input: MatchInput },
    extras: ReadonlyMap<string, LearningExtras>,
  ): LearnedChance {
    const today = this.today();
    return this.chanceOfPrepared(
      { id: client.id, prepared: prepare(extras.get(client.id), client.input, today) },
      { id: candidate.id, prepared: prepare(extras.get(candidate.id), candidate.input, today) },
    );
  }

  /** Whether the ledger holds any answer by or about this person. */
  hasHistory(id: string): boolean {
    return this.ledger.given(id).n > 0 || this.ledger.received(id).n > 0;
  }

  /** `chance` for people already prepared (the ranking's best candidates, prepared once for the re-order). */
  chanceOfPrepared(
    client: { id: string; prepared: PreparedLearningProfile },
    candidate: { id: string; prepared: PreparedLearningProfile },
  ): LearnedChance {
    const a = client.prepared;
    const b = candidate.prepared;
    const qa = questionnaireFeatures(a, b, scorePair(a.engine, b.engine));
    const qb = questionnaireFeatures(b, a, scorePair(b.engine, a.engine));
    const qDec = questionnaireDecision(FITTED, qa);
    const qBack = questionnaireDecision(FITTED, qb);
    const personOf = (id: string, p: PreparedLearningProfile, gender: string | null | undefined): Person =>
      this.people.get(id)?.person ?? { id, group: groupOfGender(gender), stated: statedWeights(p) };
    const pa = personOf(client.id, a, a.engine.gender);
    const pb = personOf(candidate.id, b, b.engine.gender);
    const groupOf = (id: string) => this.people.get(id)?.person.group ?? "gender:";
    const options = { minContributors: MIN_CONTRIBUTORS, groupOf };
    const s = decisionSignals(this.ledger, FITTED.priors, pa, pb, pairTraits(a, b), qDec, options);
    // The reverse direction's decider is the candidate, usually another agency's client: their own
    // answers (how often they say yes, to what) count only from MIN_CONTRIBUTORS answers on.
    const back = decisionSignals(this.ledger, FITTED.priors, pb, pa, pairTraits(b, a), qBack, {
      ...options,
      ownMinContributors: MIN_CONTRIBUTORS,
    });
    const history = s.history || back.history;
    return {
      mutualChance: matchProbability(FITTED, s, back),
      learnedFrom: history ? this.outcomes : 0,
      reasons: history
        ? decisionReasons(FITTED, s)
            // The report shows the questionnaire's own percentage: reasons say what outcomes taught.
            .filter((r) => r.key !== "questionnaireFit" && r.key !== "questionnaireMisfit")
            .slice(0, 3)
            .map((r) => r.key as LearnedReason)
        : [],
    };
  }

  private async readPeople(db: DbOrTx, list: readonly Outcome[]) {
    const ids = [...new Set(list.flatMap((o) => [o.from, o.to]))].sort();
    const people = new Map<string, { person: Person; prepared: PreparedLearningProfile }>();
    const today = this.today();
    for (let i = 0; i < ids.length; i += 1000) {
      for (const extras of await readLearningExtras(db, ids.slice(i, i + 1000))) {
        const prepared = prepare(extras, null, today);
        people.set(extras.id, {
          person: { id: extras.id, group: groupOfGender(extras.gender), stated: statedWeights(prepared) },
          prepared,
        });
      }
    }
    return people;
  }

  private apply(
    ledger: OutcomeLedger,
    at: Map<string, number>,
    people: ReadonlyMap<string, { prepared: PreparedLearningProfile }>,
    o: Outcome,
  ) {
    const a = people.get(o.from);
    const b = people.get(o.to);
    if (!a || !b || o.from === o.to) return; // a person without a questionnaire teaches nothing
    const key = `${o.from}>${o.to}`;
    const when = o.at.getTime();
    if ((at.get(key) ?? Number.NEGATIVE_INFINITY) > when) return;
    at.set(key, when);
    ledger.record({ from: o.from, to: o.to, yes: o.yes, traits: pairTraits(a.prepared, b.prepared) });
  }

  /** One refit or sync at a time in this process. */
  private async serial(work: () => Promise<void>) {
    while (this.running) await this.running.catch(() => {});
    const mine = work();
    this.running = mine;
    try {
      await mine;
    } finally {
      if (this.running === mine) this.running = null;
    }
  }
}

const learners = new WeakMap<Db, OutcomeLearner>();

/** The process's learner for a database. */
export function learnerFor(db: Db): OutcomeLearner {
  let learner = learners.get(db);
  if (!learner) {
    learner = new OutcomeLearner(db);
    learners.set(db, learner);
  }
  return learner;
}

/** After an answer was stored: the learner records it now (a failure only delays it to the next sync). */
export async function outcomeRecorded(db: Db, log?: { warn(obj: object, msg: string): void }) {
  try {
    await learnerFor(db).sync();
  } catch (err) {
    log?.warn({ err }, "learning sync failed");
  }
}

/** The periodic full refit, at start and every REFIT_MS, without keeping the process alive. */
export function startLearning(db: Db, log: { warn(obj: object, msg: string): void }): () => void {
  const run = () =>
    learnerFor(db)
      .refit()
      .catch((err) => log.warn({ err }, "learning refit failed"));
  void run();
  const timer = setInterval(run, REFIT_MS);
  timer.unref();
  return () => clearInterval(timer);
}
