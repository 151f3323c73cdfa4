import dayjs from "dayjs";
import customParseFormat from "dayjs/plugin/customParseFormat";
import { DATE_FORMATS, type DateInputLocale } from "../date-format";

dayjs.extend(customParseFormat);

// Strict: "12.04.199" while typing is no day yet, never the year 199. One-digit days and months
// and an ISO day (pasted) are read too.
const ACCEPTED: Record<DateInputLocale, string[]> = {
  "en-US": [DATE_FORMATS["en-US"], "M/D/YYYY", "YYYY-MM-DD"],
  "ru-RU": [DATE_FORMATS["ru-RU"], "D.M.YYYY", "YYYY-MM-DD"],
};

/** What a person typed as an ISO day (`YYYY-MM-DD`), or null while it is not a whole, real day. */
export function parseTypedDay(text: string, locale: DateInputLocale): string | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const parsed = dayjs(trimmed, ACCEPTED[locale], true);
  return parsed.isValid() ? parsed.format("YYYY-MM-DD") : null;
}
