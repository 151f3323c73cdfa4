import { Fieldset, Grid, Group, SegmentedControl, Stack, Switch, Text } from "@mantine/core";
import {
  AGE_RANGE,
  AlcoholConsumption,
  EducationLevel,
  IncomeLevel,
  LIMITS,
  PreferenceWeight,
  PreferredGender,
  PreviousRelationships,
  SexualOrientation,
  SmokingHabits,
  WEIGHTED_PREFERENCES,
} from "@matchdesk/contract";
import type { ReactNode } from "react";
import { useController, useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { enumLabel } from "./field-format";
import { ChipsField, EnumField, LongTextField, NumberField, TagsField } from "./ProfileInputs";
import type { ProfileFormValues } from "./profile-form";

type Weighted = (typeof WEIGHTED_PREFERENCES)[number];
type Weight = (typeof PreferenceWeight.options)[number];
// A preference without a weight of its own counts as medium, and the control shows it so.
const DEFAULT_WEIGHT: Weight = "medium";

/** What the client looks for in a partner; the weighted ones carry a deal-breaker switch and a weight. */
export function PreferencesSection() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <EnumField name="preferences.preferredGender" options={PreferredGender.options} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <EnumField name="preferences.orientation" options={SexualOrientation.options} />
        </Grid.Col>
      </Grid>
      <Text size="xs" c="dimmed">
        {t("profile.editor.weightsHint")}
      </Text>
      <WeightedBlock preference="age">
        <Grid gap="md">
          <Grid.Col span={6}>
            <NumberField name="preferences.minAge" min={AGE_RANGE.min} max={AGE_RANGE.max} />
          </Grid.Col>
          <Grid.Col span={6}>
            <NumberField name="preferences.maxAge" min={AGE_RANGE.min} max={AGE_RANGE.max} />
          </Grid.Col>
        </Grid>
      </WeightedBlock>
      <WeightedBlock preference="height">
        <Grid gap="md">
          <Grid.Col span={6}>
            <NumberField
              name="preferences.minHeight"
              min={LIMITS.heightCm.min}
              max={LIMITS.heightCm.max}
              unit={t("profile.editor.cm")}
            />
          </Grid.Col>
          <Grid.Col span={6}>
            <NumberField
              name="preferences.maxHeight"
              min={LIMITS.heightCm.min}
              max={LIMITS.heightCm.max}
              unit={t("profile.editor.cm")}
            />
          </Grid.Col>
        </Grid>
      </WeightedBlock>
      <WeightedBlock preference="relationships">
        <ChipsField name="preferences.relationships" options={PreviousRelationships.options} isLabelHidden />
      </WeightedBlock>
      <WeightedBlock preference="education">
        <ChipsField name="preferences.education" options={EducationLevel.options} isLabelHidden />
      </WeightedBlock>
      <WeightedBlock preference="income">
        <ChipsField name="preferences.income" options={IncomeLevel.options} isLabelHidden />
      </WeightedBlock>
      <WeightedBlock preference="smoking">
        <ChipsField name="preferences.smoking" options={SmokingHabits.options} isLabelHidden />
      </WeightedBlock>
      <WeightedBlock preference="alcohol">
        <ChipsField name="preferences.alcohol" options={AlcoholConsumption.options} isLabelHidden />
      </WeightedBlock>
      <WeightedBlock preference="cities">
        <TagsField name="preferences.preferredCities" maxTags={20} isLabelHidden />
      </WeightedBlock>
      <TagsField name="preferences.qualities" maxTags={20} description={t("profile.editor.qualitiesHint")} />
      <LongTextField name="preferences.idealPartner" />
    </Stack>
  );
}

/** One weighted preference: its inputs, then "deal-breaker" and how much it matters. */
function WeightedBlock({ preference, children }: { preference: Weighted; children: ReactNode }) {
  const { t } = useTranslation();
  const { control } = useFormContext<ProfileFormValues>();
  const dealBreakers = useController({ control, name: "preferences.dealBreakers" }).field;
  const weights = useController({ control, name: "preferences.weights" }).field;
  const title = enumLabel(t, "WeightedPreference", preference);
  const isDealBreaker = (dealBreakers.value as Weighted[]).includes(preference);
  const weight = (weights.value as Partial<Record<Weighted, Weight>>)[preference] ?? DEFAULT_WEIGHT;

  return (
    <Fieldset
      legend={title}
      radius="md"
      p={{ base: "sm", sm: "md" }}
      styles={{ legend: { fontWeight: 600 } }}
    >
      <Stack gap="sm">
        {children}
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Switch
            label={t("profile.editor.dealBreaker")}
            aria-label={t("profile.editor.dealBreakerFor", { preference: title })}
            checked={isDealBreaker}
            color="red"
            onChange={(event) => {
              const current = dealBreakers.value as Weighted[];
              dealBreakers.onChange(
                event.currentTarget.checked
                  ? WEIGHTED_PREFERENCES.filter((key) => key === preference || current.includes(key))
                  : current.filter((key) => key !== preference),
              );
            }}
          />
          <Group gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed">
              {t("profile.editor.importance")}
            </Text>
            <SegmentedControl
              size="xs"
              aria-label={t("profile.editor.importanceFor", { preference: title })}
              value={weight}
              onChange={(next) => weights.onChange({ ...weights.value, [preference]: next as Weight })}
              data={PreferenceWeight.options.map((value) => ({
                value,
                label: enumLabel(t, "PreferenceWeight", value),
              }))}
            />
          </Group>
        </Group>
      </Stack>
    </Fieldset>
  );
}
