import type { PublicProfileView } from "@matchdesk/contract";

/** What a card calls a person: the first name their matchmaker shows, else nothing (the caller's fallback). */
export function shownName(profile: PublicProfileView): string | null {
  const first = profile.fields.firstName?.trim();
  return first ? first : null;
}
