import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  addDays,
  dayOf,
  daysBetween,
  PACKAGE_LIMITS,
  type PackageView,
  PausePackageBody,
} from "@matchdesk/contract";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { applyServerErrors } from "../../lib/form-errors";
import { formatDate } from "../../lib/format-date";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { useFieldError } from "../../lib/useFieldError";
import { LocalizedDateInput } from "../../ui/DateInput";
import { usePausePackage } from "./usePackages";

type Props = { opened: boolean; onClose: () => void; clientId: string; pkg: PackageView };

/** Pauses a running package from today until a chosen day (once, up to 90 days); shows the new end. */
export function PausePackageDialog({ opened, onClose, clientId, pkg }: Props) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const fieldError = useFieldError();
  const pause = usePausePackage(clientId);
  const [failure, setFailure] = useState<unknown>(null);
  const today = dayOf(new Date());
  const first = addDays(today, 1);
  const last = addDays(today, PACKAGE_LIMITS.pauseDaysMax);
  const empty = { until: addDays(today, 14) };
  const {
    control,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors },
  } = useForm<PausePackageBody>({ resolver: zodResolver(PausePackageBody), defaultValues: empty });
  const until = watch("until");
  const days = until && until >= first && until <= last ? daysBetween(today, until) : null;

  const close = () => {
    reset(empty);
    setFailure(null);
    pause.reset();
    onClose();
  };

  const submit = (body: PausePackageBody) => {
    setFailure(null);
    if (body.until < first || body.until > last) {
      setError("until", { type: "range", message: "" });
      return;
    }
    pause.mutate(
      { packageId: pkg.id, body },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: "teal",
            message: t("packages.pause.done", { date: formatDate(saved.endsOn) }),
          });
          close();
        },
        onError: (error) => {
          const placed = applyServerErrors(error, setError, toMessage, ["until"] as const, {
            PACKAGE_PAUSE_DATE_INVALID: "until",
          });
          if (!placed) setFailure(error);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t("packages.pause.title")} centered>
      <form noValidate onSubmit={handleSubmit(submit)}>
        <Stack gap="md">
          <Text size="sm" c="gray.7">
            {t("packages.pause.lead", { days: PACKAGE_LIMITS.pauseDaysMax })}
          </Text>
          {failure !== null && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={20} />}
              title={t("packages.pause.failed")}
              role="alert"
            >
              {toMessage(failure)}
            </Alert>
          )}
          <Controller
            control={control}
            name="until"
            render={({ field }) => (
              <LocalizedDateInput
                inputRef={field.ref}
                name={field.name}
                label={t("packages.pause.until")}
                required
                min={first}
                max={last}
                value={field.value}
                onChange={(value) => field.onChange(value ?? "")}
                onBlur={field.onBlur}
                error={fieldError(errors.until, "packages.pause.untilInvalid", {
                  days: PACKAGE_LIMITS.pauseDaysMax,
                })}
              />
            )}
          />
          <Text size="sm" aria-live="polite">
            {days !== null
              ? t("packages.pause.preview", {
                  count: days,
                  date: formatDate(addDays(pkg.endsOn, days)),
                  was: formatDate(pkg.endsOn),
                })
              : " "}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={pause.isPending}>
              {t("packages.pause.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
