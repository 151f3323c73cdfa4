import { type CompleteOnboardingBody, profilesApi } from "@matchdesk/contract";
import { call } from "../../lib/api";

/** Finishes a matchmaker's onboarding (SPEC 4); answers the updated user. */
export const completeOnboarding = (body: CompleteOnboardingBody) =>
  call(profilesApi.completeOnboarding, { body });
