import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  AgencyFocus,
  type AgencyProfileFields,
  type AgencyProfileView,
  Currency,
  MatchmakerExperience,
} from "@matchdesk/contract";
import { IconAlertCircle, IconExternalLink, IconEyeOff } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { serverFieldErrors } from "../../lib/form-errors";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { usePageTitle } from "../../ui/usePageTitle";
import { RetentionSettingsCard } from "../data-rights/RetentionSettingsCard";
import { AvatarUpload } from "../media/AvatarUpload";
import { CertificatesManager } from "../media/CertificatesManager";
import { CountrySelect } from "./CountrySelect";
import { useOwnAgency, useSaveOwnAgency, useSetAgencyPassword } from "./useMarketplace";
import { ViewsAnalytics } from "./ViewsAnalytics";

type Fields = AgencyProfileFields;
type FieldName = keyof Fields;
const FIELD_NAMES: FieldName[] = [
  "agencyName",
  "login",
  "contactFirstName",
  "contactLastName",
  "country",
  "city",
  "link",
  "services",
  "focus",
  "about",
  "awards",
  "currency",
  "introductionPrice",
  "turnkeyPrice",
  "introductionFee",
  "payForIntroduction",
  "clientToClientContract",
  "acceptsFreeClients",
  "experience",
  "clientBaseSize",
  "successfulCases",
  "isListed",
];

/** /admin/profile and /admin/profile/advanced for a matchmaker: the agency profile (SPEC 3). */
export function AgencyProfilePage({ section }: { section: "basics" | "advanced" }) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  usePageTitle(t("marketplace.profile.pageTitle"));
  const agency = useOwnAgency();
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {section === "basics" ? t("marketplace.profile.title") : t("marketplace.profile.advancedTitle")}
          </Title>
          <Text c="gray.7">
            {section === "basics" ? t("marketplace.profile.lead") : t("marketplace.profile.advancedLead")}
          </Text>
        </Stack>
        {agency.data && (
          <Anchor component={Link} to={`/agency/${agency.data.login}`} size="sm">
            <Group gap={4} wrap="nowrap">
              {t("marketplace.profile.openPage")}
              <IconExternalLink size={14} />
            </Group>
          </Anchor>
        )}
      </Group>
      <SegmentedControl
        value={section}
        onChange={(value) => navigate(value === "basics" ? "/admin/profile" : "/admin/profile/advanced")}
        data={[
          { value: "basics", label: t("marketplace.profile.basicsLink") },
          { value: "advanced", label: t("marketplace.profile.advancedLink") },
        ]}
        maw={420}
      />
      {agency.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={20} />}
          title={t("marketplace.profile.loadFailed")}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{toMessage(agency.error)}</Text>
            <Button size="xs" variant="white" onClick={() => void agency.refetch()}>
              {t("common.retry")}
            </Button>
          </Stack>
        </Alert>
      ) : agency.isPending ? (
        <Skeleton h={480} radius="md" />
      ) : (
        <>
          {!agency.data.isListed && (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconEyeOff size={20} />}
              title={t("marketplace.profile.hiddenTitle")}
            >
              {t("marketplace.profile.hiddenText")}
            </Alert>
          )}
          <AgencyForm key={`${section}-${agency.dataUpdatedAt}`} view={agency.data} section={section} />
          {section === "basics" ? (
            <ViewsAnalytics />
          ) : (
            <>
              <Card padding="lg" withBorder>
                <Stack gap="sm">
                  <Title order={2} fz="h4">
                    {t("marketplace.profile.certificates")}
                  </Title>
                  <CertificatesManager profileId="me" />
                </Stack>
              </Card>
              <PasswordCard hasPassword={agency.data.hasPassword} />
              <RetentionSettingsCard />
            </>
          )}
        </>
      )}
    </Stack>
  );
}

