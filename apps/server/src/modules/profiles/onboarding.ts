import type { CompleteOnboardingBody } from "@matchdesk/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { users } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { AppError, badRequest } from "../../platform/errors.js";
import { isAgencyLoginTaken, saveAgencyBasics } from "../agencies/service.js";
import { getUser } from "../users/service.js";
import { countPhotos } from "./media.js";

/**
 * SPEC 4: only a matchmaker who has not finished onboarding; needs agency name, a free login,
 * a logo or avatar, at least one photo and accepted terms. Answers the updated user.
 */
export async function completeOnboarding(db: Db, caller: SessionUser, body: CompleteOnboardingBody) {
  const user = await getUser(db, caller.id);
  if (user.role !== "INVITER" || user.onboardingCompletedAt) {
    throw new AppError("ONBOARDING_UNAVAILABLE", 409, "Onboarding is unavailable or already completed");
  }
  if (await isAgencyLoginTaken(db, body.login, user.id)) {
    throw new AppError("AGENCY_LOGIN_TAKEN", 409, "This agency login is taken", undefined, {
      login: ["This agency login is taken"],
    });
  }
  if (!user.avatarKey)
    throw badRequest("AVATAR_REQUIRED", "Upload a logo or avatar first", { avatar: ["Required field"] });
  if ((await countPhotos(db, user.id)) === 0) {
    throw badRequest("PHOTO_REQUIRED", "Upload at least one photo first", { photos: ["Required field"] });
  }
  return db.transaction(async (tx) => {
    await saveAgencyBasics(tx as unknown as Db, user.id, { agencyName: body.agencyName, login: body.login });
    const now = new Date();
    const [updated] = await tx
      .update(users)
      .set({ onboardingCompletedAt: now, termsAcceptedAt: user.termsAcceptedAt ?? now, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    return updated!;
  });
}
