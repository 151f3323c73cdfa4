import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";

/**
 * The country a number written without its country code belongs to: the product's home (SPEC 1,
 * a Russian-speaking market), as the CSV import has always read such numbers.
 */
export const PHONE_DEFAULT_REGION = "RU";

const regionOf = (country: string | null | undefined): CountryCode =>
  country && /^[A-Z]{2}$/.test(country) ? (country as CountryCode) : PHONE_DEFAULT_REGION;

/**
 * The one phone normalization of the product (issue 17, item 11): a number however it was written
 * ("+7 912 000-00-00", "8 (912) 000-00-00", "9120000000") as its E.164 form ("+79120000000"), or
 * null when libphonenumber does not read it as a valid number. A number without a country code is
 * read as `country`'s (a questionnaire's country code), else as the default region's.
 */
export function normalizePhone(raw: string, country?: string | null): string | null {
  // Letters are never part of a number (libphonenumber would read "call 8912..." as one).
  if (!/^[+\d\s().-]+$/.test(raw.trim())) return null;
  const parsed = parsePhoneNumberFromString(raw.trim(), regionOf(country));
  return parsed?.isValid() ? parsed.number : null;
}

/** A stored number as people read it ("+7 912 000 00 00"); one not read as valid, as stored. */
export function formatPhone(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone, PHONE_DEFAULT_REGION);
  return parsed?.isValid() ? parsed.formatInternational() : phone;
}

/**
 * A phone as one comparison key however it was written: its E.164 form when it is a valid number,
 * else its digits (a stored number from before normalization still meets its own digits).
 */
export function phoneKey(raw: string, country?: string | null): string {
  return normalizePhone(raw, country) ?? raw.replace(/\D/g, "");
}

/**
 * The digit strings a search box's text stands for when it looks like (part of) a phone number, or
 * null when it does not: the number's E.164 digits when it is a whole valid number, else the
 * digits typed, and for a partial number written with the Russian trunk prefix 8 also the same
 * digits with the country code 7 (how every Russian number is stored).
 */
export function phoneSearchDigits(query: string): string[] | null {
  const q = query.trim();
  const digits = q.replace(/\D/g, "");
  if (!/^[+\d\s().-]+$/.test(q) || digits.length < 3) return null;
  const whole = normalizePhone(q);
  if (whole) return [whole.slice(1)];
  const variants = [digits];
  if (!q.startsWith("+") && digits.startsWith("8") && digits.length > 1) variants.push(`7${digits.slice(1)}`);
  return variants;
}

/**
 * The country a number typed without its country code is read as, first known of (issue 17
 * follow-up A): the client's questionnaire country, then the country of the agency (the
 * matchmaker's profile), then the language of the account the number belongs to (`ru-RU` -> RU,
 * `en-US` -> US: the region part of the locale), and only then the product's home,
 * `PHONE_DEFAULT_REGION`. A number written with its "+" country code is read as written anyway.
 */
export function phoneRegion(o: {
  country?: string | null;
  agencyCountry?: string | null;
  locale?: string | null;
}): CountryCode {
  for (const candidate of [o.country, o.agencyCountry, o.locale?.split("-")[1]]) {
    if (candidate && /^[A-Z]{2}$/.test(candidate)) return candidate as CountryCode;
  }
  return PHONE_DEFAULT_REGION;
}

/**
 * A phone as typed into a client's card or questionnaire: only the characters numbers are written
 * with and a plausible count of digits. Whether it is a valid number depends on the country it
 * is read in (`phoneRegion`), so the server normalizes it (`normalizePhone`) where it knows the
 * client and answers a field error on `phone` when it is not valid there.
 */
export const PhoneInput = z
  .string()
  .trim()
  .max(40, { message: "Invalid phone" })
  .refine(
    (v) => /^[+\d\s().-]+$/.test(v) && v.replace(/\D/g, "").length >= 5 && v.replace(/\D/g, "").length <= 17,
    { message: "Invalid phone" },
  );

/**
 * A phone as the API takes it: any common way of writing a valid number, stored as E.164 (the
 * default region's when the number has no country code). `overwrite` keeps the schema usable in
 * an answer's schema too (an E.164 number writes back unchanged).
 */
export const Phone = z
  .string()
  .trim()
  .max(40, { message: "Invalid phone" })
  .refine((v) => normalizePhone(v) !== null, { message: "Invalid phone" })
  .overwrite((v) => normalizePhone(v) ?? v);
