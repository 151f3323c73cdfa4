/**
 * How a calendar day is typed and shown in a date input, by the app's language (not the
 * browser's): `DD.MM.YYYY` in Russian, `MM/DD/YYYY` in American English. The value the forms
 * and the API exchange stays an ISO day, `YYYY-MM-DD`.
 */
export type DateInputLocale = "en-US" | "ru-RU";

export const dateInputLocaleOf = (language: string): DateInputLocale =>
  language === "en-US" ? "en-US" : "ru-RU";

/** The dayjs format a day is typed and shown in. */
export const DATE_FORMATS: Record<DateInputLocale, string> = {
  "en-US": "MM/DD/YYYY",
  "ru-RU": "DD.MM.YYYY",
};

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An ISO day as typed in `locale` ("1991-04-12" -> "12.04.1991"); "" for nothing or an unreadable value. */
export function formatIsoDay(iso: string | null | undefined, locale: DateInputLocale): string {
  const match = iso ? ISO_DAY.exec(iso) : null;
  if (!match) return "";
  const [, year, month, day] = match;
  return locale === "en-US" ? `${month}/${day}/${year}` : `${day}.${month}.${year}`;
}

/** A `YYYY-MM-DDTHH:mm` local date-time split into its day and its time; empty parts for nothing. */
export function splitLocalDateTime(value: string | null | undefined): { day: string; time: string } {
  const match = value ? /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value) : null;
  return match ? { day: match[1]!, time: match[2]! } : { day: "", time: "" };
}

/** A day and a time back as `YYYY-MM-DDTHH:mm`; "" until both are there. */
export function joinLocalDateTime(day: string | null | undefined, time: string | null | undefined): string {
  const hhmm = time ? /^(\d{2}):(\d{2})/.exec(time) : null;
  if (!day || !ISO_DAY.test(day) || !hhmm) return "";
  return `${day}T${hhmm[1]}:${hhmm[2]}`;
}
