/** A whole amount in a currency, in the reader's locale: `€1,000` in en-US, `1 000 €` in ru-RU. */
export function formatMoney(amount: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    currencyDisplay: "narrowSymbol",
    maximumFractionDigits: 0,
  }).format(amount);
}

/** Whole US dollars in the reader's locale: `$1,000` in en-US, `1 000 $` in ru-RU. */
export function formatUsd(amount: number, locale: string): string {
  return formatMoney(amount, "USD", locale);
}
