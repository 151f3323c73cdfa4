import { z } from "zod";
import { BoolParam, PageQuery } from "./common.js";
import { LIMITS } from "./constants.js";
import { Country, Gender, ProfileStatus } from "./enums.js";

// The query strings of the lists whose filters live in the URL (the web app's URL filters are
// computed from them when it is built, apps/web/src/lib/url-queries.ts). Kept apart from the form
// schemas, which bring the phone field and its libphonenumber along.

export const ClientsQuery = PageQuery.extend({
  q: z.string().trim().max(100).optional(),
  profileStatus: ProfileStatus.optional(),
  verified: BoolParam.optional(),
  inSearch: BoolParam.optional(),
  gender: Gender.optional(),
});
export type ClientsQuery = z.infer<typeof ClientsQuery>;

export const DirectoryQuery = PageQuery.extend({
  q: z.string().trim().max(100).optional(),
  country: Country.optional(),
  city: z.string().trim().max(100).optional(),
  verified: BoolParam.optional(),
  minRating: z.coerce.number().int().min(LIMITS.rating.min).max(LIMITS.rating.max).optional(),
});
export type DirectoryQuery = z.infer<typeof DirectoryQuery>;
