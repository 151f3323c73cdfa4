import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Checkbox,
  Divider,
  Group,
  Loader,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { InviteCode, type InviteView, LIMITS, PRODUCT_NAME, RegisterBody } from "@matchdesk/contract";
import { IconAlertCircle, IconLogin2 } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import { isLocale } from "../../i18n/locale";
import { ApiError } from "../../lib/api";
import { applyServerErrors } from "../../lib/form-errors";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { useFieldError } from "../../lib/useFieldError";
import { usePageTitle } from "../../ui/usePageTitle";
import { registerAccount } from "../auth/auth-calls";
import { oidcStartPath, useAuthMethods } from "../auth/auth-methods";
import { authStore } from "../auth/auth-store";
import { DASHBOARD_PATH, homePathFor } from "../auth/routing-rules";
import { lookUpInvite } from "./invite-calls";
import { inviterName, termsPathFor } from "./invite-text";

// The form holds the unticked box too; RegisterBody (the API's schema) insists on `true`.
type RegisterInput = Omit<z.input<typeof RegisterBody>, "termsAccepted"> & { termsAccepted: boolean };
const registerResolver = zodResolver(RegisterBody) as unknown as Resolver<
  RegisterInput,
  unknown,
  RegisterBody
>;

const FIELDS = ["firstName", "lastName", "email", "password", "confirmPassword", "termsAccepted"] as const;
const NAME_MAX = 100;

type InviteState =
  | { kind: "loading" }
  | { kind: "ready"; invite: InviteView }
  | { kind: "error"; error: unknown };

/** The token of an invitation e-mail, when it has a plausible shape (RegisterBody would refuse others). */
function tokenParam(value: string | null): string | undefined {
  return value && value.length >= 10 && value.length <= 200 ? value : undefined;
}

