import { NativeSelect } from "@mantine/core";
import { COUNTRY_CODES } from "@matchdesk/contract";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { countryName } from "../profile/field-format";

type Props = {
  label: string;
  emptyLabel: string;
  value: string | null;
  onChange: (value: string | null) => void;
  id?: string;
};

/** Countries by their name in the reader's language. */
export function CountrySelect({ label, emptyLabel, value, onChange, id }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const options = useMemo(() => {
    const collator = new Intl.Collator(locale);
    return COUNTRY_CODES.filter((code) => code !== "OTHER")
      .map((code) => ({ value: code, label: countryName(t, code, locale) }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [t, locale]);
  return (
    <NativeSelect
      id={id}
      label={label}
      value={value ?? ""}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      data={[{ value: "", label: emptyLabel }, ...options]}
    />
  );
}

export function useCountryName() {
  const { t, i18n } = useTranslation();
  return (code: string | null) => (code ? countryName(t, code, i18n.language) : "");
}
