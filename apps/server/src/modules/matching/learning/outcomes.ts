// The outcome ledger: every yes or no a client gave after meeting someone, kept as counts and
// sums that are updated in place as each outcome arrives. Nothing is refitted per outcome or per
// request, and replaying the same outcomes in the same order (`OutcomeLedger.replay`) builds an
// identical ledger: every statistic is a count or a running sum. Pure: no database, no clock.

/** One person's yes or no to another, with the pair's traits as the scorer saw them (`pairTraits`). */
export type Decision = {
  from: string;
  to: string;
  yes: boolean;
  traits: readonly number[];
};

export type Tally = { n: number; yes: number };

/** What a person's own decisions say about the traits they answer yes to. */
export type PreferenceStats = { n: number; yes: number; sum: number[]; sumYes: number[] };

export type LedgerSnapshot = {
  traitCount: number;
  decisions: [string, [string, boolean][]][];
  preferences: [string, PreferenceStats][];
};

const emptyTally = (): Tally => ({ n: 0, yes: 0 });

export class OutcomeLedger {
  private readonly by = new Map<string, Map<string, boolean>>();
  private readonly about = new Map<string, Map<string, boolean>>();
  private readonly givenTally = new Map<string, Tally>();
  private readonly receivedTally = new Map<string, Tally>();
  private readonly prefs = new Map<string, PreferenceStats>();

  /** How many outcomes were recorded: changes with every `record`, so derived fits can be cached by it. */
  version = 0;

  constructor(readonly traitCount: number) {}

  /** A full refit: the same outcomes replayed in order give the same ledger as incremental updates. */
  static replay(traitCount: number, decisions: Iterable<Decision>): OutcomeLedger {
    const ledger = new OutcomeLedger(traitCount);
    for (const d of decisions) ledger.record(d);
    return ledger;
  }

  /** Adds one outcome. A second answer from the same person about the same person replaces the first. */
  record(d: Decision): void {
    if (d.from === d.to) throw new Error("A person cannot decide about themselves");
    if (d.traits.length !== this.traitCount) throw new Error("Wrong number of pair traits");
    this.version++;
    const previous = this.by.get(d.from)?.get(d.to);
    if (previous !== undefined) this.remove(d.from, d.to, previous);
    this.mapOf(this.by, d.from).set(d.to, d.yes);
    this.mapOf(this.about, d.to).set(d.from, d.yes);
    bump(this.tallyOf(this.givenTally, d.from), d.yes, 1);
    bump(this.tallyOf(this.receivedTally, d.to), d.yes, 1);
    const p = this.preferencesOf(d.from);
    p.n++;
    if (d.yes) p.yes++;
    for (let k = 0; k < this.traitCount; k++) {
      p.sum[k]! += d.traits[k]!;
      if (d.yes) p.sumYes[k]! += d.traits[k]!;
    }
    this.traits.set(`${d.from}\u0000${d.to}`, d.traits);
  }

  private readonly traits = new Map<string, readonly number[]>();

  private remove(from: string, to: string, yes: boolean) {
    bump(this.tallyOf(this.givenTally, from), yes, -1);
    bump(this.tallyOf(this.receivedTally, to), yes, -1);
    const p = this.preferencesOf(from);
    const t = this.traits.get(`${from}\u0000${to}`)!;
    p.n--;
    if (yes) p.yes--;
    for (let k = 0; k < this.traitCount; k++) {
      p.sum[k]! -= t[k]!;
      if (yes) p.sumYes[k]! -= t[k]!;
    }
  }

  /** How many yes this person gave, out of how many decisions. */
  given(id: string): Tally {
    return this.givenTally.get(id) ?? emptyTally();
  }
  /** How many yes this person received, out of how many decisions about them. */
  received(id: string): Tally {
    return this.receivedTally.get(id) ?? emptyTally();
  }
  decisionsBy(id: string): ReadonlyMap<string, boolean> {
    return this.by.get(id) ?? EMPTY;
  }
  decisionsAbout(id: string): ReadonlyMap<string, boolean> {
    return this.about.get(id) ?? EMPTY;
  }
  preferences(id: string): PreferenceStats {
    return (
      this.prefs.get(id) ?? {
        n: 0,
        yes: 0,
        sum: new Array<number>(this.traitCount).fill(0),
        sumYes: new Array<number>(this.traitCount).fill(0),
      }
    );
  }
  /** Everyone who gave at least one answer. */
  deciders(): string[] {
    return [...this.by.keys()];
  }

  /** A canonical, order-independent picture of the state, for comparing two ledgers. */
  snapshot(): LedgerSnapshot {
    const sorted = <T>(m: Map<string, T>) =>
      [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return {
      traitCount: this.traitCount,
      decisions: sorted(this.by).map(([id, m]) => [id, sorted(m)]),
      preferences: sorted(this.prefs).map(([id, p]) => [
        id,
        { n: p.n, yes: p.yes, sum: [...p.sum], sumYes: [...p.sumYes] },
      ]),
    };
  }

  private mapOf(m: Map<string, Map<string, boolean>>, id: string) {
    const v = m.get(id) ?? new Map<string, boolean>();
    m.set(id, v);
    return v;
  }
  private tallyOf(m: Map<string, Tally>, id: string) {
    const v = m.get(id) ?? emptyTally();
    m.set(id, v);
    return v;
  }
  private preferencesOf(id: string) {
    const v = this.prefs.get(id) ?? this.preferences(id);
    this.prefs.set(id, v);
    return v;
  }
}

const EMPTY: ReadonlyMap<string, boolean> = new Map();

function bump(t: Tally, yes: boolean, by: 1 | -1) {
  t.n += by;
  if (yes) t.yes += by;
}
