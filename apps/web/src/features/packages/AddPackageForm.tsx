import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, NativeSelect, NumberInput, SimpleGrid, Stack } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { addDays, CreatePackageBody, Currency, dayOf } from "@matchdesk/contract";
import { IconAlertCircle } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { applyServerErrors } from "../../lib/form-errors";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { useFieldError } from "../../lib/useFieldError";
import { LocalizedDateInput } from "../../ui/DateInput";
import { useCreatePackage, useDefaultCurrency } from "./usePackages";

type Input = z.input<typeof CreatePackageBody>;
type Output = z.output<typeof CreatePackageBody>;
const FIELDS = ["introductionsPromised", "startsOn", "endsOn", "price", "currency"] as const;
// A package sold today for six months, until the amounts are typed in.
const empty = (currency: Currency): Input => {
  const today = dayOf(new Date());
  return {
    introductionsPromised: Number.NaN,
    startsOn: today,
    endsOn: addDays(today, 179),
    price: Number.NaN,
    currency,
  };
};
const shown = (value: number) => (Number.isNaN(value) ? "" : value);

/** Records what a client bought: introductions promised, the period and the price. */
export function AddPackageForm({ clientId, onDone }: { clientId: string; onDone?: () => void }) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const fieldError = useFieldError();
  const create = useCreatePackage(clientId);
  const currency = useDefaultCurrency();
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getFieldState,
    formState: { errors },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(CreatePackageBody),
    defaultValues: empty(currency),
  });
  // The agency's currency may arrive after the first render; a currency chosen by hand stays.
  useEffect(() => {
    if (!getFieldState("currency").isDirty) setValue("currency", currency);
  }, [currency, getFieldState, setValue]);

  const submit = (values: Output) => {
    setFailure(null);
    create.mutate(values, {
      onSuccess: () => {
        notifications.show({ color: "teal", message: t("packages.form.done") });
        onDone?.();
      },
      onError: (error) => {
        const placed = applyServerErrors(error, setError, toMessage, FIELDS, {
          PACKAGE_OVERLAPS: "startsOn",
        });
        if (!placed) setFailure(error);
      },
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} aria-label={t("packages.form.title")}>
      <Stack gap="md">
        {failure !== null && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={20} />}
            title={t("packages.form.failed")}
            role="alert"
          >
            {toMessage(failure)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
          <Controller
            control={control}
            name="introductionsPromised"
            render={({ field }) => (
              <NumberInput
                label={t("packages.form.promised")}
                required
                min={1}
                max={1000}
                clampBehavior="none"
                allowDecimal={false}
                allowNegative={false}
                value={shown(field.value)}
                onChange={(value) => field.onChange(typeof value === "number" ? value : Number.NaN)}
                onBlur={field.onBlur}
                error={errors.introductionsPromised ? t("packages.form.promisedInvalid") : undefined}
              />
            )}
          />
          <Controller
            control={control}
            name="startsOn"
            render={({ field }) => (
              <LocalizedDateInput
                inputRef={field.ref}
                name={field.name}
                label={t("packages.form.startsOn")}
                required
                value={field.value}
                onChange={(value) => field.onChange(value ?? "")}
                onBlur={field.onBlur}
                error={fieldError(errors.startsOn, "packages.form.dateInvalid")}
              />
            )}
          />
          <Controller
            control={control}
            name="endsOn"
            render={({ field }) => (
              <LocalizedDateInput
                inputRef={field.ref}
                name={field.name}
                label={t("packages.form.endsOn")}
                required
                value={field.value}
                onChange={(value) => field.onChange(value ?? "")}
                onBlur={field.onBlur}
                error={fieldError(errors.endsOn, "packages.form.endsOnInvalid")}
              />
            )}
          />
          <Controller
            control={control}
            name="price"
            render={({ field }) => (
              <NumberInput
                label={t("packages.form.price")}
                required
                min={0}
                clampBehavior="none"
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator=" "
                value={shown(field.value)}
                onChange={(value) => field.onChange(typeof value === "number" ? value : Number.NaN)}
                onBlur={field.onBlur}
                error={errors.price ? t("packages.form.priceInvalid") : undefined}
              />
            )}
          />
          <NativeSelect
            label={t("packages.form.currency")}
            data={Currency.options}
            {...register("currency")}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          {onDone && (
            <Button variant="default" onClick={onDone}>
              {t("common.cancel")}
            </Button>
          )}
          <Button type="submit" loading={create.isPending}>
            {t("packages.form.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
