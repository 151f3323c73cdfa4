import {
  Chip,
  Group,
  Input,
  MultiSelect,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  TagsInput,
  Textarea,
  TextInput,
} from "@mantine/core";
import { COUNTRY_CODES, REQUIRED_PROFILE_FIELDS } from "@matchdesk/contract";
import { useMemo } from "react";
import { type FieldPath, get, useController, useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { LocalizedDateInput } from "../../ui/DateInput";
import { countryName, ENUM_OF_FIELD, enumLabel, fieldLabel, type ProfileFieldName } from "./field-format";
import { type FormError, profileErrorText, TAG_LIMITS } from "./profile-errors";
import { fieldInputId, type ProfileFormValues, TEXT_LIMITS } from "./profile-form";

type Name = FieldPath<ProfileFormValues>;

type BaseProps = {
  name: Name;
  /** Defaults to the field's own label (`profile.fields.<last part of the path>`). */
  label?: string;
  description?: string;
};

// SPEC 5's required fields are marked as such; the list lives once, in the contract.
const REQUIRED: ReadonlySet<string> = new Set(REQUIRED_PROFILE_FIELDS);

/** The first error at or below a path: a list field's error may sit on one of its items. */
function firstError(node: unknown): FormError | undefined {
  if (!node || typeof node !== "object") return undefined;
  if ("type" in node || "message" in node) return node as FormError;
  for (const child of Object.values(node)) {
    const found = firstError(child);
    if (found) return found;
  }
  return undefined;
}

/** The bound field's value, change handler, label and translated error. */
function useField(name: Name, label: string | undefined) {
  const { t } = useTranslation();
  const { control, formState } = useFormContext<ProfileFormValues>();
  const { field } = useController({ control, name });
  const error = firstError(get(formState.errors, name));
  const lastPart = name.split(".").at(-1) as ProfileFieldName;
  let errorText: string | undefined;
  if (error) {
    const text = profileErrorText(name, error);
    errorText = "text" in text ? text.text : t(text.key, text.params);
  }
  return {
    field,
    isRequired: REQUIRED.has(name),
    id: fieldInputId(name),
    label: label ?? fieldLabel(t, lastPart),
    error: errorText,
  };
}

const orNull = (value: string) => (value === "" ? null : value);

export function TextField({ name, label, description, type }: BaseProps & { type?: "tel" }) {
  const { field, id, label: text, error, isRequired } = useField(name, label);
  return (
    <TextInput
      id={id}
      ref={field.ref}
      name={field.name}
      label={text}
      description={description}
      required={isRequired}
      type={type}
      autoComplete={type === "tel" ? "tel" : undefined}
      maxLength={TEXT_LIMITS[name]}
      value={(field.value as string | null) ?? ""}
      onChange={(event) => {
        const value = event.currentTarget.value;
        // Names are required strings; every other text field stores "not filled" as null.
        field.onChange(name === "firstName" || name === "lastName" ? value : orNull(value));
      }}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

export function LongTextField({ name, label, description }: BaseProps) {
  const { field, id, label: text, error, isRequired } = useField(name, label);
  return (
    <Textarea
      id={id}
      ref={field.ref}
      name={field.name}
      label={text}
      description={description}
      required={isRequired}
      autosize
      minRows={3}
      maxRows={12}
      maxLength={TEXT_LIMITS[name]}
      value={(field.value as string | null) ?? ""}
      onChange={(event) => field.onChange(orNull(event.currentTarget.value))}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

export function DateField({ name, label }: BaseProps) {
  const { field, id, label: text, error, isRequired } = useField(name, label);
  return (
    <LocalizedDateInput
      id={id}
      inputRef={field.ref}
      name={field.name}
      label={text}
      required={isRequired}
      max={new Date().toISOString().slice(0, 10)}
      allowEmpty
      value={(field.value as string | null) ?? null}
      onChange={(value) => field.onChange(value ?? null)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

type NumberProps = BaseProps & { min: number; max: number; unit?: string };

export function NumberField({ name, label, min, max, unit }: NumberProps) {
  const { field, id, label: text, error, isRequired } = useField(name, label);
  return (
    <NumberInput
      id={id}
      ref={field.ref}
      name={field.name}
      label={text}
      required={isRequired}
      min={min}
      max={max}
      // A number out of range stays as typed and the form names the range: never silently changed.
      clampBehavior="none"
      allowDecimal={false}
      allowNegative={false}
      hideControls
      inputMode="numeric"
      rightSection={unit}
      rightSectionWidth={unit ? 44 : undefined}
      rightSectionPointerEvents="none"
      value={(field.value as number | null) ?? ""}
      onChange={(value) => field.onChange(typeof value === "number" ? value : null)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

/** One choice of a contract enum, or none; a native select is the easiest to use on a phone. */
export function EnumField({ name, label, options }: BaseProps & { options: readonly string[] }) {
  const { t } = useTranslation();
  const { field, id, label: text, error, isRequired } = useField(name, label);
  const enumName = ENUM_OF_FIELD[name.split(".").at(-1) as keyof typeof ENUM_OF_FIELD];
  return (
    <NativeSelect
      id={id}
      ref={field.ref}
      name={field.name}
      label={text}
      required={isRequired}
      value={(field.value as string | null) ?? ""}
      onChange={(event) => field.onChange(orNull(event.currentTarget.value))}
      onBlur={field.onBlur}
      error={error}
      data={[
        { value: "", label: t("profile.editor.choose") },
        ...options.map((value) => ({ value, label: enumLabel(t, enumName, value) })),
      ]}
    />
  );
}

/** Countries by their name in the reader's language, "other" last. */
function useCountryOptions() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    const collator = new Intl.Collator(locale);
    const named = COUNTRY_CODES.filter((code) => code !== "OTHER")
      .map((code) => ({ value: code, label: countryName(t, code, locale) }))
      .sort((a, b) => collator.compare(a.label, b.label));
    return [...named, { value: "OTHER", label: countryName(t, "OTHER", locale) }];
  }, [t, locale]);
}

export function CountryField({ name, label }: BaseProps) {
  const { t } = useTranslation();
  const options = useCountryOptions();
  const { field, id, label: text, error, isRequired } = useField(name, label);
  return (
    <NativeSelect
      id={id}
      ref={field.ref}
      name={field.name}
      label={text}
      required={isRequired}
      value={(field.value as string | null) ?? ""}
      onChange={(event) => field.onChange(orNull(event.currentTarget.value))}
      onBlur={field.onBlur}
      error={error}
      data={[{ value: "", label: t("profile.editor.choose") }, ...options]}
    />
  );
}

export function CountriesField({ name, label, maxValues }: BaseProps & { maxValues: number }) {
  const { t } = useTranslation();
  const options = useCountryOptions();
  const { field, id, label: text, error } = useField(name, label);
  const value = field.value as string[];
  return (
    <MultiSelect
      id={id}
      ref={field.ref}
      label={text}
      description={t("profile.editor.upTo", { count: maxValues })}
      searchable
      clearable
      hidePickedOptions
      maxValues={maxValues}
      nothingFoundMessage={t("profile.editor.nothingFound")}
      placeholder={value.length === 0 ? t("profile.editor.choose") : undefined}
      data={options}
      value={value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Yes, no or not said: the three answers a nullable yes/no field has. */
export function BooleanField({ name, label }: BaseProps) {
  const { t } = useTranslation();
  const { field, id, label: text, error } = useField(name, label);
  const value = field.value as boolean | null;
  return (
    <Input.Wrapper label={text} error={error} labelElement="div">
      <SegmentedControl
        id={id}
        fullWidth
        mt={4}
        aria-label={text}
        value={value === null ? "" : String(value)}
        onChange={(next) => field.onChange(next === "" ? null : next === "true")}
        data={[
          { value: "true", label: t("common.yes") },
          { value: "false", label: t("common.no") },
          { value: "", label: t("profile.editor.notSaid") },
        ]}
      />
    </Input.Wrapper>
  );
}

type TagsProps = BaseProps & {
  maxTags: number;
  placeholder?: string;
  /** Inside a titled group (a weighted preference) the label is only for screen readers. */
  isLabelHidden?: boolean;
};

/** Free-text entries: type one and press Enter (or a comma). */
export function TagsField({ name, label, description, maxTags, placeholder, isLabelHidden }: TagsProps) {
  const { t } = useTranslation();
  const { field, id, label: text, error } = useField(name, label);
  const tagMax = TAG_LIMITS[name.startsWith("interests.") ? "interests" : name];
  return (
    <TagsInput
      id={id}
      ref={field.ref}
      label={isLabelHidden ? undefined : text}
      aria-label={isLabelHidden ? text : undefined}
      description={description}
      placeholder={placeholder ?? t("profile.editor.tagsPlaceholder")}
      maxTags={maxTags}
      splitChars={[",", ";"]}
      clearable
      acceptValueOnBlur
      value={(field.value as string[] | undefined) ?? []}
      onChange={(values) => field.onChange(values.map((v) => v.trim()).filter((v) => v !== ""))}
      onBlur={field.onBlur}
      error={error}
      maxLength={tagMax}
    />
  );
}

/** Children's ages as numbers, one entry each, no more than the number of children. */
export function AgesField({ name, label, maxTags }: BaseProps & { maxTags: number }) {
  const { t } = useTranslation();
  const { field, id, label: text, error } = useField(name, label);
  const ages = field.value as number[];
  return (
    <TagsInput
      id={id}
      ref={field.ref}
      label={text}
      description={t("profile.editor.agesHint")}
      placeholder={ages.length < maxTags ? t("profile.editor.agesPlaceholder") : undefined}
      maxTags={maxTags}
      splitChars={[",", ";", " "]}
      inputMode="numeric"
      acceptValueOnBlur
      allowDuplicates
      disabled={maxTags === 0 && ages.length === 0}
      value={ages.map(String)}
      onChange={(values) =>
        field.onChange(
          values.filter((v) => /^\d{1,2}$/.test(v.trim())).map((v) => Number.parseInt(v.trim(), 10)),
        )
      }
      onBlur={field.onBlur}
      error={error}
    />
  );
}

/** Several values of a small contract enum, as chips that wrap on a phone. */
export function ChipsField({
  name,
  label,
  options,
  isLabelHidden,
}: BaseProps & { options: readonly string[]; isLabelHidden?: boolean }) {
  const { t } = useTranslation();
  const { field, id, label: text, error } = useField(name, label);
  const enumName = ENUM_OF_FIELD[name.split(".").at(-1) as keyof typeof ENUM_OF_FIELD];
  return (
    <Input.Wrapper label={isLabelHidden ? undefined : text} error={error} labelElement="div" id={id}>
      <Chip.Group multiple value={field.value as string[]} onChange={field.onChange}>
        <Group gap={8} mt={isLabelHidden ? 0 : 6} role="group" aria-label={text}>
          {options.map((value) => (
            <Chip key={value} value={value} size="sm" variant="outline">
              {enumLabel(t, enumName, value)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Input.Wrapper>
  );
}
