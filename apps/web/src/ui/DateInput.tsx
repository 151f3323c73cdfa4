import { TextInput } from "@mantine/core";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { withFullCatalog } from "../i18n/i18n";
import { lazyPage } from "../lib/lazy-page";
import { dateInputLocaleOf, formatIsoDay, splitLocalDateTime } from "./date-format";
import type { LocalizedDateInputProps, LocalizedDateTimeInputProps } from "./date-input/props";

// @mantine/dates and dayjs are fetched the first time a date input is shown, never with the shell,
// with the whole catalog (the picker's words are in "rest").
const LazyDateInput = lazyPage<"LocalizedDateInput", LocalizedDateInputProps>(
  withFullCatalog(() => import("./date-input/LocalizedDateInputs")),
  "LocalizedDateInput",
);
const LazyDateTimeInput = lazyPage<"LocalizedDateTimeInput", LocalizedDateTimeInputProps>(
  withFullCatalog(() => import("./date-input/LocalizedDateInputs")),
  "LocalizedDateTimeInput",
);

/**
 * A day typed or picked in the app's language (DD.MM.YYYY in Russian, MM/DD/YYYY in English),
 * whatever the browser's; the value stays an ISO day. Until the picker has loaded, the same field
 * shows read-only.
 */
export function LocalizedDateInput(props: LocalizedDateInputProps) {
  const { i18n } = useTranslation();
  return (
    <Suspense
      fallback={
        <TextInput
          id={props.id}
          label={props.label}
          description={props.description}
          required={props.required}
          error={props.error}
          readOnly
          value={formatIsoDay(props.value, dateInputLocaleOf(i18n.language))}
        />
      }
    >
      <LazyDateInput {...props} />
    </Suspense>
  );
}

/** A meeting's day (as LocalizedDateInput) and its time (24 hours), in the browser's zone. */
export function LocalizedDateTimeInput(props: LocalizedDateTimeInputProps) {
  const { i18n } = useTranslation();
  const { day, time } = splitLocalDateTime(props.value);
  return (
    <Suspense
      fallback={
        <TextInput
          id={props.id}
          label={props.label}
          description={props.description}
          required={props.required}
          error={props.error}
          readOnly
          value={`${formatIsoDay(day, dateInputLocaleOf(i18n.language))} ${time}`.trim()}
        />
      }
    >
      <LazyDateTimeInput {...props} />
    </Suspense>
  );
}
