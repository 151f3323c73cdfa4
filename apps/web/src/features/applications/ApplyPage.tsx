import { zodResolver } from "@hookform/resolvers/zod";
import { Anchor, List, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { APPLICATION_LIMITS, ApplyBody, type Locale, PLANS } from "@matchdesk/contract";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { z } from "zod";
import { applyServerErrors } from "../../lib/form-errors";
import { queryClient } from "../../lib/query-client";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { useFieldError } from "../../lib/useFieldError";
import { usePageTitle } from "../../ui/usePageTitle";
import { PublicFormPage } from "./PublicForm";
import { useApply } from "./useApplications";

type ApplyInput = z.input<typeof ApplyBody>;
const FIELDS = ["agencyName", "firstName", "lastName", "email", "phone", "city", "message"] as const;
const STEPS = ["review", "approve", "signIn"] as const;

/** "Apply as a matchmaker": a new agency's way in, reviewed by an admin. */
export function ApplyPage() {
  // The public site has no query client of its own; this page brings it.
  return (
    <QueryClientProvider client={queryClient}>
      <ApplyForm />
    </QueryClientProvider>
  );
}

function ApplyForm() {
  const { t, i18n } = useTranslation();
  usePageTitle(t("applications.apply.pageTitle"));
  const fieldError = useFieldError();
  const toMessage = useErrorMessage();
  const [params] = useSearchParams();
  const plan = PLANS.find((p) => p.id === params.get("plan"));
  const [isSent, setSent] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const apply = useApply();
  const form = useForm<ApplyInput, unknown, ApplyBody>({
    resolver: zodResolver(ApplyBody) as Resolver<ApplyInput, unknown, ApplyBody>,
    defaultValues: {
      agencyName: "",
      firstName: "",
      lastName: "",
      email: "",
      phone: "",
      city: "",
      message: "",
      website: "",
    },
  });
  const e = form.formState.errors;
  const submit = form.handleSubmit(async (body) => {
    setRefusal(null);
    try {
      await apply.mutateAsync({ ...body, locale: i18n.language as Locale, ...(plan && { plan: plan.id }) });
      setSent(true);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, toMessage, FIELDS)) {
        setRefusal(toMessage(error));
      }
    }
  });

  return (
    <PublicFormPage
      title={t("applications.apply.title")}
      lead={t("applications.apply.lead")}
      formTitle={t("applications.apply.formTitle")}
      sentText={isSent ? t("applications.apply.sent") : null}
      error={refusal}
      honeypot={form.register("website")}
      submitLabel={t("applications.apply.submit")}
      isSubmitting={form.formState.isSubmitting}
      onSubmit={(event) => void submit(event)}
      aside={
        <Stack gap="md">
          <Title order={2} fz="h4">
            {t("applications.apply.next.title")}
          </Title>
          <List spacing="md" type="ordered">
            {STEPS.map((step) => (
              <List.Item key={step}>
                <Text size="sm" c="gray.7">
                  {t(`applications.apply.next.${step}`)}
                </Text>
              </List.Item>
            ))}
          </List>
          {plan && (
            <Text size="sm" c="gray.7" data-testid="apply-plan">
              {t("applications.apply.planNote", { plan: t(`pricing.plans.${plan.id}.name`) })}
            </Text>
          )}
          <Text size="sm" c="gray.7">
            {t("applications.apply.question")}{" "}
            <Anchor component={Link} to="/contact" underline="always">
              {t("applications.apply.contactLink")}
            </Anchor>
          </Text>
        </Stack>
      }
    >
      <TextInput
        label={t("applications.apply.agencyName")}
        required
        autoComplete="organization"
        {...form.register("agencyName")}
        error={fieldError(e.agencyName, "validation.required", { max: 120 })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t("applications.apply.firstName")}
          required
          autoComplete="given-name"
          {...form.register("firstName")}
          error={fieldError(e.firstName, "validation.required", { max: 100 })}
        />
        <TextInput
          label={t("applications.apply.lastName")}
          required
          autoComplete="family-name"
          {...form.register("lastName")}
          error={fieldError(e.lastName, "validation.required", { max: 100 })}
        />
        <TextInput
          label={t("applications.apply.email")}
          type="email"
          required
          autoComplete="email"
          {...form.register("email")}
          error={fieldError(e.email, "validation.email")}
        />
        <TextInput
          label={t("applications.apply.phone")}
          type="tel"
          required
          autoComplete="tel"
          {...form.register("phone")}
          error={fieldError(e.phone, "applications.apply.phoneInvalid")}
        />
      </SimpleGrid>
      <TextInput
        label={t("applications.apply.city")}
        required
        autoComplete="address-level2"
        {...form.register("city")}
        error={fieldError(e.city, "validation.required", { max: 100 })}
      />
      <Textarea
        label={t("applications.apply.message")}
        description={t("applications.apply.messageHint")}
        autosize
        minRows={3}
        {...form.register("message")}
        error={fieldError(e.message, "validation.maxLength", { max: APPLICATION_LIMITS.messageMax })}
      />
    </PublicFormPage>
  );
}
