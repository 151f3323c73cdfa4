import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Button,
  Divider,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { LIMITS } from "@matchdesk/contract";
import { IconAlertCircle, IconLogin2 } from "@tabler/icons-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../lib/api";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { usePageTitle } from "../../ui/usePageTitle";
import { signInWithPassword } from "./auth-calls";
import { oidcStartPath, useAuthMethods } from "./auth-methods";
import { authStore } from "./auth-store";
import { EmailLinkRequestForm } from "./EmailLinkRequestForm";
import { LoginForm, type LoginFormInput, type LoginFormValues } from "./login-form";
import { safeRedirectPath } from "./redirect-target";
import { DASHBOARD_PATH, needsOnboarding, ONBOARDING_PATH } from "./routing-rules";

type Method = "password" | "emailLink";

export function LoginPage() {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const methods = useAuthMethods();
  const [method, setMethod] = useState<Method>("password");
  usePageTitle(t("login.title"));
  const redirect = safeRedirectPath(searchParams.get("redirect"), window.location.origin);

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginFormInput, unknown, LoginFormValues>({
    resolver: zodResolver(LoginForm),
    defaultValues: { email: "", password: "" },
  });

  // A plain request: react-query stays out of the public site's bundles.
  const [isPending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const submit = async (values: LoginFormValues) => {
    setPending(true);
    setFailure(null);
    try {
      const user = await signInWithPassword(values);
      authStore.setUser(user);
      // An unfinished matchmaker would be sent on to onboarding by the route guard anyway.
      const target = needsOnboarding(user) ? ONBOARDING_PATH : (redirect ?? DASHBOARD_PATH);
      await navigate(target, { replace: true });
    } catch (error) {
      setFailure(error);
      setPending(false);
    }
  };

  // A paused sign-in (issue 16): a matchmaker need not wait, the e-mail link is always open.
  const isThrottled = failure instanceof ApiError && failure.code === "RATE_LIMITED";

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} fz="h2">
          {t("login.title")}
        </Title>
        <Text c="dimmed">{t("login.lead")}</Text>
      </Stack>

      <SegmentedControl
        fullWidth
        value={method}
        onChange={(value) => setMethod(value as Method)}
        data={[
          { value: "password", label: t("login.methodPassword") },
          { value: "emailLink", label: t("login.methodEmailLink") },
        ]}
        aria-label={t("login.methodLabel")}
      />

      {method === "password" ? (
        <>
          {failure !== null && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={20} />}
              title={t("login.failed")}
              role="alert"
            >
              {toMessage(failure)}
              {isThrottled && (
                <Stack gap="xs" mt="xs" align="flex-start">
                  <Text size="sm">{t("login.throttledHint")}</Text>
                  <Button
                    variant="white"
                    size="xs"
                    onClick={() => {
                      setFailure(null);
                      setMethod("emailLink");
                    }}
                  >
                    {t("login.useEmailLink")}
                  </Button>
                </Stack>
              )}
            </Alert>
          )}

          <form noValidate onSubmit={handleSubmit(submit)}>
            <Stack gap="md">
              <TextInput
                label={t("login.email")}
                placeholder={t("login.emailPlaceholder")}
                type="email"
                autoComplete="email"
                required
                size="md"
                error={errors.email ? t("validation.email") : undefined}
                {...register("email")}
              />
              <PasswordInput
                label={t("login.password")}
                autoComplete="current-password"
                visibilityToggleButtonProps={{ "aria-label": t("login.togglePassword") }}
                required
                size="md"
                error={
                  errors.password ? t("validation.passwordMin", { min: LIMITS.passwordMinLength }) : undefined
                }
                {...register("password")}
              />
              <Button type="submit" size="md" fullWidth loading={isPending} mt="xs">
                {t("login.submit")}
              </Button>
            </Stack>
          </form>
        </>
      ) : (
        <EmailLinkRequestForm />
      )}

      {methods?.oidc.enabled && (
        <>
          <Divider label={t("login.or")} labelPosition="center" />
          <Button
            component="a"
            href={oidcStartPath({ redirect: redirect ?? DASHBOARD_PATH })}
            variant="default"
            size="md"
            fullWidth
            leftSection={<IconLogin2 size={18} />}
          >
            {t("login.continueWith", { provider: methods.oidc.name })}
          </Button>
        </>
      )}

      <Text size="sm" c="dimmed" ta="center">
        {t("login.help")}
      </Text>
    </Stack>
  );
}
