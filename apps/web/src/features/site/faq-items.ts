/** Questions of the FAQ in the order shown; texts live in the catalogs under `faq.items.<id>`. */
export const FAQ_ITEM_IDS = [
  "freeMatching",
  "quiz",
  "likes",
  "aiCost",
  "result",
  "clientsJoin",
  "clientCost",
  "privacy",
  "crossAgency",
  "reviews",
  "subscription",
  "photos",
  "languages",
  "academy",
] as const;
export type FaqItemId = (typeof FAQ_ITEM_IDS)[number];

/** The short list the landing page shows. */
export const LANDING_FAQ_IDS: readonly FaqItemId[] = [
  "freeMatching",
  "quiz",
  "likes",
  "aiCost",
  "clientsJoin",
  "clientCost",
];