function AgencyForm({ view, section }: { view: AgencyProfileView; section: "basics" | "advanced" }) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const save = useSaveOwnAgency();
  const [values, setValues] = useState<Fields>(() => {
    const { userId: _u, logoUrl: _l, hasPassword: _h, isVerified: _v, ...fields } = view;
    return fields;
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [logoUrl, setLogoUrl] = useState(view.logoUrl);
  const set = <K extends FieldName>(name: K, value: Fields[K]) => setValues((v) => ({ ...v, [name]: value }));
  const text = (name: FieldName, opts: { multiline?: boolean; required?: boolean } = {}) => {
    const props = {
      label: t(`marketplace.profile.${name}`),
      value: (values[name] as string | null) ?? "",
      error: errors[name],
      required: opts.required,
      onChange: (e: { currentTarget: { value: string } }) =>
        set(name, (e.currentTarget.value === "" && !opts.required ? null : e.currentTarget.value) as never),
    };
    return opts.multiline ? (
      <Textarea {...props} autosize minRows={3} maxRows={12} />
    ) : (
      <TextInput {...props} />
    );
  };
  const amount = (
    name: "introductionPrice" | "turnkeyPrice" | "introductionFee" | "clientBaseSize" | "successfulCases",
  ) => (
    <NumberInput
      label={t(`marketplace.profile.${name}`)}
      value={values[name] ?? ""}
      min={0}
      allowNegative={false}
      allowDecimal={false}
      thousandSeparator=" "
      error={errors[name]}
      onChange={(v) => set(name, typeof v === "number" ? v : null)}
    />
  );
  const flag = (
    name: "payForIntroduction" | "clientToClientContract" | "acceptsFreeClients" | "isListed",
  ) => (
    <Checkbox
      label={t(`marketplace.profile.${name}`)}
      checked={values[name]}
      onChange={(e) => set(name, e.currentTarget.checked)}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync(values);
      notifications.show({ color: "teal", message: t("marketplace.profile.saved") });
    } catch (error) {
      const placed = serverFieldErrors(error, FIELD_NAMES, { AGENCY_LOGIN_TAKEN: "login" });
      if (placed.length > 0) {
        setErrors(Object.fromEntries(placed.map((p) => [p.field, p.message ?? toMessage(error)])));
      } else {
        notifications.show({ color: "red", message: toMessage(error) });
      }
    }
  };

  return (
    <Card padding="lg" withBorder component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        {section === "basics" ? (
          <>
            <Stack gap={4}>
              <Text fw={600} size="sm">
                {t("marketplace.profile.logo")}
              </Text>
              <AvatarUpload
                imageUrl={logoUrl}
                name={values.agencyName}
                onUploaded={(a) => setLogoUrl(a.avatarUrl)}
              />
            </Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text("agencyName", { required: true })}
              {text("login", { required: true })}
              {text("contactFirstName")}
              {text("contactLastName")}
              <CountrySelect
                label={t("marketplace.profile.country")}
                emptyLabel="—"
                value={values.country}
                onChange={(country) => set("country", country as Fields["country"])}
              />
              {text("city")}
            </SimpleGrid>
            {text("link")}
            {text("services", { multiline: true })}
            <Checkbox.Group
              label={t("marketplace.profile.focus")}
              description={t("marketplace.profile.focusHint")}
              value={values.focus}
              // Kept in the list's own order, so the agency page shows them the same way.
              onChange={(chosen) =>
                set(
                  "focus",
                  AgencyFocus.options.filter((f) => chosen.includes(f)),
                )
              }
              error={errors.focus}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
                {AgencyFocus.options.map((f) => (
                  <Checkbox key={f} value={f} label={t(`marketplace.focus.${f}`)} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            {text("about", { multiline: true })}
            {flag("isListed")}
          </>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NativeSelect
                label={t("marketplace.profile.currency")}
                value={values.currency}
                onChange={(e) => set("currency", e.currentTarget.value as Fields["currency"])}
                data={Currency.options}
              />
              <NativeSelect
                label={t("marketplace.profile.experience")}
                value={values.experience ?? ""}
                onChange={(e) => set("experience", (e.currentTarget.value || null) as Fields["experience"])}
                data={[
                  { value: "", label: "—" },
                  ...MatchmakerExperience.options.map((v) => ({
                    value: v,
                    label: t(`marketplace.experience.${v}`),
                  })),
                ]}
              />
              {amount("introductionPrice")}
              {amount("turnkeyPrice")}
              {amount("introductionFee")}
              {amount("clientBaseSize")}
              {amount("successfulCases")}
            </SimpleGrid>
            {flag("payForIntroduction")}
            {flag("clientToClientContract")}
            {flag("acceptsFreeClients")}
            {text("awards", { multiline: true })}
          </>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t("marketplace.profile.save")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function PasswordCard({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const save = useSetAgencyPassword();
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirm] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (password !== confirmPassword) return setError(t("validation.passwordsMatch"));
    if (password !== "" && password.length < 6) return setError(t("validation.passwordMin", { min: 6 }));
    try {
      await save.mutateAsync({ password, confirmPassword });
      setPassword("");
      setConfirm("");
      notifications.show({ color: "teal", message: t("marketplace.profile.password.saved") });
    } catch (e) {
      setError(toMessage(e));
    }
  };
  return (
    <Card padding="lg" withBorder component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t("marketplace.profile.password.title")}
        </Title>
        <Text size="sm" c="gray.7">
          {hasPassword ? t("marketplace.profile.password.isSet") : t("marketplace.profile.password.notSet")}{" "}
          {t("marketplace.profile.password.lead")}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PasswordInput
            label={t("marketplace.profile.password.password")}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="new-password"
          />
          <PasswordInput
            label={t("marketplace.profile.password.confirm")}
            value={confirmPassword}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            error={error}
            autoComplete="new-password"
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={save.isPending}>
            {t("marketplace.profile.password.save")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
