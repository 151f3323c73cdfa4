import type { ProfilePatchBody } from "@matchdesk/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { introductions, users } from "../db/schema/index.js";
import { writeClientProfile } from "../modules/profiles/service.js";
import { seedIntroduction } from "./introductions.js";
import { seedClient } from "./seed.js";

// Past outcomes for the demo, so the score validity page and the learned chances have something
// to show: each demo agency has six former clients (three women, three men, now inactive, so not
// in anyone's candidates) who were introduced over the last six months to the other agencies'
// former clients and answered yes or no. Deterministic: a fixed pseudo-random sequence.
//
// Each person has a latent pickiness and appeal; an answer is yes with probability
// sigmoid(-0.4 + pickiness + appeal of the other). The chance kept on each introduction is what
// a decent model would have said: the true mutual probability, blurred. These are fixtures, as
// the rest of the demo is; the validity page then reads them like any other outcome.

const DAY_MS = 86_400_000;
const PER_GENDER = 3;

export type DemoOutcomeAgency = {
  matchmakerId: string;
  login: string;
  city: string;
  country: ProfilePatchBody["country"];
  password: string;
};

/** mulberry32: a small, fixed pseudo-random sequence. */
function sequence(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
const logit = (p: number) => Math.log(p / (1 - p));

const WOMEN = ["Irina", "Maria", "Natalia", "Emma", "Chloe", "Daria"];
const MEN = ["Pavel", "Sergei", "Andrei", "Oliver", "Henry", "Roman"];
const LAST = ["Former", "Earlier", "Past"];
const INTERESTS = [
  { travel: ["Hiking"], music: ["Jazz"] },
  { movie: ["Cinema"], food_and_drinks: ["Cooking"] },
  { sports: ["Tennis"], travel: ["Italy"] },
  { creativity: ["Painting"], music: ["Classical"] },
];

type Former = { id: string; agency: number; gender: "FEMALE" | "MALE"; pickiness: number; appeal: number };

export async function seedDemoOutcomes(db: Db, agencies: readonly DemoOutcomeAgency[]) {
  const random = sequence(15);
  const normal = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
  const year = new Date(Date.now() - 365 * DAY_MS);
  const formers: Former[] = [];
  for (const [k, agency] of agencies.entries()) {
    for (const gender of ["FEMALE", "MALE"] as const)
      for (let i = 0; i < PER_GENDER; i++) {
        const firstName = (gender === "FEMALE" ? WOMEN : MEN)[(k * PER_GENDER + i) % 6]!;
        const lastName = LAST[i]!;
        const user = await seedClient(db, agency.matchmakerId, {
          firstName,
          lastName,
          email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}.${agency.login}@demo.matchdesk.test`,
          password: agency.password,
          isDemo: true,
        });
        await writeClientProfile(
          db,
          user,
          {
            gender,
            dateOfBirth: `${1984 + ((k * 7 + i * 3) % 12)}-0${1 + i}-15`,
            country: agency.country,
            city: agency.city,
            ethnicity: i === 2 ? "ASIAN" : "WHITE",
            lookingFor: i === 1 ? "SERIOUS_RELATIONSHIP" : "MARRIAGE",
            interests: INTERESTS[(k + i) % INTERESTS.length]!,
          },
          { announce: false },
        );
        // Former clients: inactive, and listed after the agency's current ones.
        await db
          .update(users)
          .set({ status: "inactive", createdAt: year, updatedAt: year })
          .where(eq(users.id, user.id));
        formers.push({ id: user.id, agency: k, gender, pickiness: 0.8 * normal(), appeal: 0.8 * normal() });
      }
  }
  const matchmakerOf = (f: Former) => agencies[f.agency]!.matchmakerId;
  const pairs: [Former, Former][] = [];
  for (const woman of formers.filter((f) => f.gender === "FEMALE"))
    for (const man of formers.filter((f) => f.gender === "MALE"))
      if (woman.agency !== man.agency) pairs.push(woman.agency < man.agency ? [woman, man] : [man, woman]);
  for (const [n, [a, b]] of pairs.entries()) {
    const pa = sigmoid(-0.4 + a.pickiness + b.appeal);
    const pb = sigmoid(-0.4 + b.pickiness + a.appeal);
    const yesA = random() < pa;
    const yesB = random() < pb;
    const predicted = Math.min(0.95, Math.max(0.02, sigmoid(logit(pa * pb) + 0.6 * normal())));
    const createdAt = new Date(Date.now() - (175 - Math.floor((n * 170) / pairs.length)) * DAY_MS);
    const answeredAt = new Date(createdAt.getTime() + 3 * DAY_MS);
    const row = await seedIntroduction(db, {
      client: { clientId: a.id, matchmakerId: matchmakerOf(a), answer: yesA ? "yes" : "no", answeredAt },
      candidate: {
        clientId: b.id,
        matchmakerId: matchmakerOf(b),
        // A client whose partner already said no is not asked.
        ...(yesA && { answer: yesB ? "yes" : "no", answeredAt }),
      },
      status: yesA && yesB ? "ended" : "declined",
      createdAt,
      ...(yesA && yesB && { introducedAt: answeredAt }),
    });
    await db
      .update(introductions)
      .set({ predictedChance: predicted, updatedAt: answeredAt })
      .where(eq(introductions.id, row.id));
  }
}
