import type { CompleteOnboardingBody } from "@matchdesk/contract";
import type { Db } from "../../db/client.js";
import type { SessionUser } from "../../platform/access.js";
import { AppError, badRequest, isUniqueViolation } from "../../platform/errors.js";
import { isAgencyLoginTaken, saveAgencyBasics } from "../agencies/service.js";
import { getUser, markOnboarded, setListed } from "../users/service.js";
import { countPhotos } from "./media.js";

const loginTaken = () =>
  new AppError("AGENCY_LOGIN_TAKEN", 409, "This agency login is taken", undefined, {
    login: ["This agency login is taken"],
  });

/**
 * SPEC 4: only a matchmaker who has not finished onboarding; needs agency name, a free login,
 * a logo or avatar, at least one photo and accepted terms; listed in the directory unless the
 * matchmaker chose not to be. Answers the updated user.
 */
export async function completeOnboarding(db: Db, caller: SessionUser, body: CompleteOnboardingBody) {
  const user = await getUser(db, caller.id);
  if (user.role !== "INVITER" || user.onboardingCompletedAt) {
    throw new AppError("ONBOARDING_UNAVAILABLE", 409, "Onboarding is unavailable or already completed");
  }
  if (await isAgencyLoginTaken(db, body.login, user.id)) {
    throw loginTaken();
  }
  if (!user.avatarKey)
    throw badRequest("AVATAR_REQUIRED", "Upload a logo or avatar first", { avatar: ["Required field"] });
  if ((await countPhotos(db, user.id)) === 0) {
    throw badRequest("PHOTO_REQUIRED", "Upload at least one photo first", { photos: ["Required field"] });
  }
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await saveAgencyBasics(txDb, user.id, { agencyName: body.agencyName, login: body.login }).catch(
      (error) => {
        // Two agencies claiming one login at once: the unique index decides.
        if (isUniqueViolation(error)) throw loginTaken();
        throw error;
      },
    );
    await setListed(txDb, user.id, body.isListed);
    return markOnboarded(txDb, user);
  });
}
