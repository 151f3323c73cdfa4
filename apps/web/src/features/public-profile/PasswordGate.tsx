import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { PublicAccessBody } from "@matchdesk/contract";
import { IconClockHour4, IconLock, IconLockOpen, IconShieldCheck } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { applyServerErrors } from "../../lib/form-errors";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { useFieldError } from "../../lib/useFieldError";
import type { AccessOutcome } from "./public-profile";

/** What opening with a password came to: null when the profile opened. */
export type OpenResult = { outcome: AccessOutcome; error: unknown } | null;

type Props = {
  onOpen: (password: string) => Promise<OpenResult>;
};

type AccessInput = z.infer<typeof PublicAccessBody>;
const FIELDS = ["password"] as const;

/** Counts down to `until` (a time in ms) once a second; 0 when there is nothing to wait for. */
function useSecondsLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * SPEC 2 "public profile access: asks for a password". A wrong password is said on the field; too
 * many tries (429) say how long to wait and hold the button until then.
 */
export function PasswordGate({ onOpen }: Props) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const fieldError = useFieldError();
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const secondsLeft = useSecondsLeft(waitUntil);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<AccessInput>({
    resolver: zodResolver(PublicAccessBody),
    defaultValues: { password: "" },
  });

  const submit = async ({ password }: AccessInput) => {
    setWaitUntil(null);
    const result = await onOpen(password);
    if (!result) return;
    if (result.outcome.kind === "password") {
      applyServerErrors(result.error, setError, toMessage, FIELDS, { INCORRECT_PASSWORD: "password" });
      setFocus("password", { shouldSelect: true });
    }
    if (result.outcome.kind === "rateLimited") {
      setWaitUntil(Date.now() + result.outcome.retryAfterSeconds * 1000);
    }
  };

  const isWaiting = secondsLeft > 0;

  return (
    <Paper withBorder shadow="sm" radius="xl" p={{ base: "lg", sm: 40 }} maw={460} mx="auto" w="100%">
      <Stack gap="lg">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
            <IconLock size={30} stroke={1.6} />
          </ThemeIcon>
          <Text fw={700} c="rose.7" fz="xs" tt="uppercase" lts={1}>
            {t("publicProfile.eyebrow")}
          </Text>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t("publicProfile.gate.title")}
          </Title>
          <Text c="gray.7">{t("publicProfile.gate.lead")}</Text>
        </Stack>

        <form noValidate onSubmit={handleSubmit(submit)}>
          <Stack gap="md">
            <PasswordInput
              label={t("publicProfile.gate.password")}
              size="md"
              autoComplete="off"
              autoFocus
              required
              error={fieldError(errors.password, "validation.required")}
              aria-invalid={errors.password ? true : undefined}
              {...register("password")}
            />
            {isWaiting && (
              <Alert
                color="orange"
                variant="light"
                icon={<IconClockHour4 size={20} />}
                title={t("publicProfile.gate.tooManyTitle")}
                role="alert"
              >
                {t("publicProfile.gate.tooManyText")}
              </Alert>
            )}
            <Button
              type="submit"
              size="md"
              fullWidth
              loading={isSubmitting}
              disabled={isWaiting}
              leftSection={<IconLockOpen size={18} />}
            >
              {isWaiting
                ? t("publicProfile.gate.wait", { count: secondsLeft })
                : t("publicProfile.gate.submit")}
            </Button>
          </Stack>
        </form>

        <Group gap={8} justify="center" wrap="nowrap">
          <IconShieldCheck
            size={16}
            color="var(--mantine-color-teal-7)"
            aria-hidden
            style={{ flexShrink: 0 }}
          />
          <Text size="xs" c="dimmed">
            {t("publicProfile.gate.privacy")}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
