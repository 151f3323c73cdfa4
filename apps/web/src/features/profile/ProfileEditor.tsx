import { zodResolver } from "@hookform/resolvers/zod";
import { Accordion, Alert, Badge, Button, Grid, Group, Stack, Text } from "@mantine/core";
import { useWindowEvent } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import {
  AlcoholConsumption,
  BodyType,
  EducationLevel,
  EthnicityGroup,
  EyeColor,
  Faith,
  FamilyPlan,
  FoodPreferences,
  Gender,
  HairColor,
  IncomeLevel,
  InterestCategory,
  LIMITS,
  LookingFor,
  LoveLanguage,
  MarriageStatus,
  type ProfilePatchBody,
  type ProfileView,
  REQUIRED_PROFILE_FIELDS,
  RelationshipStatus,
  SmokingHabits,
  ZodiacSign,
} from "@matchdesk/contract";
import { IconAlertCircle, IconDeviceFloppy } from "@tabler/icons-react";
import { type ReactNode, useRef, useState } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { assertNever } from "../../lib/assert-never";
import { applyServerErrors } from "../../lib/form-errors";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { CompletenessBar } from "./CompletenessBar";
import { PreferencesSection } from "./PreferencesSection";
import {
  AgesField,
  BooleanField,
  CountriesField,
  CountryField,
  DateField,
  EnumField,
  LongTextField,
  NumberField,
  TagsField,
  TextField,
} from "./ProfileInputs";
import {
  completenessOf,
  errorPaths,
  fieldInputId,
  firstErrorPath,
  formValuesOf,
  isPatchEmpty,
  PROFILE_SECTIONS,
  type ProfileFormValues,
  type ProfileSectionId,
  profileFormSchema,
  profilePatch,
  type RequiredField,
  SERVER_ERROR_PATHS,
  sectionOf,
} from "./profile-form";

type Props = {
  profile: ProfileView;
  /** Saves the changed fields (a client's profile, the caller's own or through the edit link) and answers the profile. */
  onSave: (body: ProfilePatchBody) => Promise<ProfileView>;
  onSaved?: (profile: ProfileView) => void;
  /** Psychology scores are the matchmaker's own assessment: clients do not see them. */
  withPsychology?: boolean;
  /** Height of a sticky header above the page, so the completeness bar sticks below it. */
  stickyTop?: number;
};

// Wait for an accordion panel to open before moving to a field inside it.
const PANEL_OPEN_MS = 220;

/**
 * SPEC 3 and 5: the client questionnaire in sections, validated by the contract's schemas as typed
 * and mapped to the server's field errors; a sticky bar shows completeness and jumps to what is
 * missing. Only changed fields are sent, and nothing typed is lost when a save fails.
 */
