import type { DeclineReason } from "@matchdesk/contract";
import type { Db } from "../db/client.js";
import { findUserByEmail } from "../modules/users/service.js";
import { seedIntroduction } from "./introductions.js";

const DAY_MS = 86_400_000;
const email = (firstName: string, agencyLogin: string) => `${firstName}.${agencyLogin}@demo.matchdesk.test`;

/**
 * Anna's Sophie (Moscow, 28 to 40) said no to four introductions, twice for age (men of 36-40)
 * and twice for distance (London), and yes to a man in Saint Petersburg: her page shows the
 * declines by reason and the recalibration card (maximum age down, preferred cities Moscow and
 * Saint Petersburg). Olga is left alone: the matching e2e introduces her to the other agencies'
 * published men (Thomas, Andrei).
 */
export async function seedDemoRecalibration(db: Db) {
  const person = async (firstName: string, agencyLogin: string) => {
    const user = await findUserByEmail(db, email(firstName, agencyLogin));
    if (!user?.inviterId) throw new Error(`demo client ${firstName} of ${agencyLogin} is missing`);
    return user;
  };
  const sophie = await person("sophie", "anna-volkova");
  const answers: [string, string, number, "yes" | "no", DeclineReason?][] = [
    ["thomas", "whitmore-hart", 40, "no", "DISTANCE"],
    ["michael", "anna-volkova", 33, "no", "AGE"],
    ["andrei", "serdtse-nevy", 26, "yes"],
    ["oliver", "whitmore-hart", 19, "no", "DISTANCE"],
    ["dmitry", "anna-volkova", 8, "no", "AGE"],
  ];
  for (const [firstName, agencyLogin, daysAgo, answer, reason] of answers) {
    const candidate = await person(firstName, agencyLogin);
    const at = new Date(Date.now() - daysAgo * DAY_MS);
    await seedIntroduction(db, {
      client: { clientId: sophie.id, matchmakerId: sophie.inviterId!, answer, reason, answeredAt: at },
      candidate: { clientId: candidate.id, matchmakerId: candidate.inviterId! },
      status: answer === "no" ? "declined" : "asking_clients",
      createdAt: new Date(at.getTime() - 2 * DAY_MS),
    });
  }
}
