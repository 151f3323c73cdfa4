import type { IntroductionSettings } from "@matchdesk/contract";

const DAY_MS = 86_400_000;

export type OpenQuestion = {
  askedAt: Date;
  expiresAt: Date;
  remindersSent: number;
  matchmakerAlerted: boolean;
};

/**
 * What is due for an unanswered question at `now` under the agency's days, and when the next
 * step falls (null once it expired): the reminders owed so far, whether the matchmaker is to be
 * told, whether it expired. Several days passed at once owe one reminder, not several.
 */
export function nudgesDue(q: OpenQuestion, s: IntroductionSettings, now: Date) {
  const at = (days: number) => q.askedAt.getTime() + days * DAY_MS;
  const t = now.getTime();
  const expired = q.expiresAt.getTime() <= t;
  const reminders = [...s.reminderDays].sort((a, b) => a - b).filter((d) => at(d) < q.expiresAt.getTime());
  const owed = reminders.filter((d) => at(d) <= t).length;
  const alert = !q.matchmakerAlerted && at(s.matchmakerAlertDay) <= t && !expired;
  const future = [
    ...reminders.map(at),
    ...(q.matchmakerAlerted || alert ? [] : [at(s.matchmakerAlertDay)]),
    q.expiresAt.getTime(),
  ].filter((x) => x > t);
  return {
    remind: !expired && owed > q.remindersSent,
    remindersSent: Math.max(owed, q.remindersSent),
    alert,
    expired,
    next: expired || future.length === 0 ? null : new Date(Math.min(...future)),
  };
}

/**
 * The same days for a matchmaker who has not yet asked their client since the match: reminders
 * to the matchmaker on the reminder days, and the introduction expires on the expiry day, both
 * counted from the match (there is no one further to alert).
 */
export function unaskedDue(
  q: { matchedAt: Date; expiresAt: Date; remindersSent: number },
  s: IntroductionSettings,
  now: Date,
) {
  const { alert: _none, ...due } = nudgesDue(
    { askedAt: q.matchedAt, expiresAt: q.expiresAt, remindersSent: q.remindersSent, matchmakerAlerted: true },
    s,
    now,
  );
  return due;
}
