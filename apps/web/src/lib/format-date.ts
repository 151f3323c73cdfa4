const pad = (value: number) => String(value).padStart(2, "0");

/** SPEC 9: every date is shown as `dd.mm.yyyy hh:mm` in UTC; an unreadable value shows as "". */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const day = pad(date.getUTCDate());
  const month = pad(date.getUTCMonth() + 1);
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
  return `${day}.${month}.${date.getUTCFullYear()} ${time}`;
}

/** SPEC 9 without the time, for calendar dates such as a date of birth: `dd.mm.yyyy`. */
export function formatDate(value: string | number | Date | null | undefined): string {
  return formatDateTime(value).slice(0, 10);
}
