const KILOBYTE = 1024;
const MEGABYTE = 1024 * KILOBYTE;

/** A file's size for people, in the reader's locale: `840 KB`, `1.4 MB` (`840 кБ`, `1,4 МБ`). */
export function formatFileSize(bytes: number, locale: string): string {
  const isLarge = bytes >= MEGABYTE;
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: isLarge ? "megabyte" : "kilobyte",
    maximumFractionDigits: isLarge ? 1 : 0,
  }).format(isLarge ? bytes / MEGABYTE : Math.max(1, Math.round(bytes / KILOBYTE)));
}