export function ProfileEditor({ profile, onSave, onSaved, withPsychology = true, stickyTop = 60 }: Props) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const [baseline, setBaseline] = useState(() => formValuesOf(profile));
  const [failure, setFailure] = useState<unknown>(null);
  // The number as saved (a save moves the baseline): only a changed one is checked.
  const storedPhone = useRef(baseline.phone);
  storedPhone.current = baseline.phone;
  const form = useForm<ProfileFormValues>({
    resolver: (values, context, options) =>
      zodResolver(profileFormSchema(storedPhone.current))(values, context, options),
    defaultValues: baseline,
    mode: "onTouched",
    shouldFocusError: false,
  });
  const { control, formState, handleSubmit, reset, setError } = form;
  const required = useWatch({ control, name: REQUIRED_PROFILE_FIELDS });
  const completeness = completenessOf(
    Object.fromEntries(REQUIRED_PROFILE_FIELDS.map((field, index) => [field, required[index]])) as Pick<
      ProfileFormValues,
      RequiredField
    >,
  );
  const [openSections, setOpenSections] = useState<string[]>(() => {
    const withMissing = profile.completeness.missing.map((field) => sectionOf(field));
    const open = [...new Set(withMissing.filter((id): id is ProfileSectionId => id !== undefined))];
    return open.length > 0 ? open : ["basics"];
  });

  // Typed data is only in the browser until saved: the browser asks before the page goes away.
  useWindowEvent("beforeunload", (event) => {
    if (formState.isDirty) event.preventDefault();
  });

  const jumpTo = (path: string) => {
    const section = sectionOf(path);
    if (section) setOpenSections((open) => (open.includes(section) ? open : [...open, section]));
    window.setTimeout(() => {
      const input = document.getElementById(fieldInputId(path));
      input?.scrollIntoView({ block: "center", behavior: "smooth" });
      input?.focus({ preventScroll: true });
    }, PANEL_OPEN_MS);
  };

  const save = async (values: ProfileFormValues) => {
    setFailure(null);
    const patch = profilePatch(baseline, values);
    if (isPatchEmpty(patch)) {
      notifications.show({ color: "gray", message: t("profile.editor.nothingToSave") });
      return;
    }
    try {
      const saved = await onSave(patch);
      const next = formValuesOf(saved);
      setBaseline(next);
      reset(next);
      notifications.show({ color: "teal", message: t("profile.editor.saved") });
      onSaved?.(saved);
    } catch (error) {
      const isPlaced = applyServerErrors(error, setError, toMessage, SERVER_ERROR_PATHS as never[]);
      if (!isPlaced) {
        setFailure(error);
        return;
      }
      const first = firstErrorPath(errorPaths(form.formState.errors));
      if (first) jumpTo(first);
    }
  };

  const onInvalid = (errors: object) => {
    const paths = errorPaths(errors);
    setOpenSections((open) => [
      ...new Set([...open, ...paths.map(sectionOf).filter((id): id is ProfileSectionId => id !== undefined)]),
    ]);
    const first = firstErrorPath(paths);
    if (first) jumpTo(first);
    notifications.show({ color: "red", message: t("errors.VALIDATION_FAILED") });
  };

  const missingIn = (sectionId: ProfileSectionId) =>
    completeness.missing.filter((field) => sectionOf(field) === sectionId).length;

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={handleSubmit(save, onInvalid)} aria-label={t("profile.editor.formLabel")}>
        <Stack gap="md">
          <CompletenessBar
            completeness={completeness}
            isDirty={formState.isDirty}
            isSaving={formState.isSubmitting}
            onJump={jumpTo}
            stickyTop={stickyTop}
          />
          {failure !== null && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={20} />}
              title={t("profile.editor.saveFailed")}
              role="alert"
            >
              {toMessage(failure)}
            </Alert>
          )}
          <Accordion
            multiple
            variant="separated"
            radius="lg"
            value={openSections}
            onChange={setOpenSections}
            keepMountedMode="display-none"
            order={2}
            styles={{ item: { background: "var(--mantine-color-white)" } }}
          >
            {PROFILE_SECTIONS.map((section) => (
              <Accordion.Item key={section.id} value={section.id}>
                <Accordion.Control>
                  <Group gap="sm" wrap="nowrap" justify="space-between" pr="xs">
                    <Text fw={600}>{t(`profile.sections.${section.id}`)}</Text>
                    {missingIn(section.id) > 0 && (
                      <Badge variant="light" color="rose" size="sm" tt="none" miw="max-content">
                        {t("profile.editor.sectionMissing", { count: missingIn(section.id) })}
                      </Badge>
                    )}
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <SectionFields id={section.id} withPsychology={withPsychology} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
          <Group justify="flex-end">
            <Button
              type="submit"
              size="md"
              loading={formState.isSubmitting}
              leftSection={<IconDeviceFloppy size={18} />}
            >
              {t("profile.editor.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}

/** A field's cell: half the width from tablets up, the whole width on a phone. */
function Cell({ children, isWide = false }: { children: ReactNode; isWide?: boolean }) {
  return <Grid.Col span={{ base: 12, sm: isWide ? 12 : 6 }}>{children}</Grid.Col>;
}

function SectionFields({ id, withPsychology }: { id: ProfileSectionId; withPsychology: boolean }) {
  const { t } = useTranslation();
  const childrenCount = useWatch<ProfileFormValues, "childrenCount">({ name: "childrenCount" }) ?? 0;

  switch (id) {
    case "basics":
      return (
        <Grid gap="md">
          <Cell>
            <TextField name="firstName" />
          </Cell>
          <Cell>
            <TextField name="lastName" />
          </Cell>
          <Cell>
            <TextField name="phone" type="tel" />
          </Cell>
          <Cell>
            <EnumField name="gender" options={Gender.options} />
          </Cell>
          <Cell>
            <DateField name="dateOfBirth" />
          </Cell>
          <Cell>
            <EnumField name="incomeLevel" options={IncomeLevel.options} />
          </Cell>
          <Cell>
            <CountryField name="country" />
          </Cell>
          <Cell>
            <TextField name="city" />
          </Cell>
          <Cell>
            <CountriesField name="citizenship" maxValues={5} />
          </Cell>
          <Cell>
            <TagsField name="languagesSpoken" maxTags={15} />
          </Cell>
          <Cell isWide>
            <TextField name="profession" />
          </Cell>
          <Cell isWide>
            <LongTextField name="aboutMe" description={t("profile.editor.aboutMeHint")} />
          </Cell>
          <Cell isWide>
            <LongTextField name="achievements" />
          </Cell>
        </Grid>
      );
    case "appearance":
      return (
        <Grid gap="md">
          <Cell>
            <NumberField
              name="height"
              min={LIMITS.heightCm.min}
              max={LIMITS.heightCm.max}
              unit={t("profile.editor.cm")}
            />
          </Cell>
          <Cell>
            <NumberField name="weight" min={30} max={300} unit={t("profile.editor.kg")} />
          </Cell>
          <Cell>
            <EnumField name="bodyType" options={BodyType.options} />
          </Cell>
          <Cell>
            <EnumField name="hairColor" options={HairColor.options} />
          </Cell>
          <Cell>
            <EnumField name="eyeColor" options={EyeColor.options} />
          </Cell>
          <Cell>
            <BooleanField name="tattoosOrPiercings" />
          </Cell>
          <Cell>
            <BooleanField name="plasticSurgery" />
          </Cell>
        </Grid>
      );
    case "background":
      return (
        <Grid gap="md">
          <Cell>
            <EnumField name="ethnicity" options={EthnicityGroup.options} />
          </Cell>
          <Cell>
            <EnumField name="faith" options={Faith.options} />
          </Cell>
          <Cell>
            <EnumField name="educationLevel" options={EducationLevel.options} />
          </Cell>
          <Cell>
            <TextField name="politicalViews" />
          </Cell>
          <Cell>
            <TextField name="university" />
          </Cell>
          <Cell>
            <TextField name="college" />
          </Cell>
        </Grid>
      );
    case "family":
      return (
        <Grid gap="md">
          <Cell>
            <EnumField name="marriageStatus" options={MarriageStatus.options} />
          </Cell>
          <Cell>
            <EnumField name="relationshipStatus" options={RelationshipStatus.options} />
          </Cell>
          <Cell>
            <NumberField name="childrenCount" min={LIMITS.childrenCount.min} max={LIMITS.childrenCount.max} />
          </Cell>
          <Cell>
            <AgesField name="childrenAges" maxTags={childrenCount} />
          </Cell>
          <Cell>
            <BooleanField name="wantsMoreChildren" />
          </Cell>
          <Cell>
            <EnumField name="familyPlan" options={FamilyPlan.options} />
          </Cell>
          <Cell>
            <EnumField name="lookingFor" options={LookingFor.options} />
          </Cell>
          <Cell>
            <BooleanField name="longDistanceRelationship" />
          </Cell>
          <Cell>
            <BooleanField name="openToRelocation" />
          </Cell>
        </Grid>
      );
    case "lifestyle":
      return (
        <Grid gap="md">
          <Cell>
            <EnumField name="smoking" options={SmokingHabits.options} />
          </Cell>
          <Cell>
            <EnumField name="alcohol" options={AlcoholConsumption.options} />
          </Cell>
          <Cell>
            <EnumField name="foodPreferences" options={FoodPreferences.options} />
          </Cell>
          <Cell>
            <TextField name="foodAllergies" />
          </Cell>
          <Cell>
            <BooleanField name="hasPets" />
          </Cell>
          <Cell>
            <BooleanField name="petAllergies" />
          </Cell>
        </Grid>
      );
    case "personality":
      return (
        <Stack gap="lg">
          <Grid gap="md">
            <Cell>
              <EnumField name="zodiacSign" options={ZodiacSign.options} />
            </Cell>
            <Cell>
              <EnumField name="loveLanguage" options={LoveLanguage.options} />
            </Cell>
          </Grid>
          <Stack gap="xs">
            <Text fw={600} size="sm">
              {t("profile.fields.interests")}
            </Text>
            <Text size="xs" c="dimmed">
              {t("profile.editor.interestsHint")}
            </Text>
            <Grid gap="md">
              {InterestCategory.options.map((category) => (
                <Cell key={category}>
                  <TagsField
                    name={`interests.${category}`}
                    label={t(`profile.interestCategories.${category}`)}
                    maxTags={20}
                  />
                </Cell>
              ))}
            </Grid>
          </Stack>
          {withPsychology && (
            <Stack gap="xs">
              <Text fw={600} size="sm">
                {t("profile.fields.psychology")}
              </Text>
              <Text size="xs" c="dimmed">
                {t("profile.editor.psychologyHint")}
              </Text>
              <Grid gap="md">
                {(["narcissism", "borderline", "empathy"] as const).map((score) => (
                  <Grid.Col key={score} span={{ base: 12, sm: 4 }}>
                    <NumberField
                      name={`psychology.${score}`}
                      label={t(`profile.psychology.${score}`)}
                      min={0}
                      max={100}
                    />
                  </Grid.Col>
                ))}
              </Grid>
            </Stack>
          )}
        </Stack>
      );
    case "preferences":
      return <PreferencesSection />;
    default:
      return assertNever(id);
  }
}
