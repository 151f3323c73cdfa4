/** The parts of a client's data an access-log entry names, each with a text in the catalogs. */
export const ACCESS_AREAS = [
  "certificates",
  "photos",
  "displaySettings",
  "password",
  "packages",
  "recalibration",
  "candidates",
  "consentLedger",
  "consents",
  "retention",
  "contacts",
  "introductions",
  "export",
  "csvExport",
  "csvImport",
  "lists",
  "publicProfile",
  "editLink",
  "invite",
  "profile",
  "account",
  "other",
] as const;
export type AccessArea = (typeof ACCESS_AREAS)[number];

// The first rule whose pattern the route's path matches names the area.
const RULES: readonly [RegExp, AccessArea][] = [
  [/^\/api\/clients\/export$/, "csvExport"],
  // A page of a list showed the client: the client list, the shared search, the introductions,
  // the compatibility results, the packages overview.
  [/^\/api\/(clients|search\/profiles|introductions|matching\/results|packages\/overview)$/, "lists"],
  [/^\/api\/clients\/import$/, "csvImport"],
  [/^\/api\/public\/profiles\//, "publicProfile"],
  [/\/certificates(\/|$)/, "certificates"],
  // Of the files, only a client's certificates are recorded (their download).
  [/^\/api\/files\//, "certificates"],
  [/\/(gallery|avatar)(\/|$)/, "photos"],
  [/\/display-settings$/, "displaySettings"],
  [/\/password$/, "password"],
  [/\/packages(\/|$)/, "packages"],
  [/\/recalibration(\/|$)/, "recalibration"],
  [/\/candidates(\/|$)/, "candidates"],
  [/\/consent-ledger$/, "consentLedger"],
  [/\/clients\/:id\/consents$/, "consents"],
  [/\/clients\/:id\/retention$/, "retention"],
  [/\/contacts$/, "contacts"],
  [/\/introductions\//, "introductions"],
  [/\/export$/, "export"],
  [/\/edit-link$/, "editLink"],
  [/\/resend-invite$/, "invite"],
  [/\/profiles\/:id$/, "profile"],
  [/\/clients\/:id(\/(verification|search|status|email))?$/, "account"],
];

/** The area of a log entry's route (`GET /api/clients/:id/packages` → packages). */
export function accessArea(what: string): AccessArea {
  const path = what.split(" ")[1] ?? "";
  return RULES.find(([pattern]) => pattern.test(path))?.[1] ?? "other";
}
