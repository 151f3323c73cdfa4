// Loaded only with a page or dialog that shows a date input (see ../DateInput.tsx): @mantine/dates,
// its styles and dayjs stay out of the landing page and the app shell.
import "@mantine/dates/styles.css";
import "dayjs/locale/ru";
import { Group } from "@mantine/core";
import { DateInput, DatesProvider, TimePicker } from "@mantine/dates";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  DATE_FORMATS,
  type DateInputLocale,
  dateInputLocaleOf,
  formatIsoDay,
  joinLocalDateTime,
  splitLocalDateTime,
} from "../date-format";
import { parseTypedDay } from "./parse-day";
import type { LocalizedDateInputProps, LocalizedDateTimeInputProps } from "./props";

const DAYJS_LOCALE: Record<DateInputLocale, string> = { "en-US": "en", "ru-RU": "ru" };

/** The calendar in the app's language: Monday first in Russian, Sunday in American English. */
function LocalizedDates({ locale, children }: { locale: DateInputLocale; children: ReactNode }) {
  return (
    <DatesProvider
      settings={{
        locale: DAYJS_LOCALE[locale],
        firstDayOfWeek: locale === "ru-RU" ? 1 : 0,
        // Weekends in red and other months' days in grey are below AA contrast (axe).
        weekendDays: [],
      }}
    >
      {children}
    </DatesProvider>
  );
}

function useDayInputProps() {
  const { t, i18n } = useTranslation();
  const locale = dateInputLocaleOf(i18n.language);
  return {
    locale,
    props: {
      valueFormat: DATE_FORMATS[locale],
      dateParser: (text: string) => parseTypedDay(text, locale),
      placeholder: t(`dates.placeholder`),
      nextLabel: t("dates.nextMonth"),
      previousLabel: t("dates.previousMonth"),
      ariaLabels: {
        monthLevelControl: t("dates.chooseMonth"),
        yearLevelControl: t("dates.chooseYear"),
        nextMonth: t("dates.nextMonth"),
        previousMonth: t("dates.previousMonth"),
        nextYear: t("dates.nextYear"),
        previousYear: t("dates.previousYear"),
        nextDecade: t("dates.nextDecade"),
        previousDecade: t("dates.previousDecade"),
      },
      hideOutsideDates: true,
      // In a portal: inside a card (overflow hidden) the calendar would be cut off. There it is a
      // named dialog, which axe's "region" rule accepts outside the page's landmarks.
      popoverProps: {
        withinPortal: true,
        attributes: { dropdown: { role: "dialog", "aria-label": t("dates.calendar") } },
      },
    },
  };
}

export function LocalizedDateInput({
  label,
  value,
  onChange,
  onBlur,
  min,
  max,
  error,
  description,
  required,
  id,
  name,
  inputRef,
  allowEmpty = false,
}: LocalizedDateInputProps) {
  const { t } = useTranslation();
  const { locale, props } = useDayInputProps();
  // A whole day typed outside min/max: Mantine would not take it and, on blur, would put the old
  // text back without a word. The typed text stays and the field says which days it takes; the
  // value is left as it was.
  // Kept with the value it was typed over: a value set since (a pick, a reset) ends it.
  const [outOfRange, setOutOfRange] = useState<{ over: string | null } | null>(null);
  const isOutOfRange = outOfRange !== null && outOfRange.over === (value || null);
  const parse = (text: string) => {
    const day = parseTypedDay(text, locale);
    const isOutside = day !== null && ((min !== undefined && day < min) || (max !== undefined && day > max));
    setOutOfRange(isOutside ? { over: value || null } : null);
    return day;
  };
  const rangeError = !isOutOfRange
    ? undefined
    : min && max
      ? t("dates.outOfRange.between", {
          min: formatIsoDay(min, locale),
          max: formatIsoDay(max, locale),
        })
      : max
        ? t("dates.outOfRange.max", { max: formatIsoDay(max, locale) })
        : t("dates.outOfRange.min", { min: formatIsoDay(min, locale) });
  return (
    <LocalizedDates locale={locale}>
      <DateInput
        {...props}
        dateParser={parse}
        fixOnBlur={!isOutOfRange}
        id={id}
        ref={inputRef}
        name={name}
        label={label}
        description={description}
        required={required}
        error={error || rangeError}
        value={value || null}
        onChange={(next) => {
          setOutOfRange(null);
          onChange(next ?? null);
        }}
        onBlur={onBlur}
        minDate={min}
        maxDate={max}
        allowDeselect={allowEmpty}
        // A day far in the past (a birthday) is quicker to reach from the years than month by month;
        // a day already set opens on its month.
        defaultLevel={!value && max && !min ? "decade" : "month"}
      />
    </LocalizedDates>
  );
}

/** A meeting's day and time in the browser's zone, as `YYYY-MM-DDTHH:mm` ("" until both are set). */
export function LocalizedDateTimeInput({
  label,
  timeLabel,
  value,
  onChange,
  onBlur,
  error,
  description,
  required,
  id,
}: LocalizedDateTimeInputProps) {
  const { t } = useTranslation();
  const { locale, props } = useDayInputProps();
  const [parts, setParts] = useState(() => splitLocalDateTime(value));
  // A value set from outside (a reset) replaces what is typed; the one this input sent keeps it
  // (a day without a time yet is sent as "").
  const sent = useRef(value);
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setParts(splitLocalDateTime(value));
    }
  }, [value]);
  const change = (next: { day: string; time: string }) => {
    setParts(next);
    sent.current = joinLocalDateTime(next.day, next.time);
    onChange(sent.current);
  };
  return (
    <LocalizedDates locale={locale}>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <DateInput
          {...props}
          id={id}
          style={{ flex: 1 }}
          label={label}
          description={description}
          required={required}
          error={error}
          value={parts.day || null}
          onChange={(day) => change({ ...parts, day: day ?? "" })}
          onBlur={onBlur}
        />
        <TimePicker
          label={timeLabel}
          description={description ? " " : undefined}
          required={required}
          error={error ? " " : undefined}
          format="24h"
          w={110}
          value={parts.time}
          onChange={(time) => change({ ...parts, time })}
          hoursInputLabel={t("dates.hours")}
          minutesInputLabel={t("dates.minutes")}
        />
      </Group>
    </LocalizedDates>
  );
}
