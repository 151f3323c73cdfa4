const MEGABYTE = 1024 * 1024;

/** Memory figures in megabytes with one decimal, in the reader's locale (`12.3 MB`, `12,3 МБ`). */
export function formatMegabytes(bytes: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: "megabyte",
    maximumFractionDigits: 1,
    minimumFractionDigits: 1,
  }).format(bytes / MEGABYTE);
}