/**
 * SPEC 2 /app/register?invite=CODE(&token=...): checks the invite first and shows whose it is and
 * what it grants, then registers with a password (or the OpenID Connect provider) and signs in.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const [searchParams] = useSearchParams();
  const code = searchParams.get("invite")?.trim() ?? "";
  const token = tokenParam(searchParams.get("token"));
  const [state, setState] = useState<InviteState>({ kind: "loading" });
  usePageTitle(t("register.title"));

  useEffect(() => {
    let isActive = true;
    setState({ kind: "loading" });
    if (!InviteCode.safeParse(code).success) {
      setState({ kind: "error", error: { code: "INVITE_NOT_FOUND" } });
      return;
    }
    lookUpInvite(code).then(
      (invite) => isActive && setState({ kind: "ready", invite }),
      (error: unknown) => isActive && setState({ kind: "error", error }),
    );
    return () => {
      isActive = false;
    };
  }, [code]);

  if (state.kind === "loading") {
    return (
      <Stack align="center" gap="md" py="xl" role="status" aria-label={t("register.checking")}>
        <Loader />
        <Text c="dimmed">{t("register.checking")}</Text>
      </Stack>
    );
  }

  if (state.kind === "error") {
    const isInvalid = state.error instanceof ApiError ? state.error.status === 404 : true;
    return (
      <Stack gap="lg">
        <Title order={1} fz="h2">
          {isInvalid ? t("register.invalidTitle") : t("register.title")}
        </Title>
        <Alert
          color={isInvalid ? "orange" : "red"}
          variant="light"
          icon={<IconAlertCircle size={20} />}
          role="alert"
        >
          {toMessage(state.error)}
        </Alert>
        {isInvalid && <Text c="gray.7">{t("register.invalidText")}</Text>}
        <Stack gap="xs">
          <Button component={Link} to="/login" size="md" fullWidth>
            {t("register.signIn")}
          </Button>
          <Button component={Link} to="/" variant="subtle" fullWidth>
            {t("common.backHome")}
          </Button>
        </Stack>
      </Stack>
    );
  }

  return <RegisterForm invite={state.invite} token={token} />;
}

function InviteSummary({ invite }: { invite: InviteView }) {
  const { t } = useTranslation();
  const name = inviterName(invite);
  const agency = invite.inviter.agencyName;
  const isMatchmakerInvite = invite.grantsRole === "INVITER";
  return (
    <Paper bg="rose.0" p="md" radius="md" style={{ border: "1px solid var(--mantine-color-rose-1)" }}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Avatar color="rose" radius="xl" name={agency ?? name} aria-hidden />
        <Stack gap={2}>
          <Text size="xs" c="rose.9" fw={600} tt="uppercase" lts={0.4}>
            {t("register.invitedBy")}
          </Text>
          <Text fw={600} lh={1.3}>
            {agency ?? name}
          </Text>
          {agency && (
            <Text size="sm" c="gray.7">
              {name}
            </Text>
          )}
          <Text size="sm" c="gray.8" mt={4}>
            {isMatchmakerInvite
              ? t("register.grantsMatchmaker", { product: PRODUCT_NAME })
              : t("register.grantsClient", { agency: agency ?? name })}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

function RegisterForm({ invite, token }: { invite: InviteView; token: string | undefined }) {
  const { t, i18n } = useTranslation();
  const toMessage = useErrorMessage();
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const methods = useAuthMethods();
  const [failure, setFailure] = useState<unknown>(null);
  const termsPath = termsPathFor(invite.grantsRole);

  const {
    register,
    handleSubmit,
    setError,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput, unknown, RegisterBody>({
    resolver: registerResolver,
    defaultValues: {
      inviteCode: invite.code,
      ...(token ? { inviteToken: token } : {}),
      ...(isLocale(i18n.language) ? { locale: i18n.language } : {}),
      firstName: "",
      lastName: "",
      email: "",
      password: "",
      confirmPassword: "",
      termsAccepted: false,
    },
  });

  const submit = async (values: RegisterBody) => {
    setFailure(null);
    try {
      const user = await registerAccount(values);
      authStore.setUser(user);
      notifications.show({ color: "teal", message: t("register.welcome", { product: PRODUCT_NAME }) });
      await navigate(homePathFor(user), { replace: true });
    } catch (error) {
      const isPlaced = applyServerErrors(error, setError, toMessage, FIELDS, { EMAIL_TAKEN: "email" });
      if (!isPlaced) setFailure(error);
    }
  };

  // The provider route needs the terms accepted here first; then the browser leaves for the provider.
  const signUpWithProvider = async () => {
    if (!(await trigger("termsAccepted"))) return;
    window.location.assign(oidcStartPath({ redirect: DASHBOARD_PATH, invite: invite.code }));
  };

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} fz="h2">
          {t("register.title")}
        </Title>
        <Text c="dimmed">{t("register.lead")}</Text>
      </Stack>

      <InviteSummary invite={invite} />

      {failure !== null && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={20} />}
          title={t("register.failed")}
          role="alert"
        >
          {toMessage(failure)}
        </Alert>
      )}

      <form noValidate onSubmit={handleSubmit(submit)}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t("register.firstName")}
              autoComplete="given-name"
              required
              error={fieldError(errors.firstName, "validation.required", { max: NAME_MAX })}
              {...register("firstName")}
            />
            <TextInput
              label={t("register.lastName")}
              autoComplete="family-name"
              required
              error={fieldError(errors.lastName, "validation.required", { max: NAME_MAX })}
              {...register("lastName")}
            />
          </SimpleGrid>
          <TextInput
            label={t("login.email")}
            placeholder={t("login.emailPlaceholder")}
            type="email"
            autoComplete="email"
            required
            error={fieldError(errors.email, "validation.email")}
            {...register("email")}
          />
          <PasswordInput
            label={t("login.password")}
            description={t("register.passwordHint", { min: LIMITS.passwordMinLength })}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ "aria-label": t("login.togglePassword") }}
            required
            error={fieldError(errors.password, "validation.passwordMin", { min: LIMITS.passwordMinLength })}
            {...register("password")}
          />
          <PasswordInput
            label={t("register.confirmPassword")}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ "aria-label": t("login.togglePassword") }}
            required
            error={fieldError(errors.confirmPassword, "validation.passwordsMatch")}
            {...register("confirmPassword")}
          />
          <Checkbox
            label={
              <Trans
                i18nKey={
                  invite.grantsRole === "INVITER" ? "register.termsMatchmaker" : "register.termsClient"
                }
                components={{
                  terms: <Anchor component={Link} to={termsPath} target="_blank" rel="noopener" inherit />,
                }}
              />
            }
            error={fieldError(errors.termsAccepted, "validation.termsRequired")}
            {...register("termsAccepted")}
          />
          <Button type="submit" size="md" fullWidth loading={isSubmitting} mt="xs">
            {t("register.submit")}
          </Button>
        </Stack>
      </form>

      {methods?.oidc.enabled && (
        <>
          <Divider label={t("login.or")} labelPosition="center" />
          <Button
            variant="default"
            size="md"
            fullWidth
            leftSection={<IconLogin2 size={18} />}
            onClick={() => void signUpWithProvider()}
          >
            {t("register.signUpWith", { provider: methods.oidc.name })}
          </Button>
          <Text size="xs" c="dimmed" ta="center" mt={-8}>
            {t("register.providerHint")}
          </Text>
        </>
      )}

      <Text size="sm" c="dimmed" ta="center">
        {t("register.haveAccount")}{" "}
        <Anchor component={Link} to="/login" size="sm">
          {t("register.signIn")}
        </Anchor>
      </Text>
    </Stack>
  );
}
