import { zodResolver } from "@hookform/resolvers/zod";
import { Anchor, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { APPLICATION_LIMITS, ContactBody, type Locale } from "@matchdesk/contract";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { z } from "zod";
import { applyServerErrors } from "../../lib/form-errors";
import { queryClient } from "../../lib/query-client";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { useFieldError } from "../../lib/useFieldError";
import { usePageTitle } from "../../ui/usePageTitle";
import { PublicFormPage } from "./PublicForm";
import { useContact } from "./useApplications";

type ContactInput = z.input<typeof ContactBody>;
const FIELDS = ["name", "email", "topic", "message"] as const;

/** The contact form: for anyone who is not applying as a matchmaker. */
export function ContactPage() {
  // The public site has no query client of its own; this page brings it.
  return (
    <QueryClientProvider client={queryClient}>
      <ContactForm />
    </QueryClientProvider>
  );
}

function ContactForm() {
  const { t, i18n } = useTranslation();
  usePageTitle(t("applications.contact.pageTitle"));
  const fieldError = useFieldError();
  const toMessage = useErrorMessage();
  const [isSent, setSent] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const contact = useContact();
  const form = useForm<ContactInput, unknown, ContactBody>({
    resolver: zodResolver(ContactBody) as Resolver<ContactInput, unknown, ContactBody>,
    defaultValues: { name: "", email: "", topic: "", message: "", website: "" },
  });
  const e = form.formState.errors;
  const submit = form.handleSubmit(async (body) => {
    setRefusal(null);
    try {
      await contact.mutateAsync({ ...body, locale: i18n.language as Locale });
      setSent(true);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, toMessage, FIELDS)) setRefusal(toMessage(error));
    }
  });

  return (
    <PublicFormPage
      title={t("applications.contact.title")}
      lead={t("applications.contact.lead")}
      formTitle={t("applications.contact.formTitle")}
      sentText={isSent ? t("applications.contact.sent") : null}
      error={refusal}
      honeypot={form.register("website")}
      submitLabel={t("applications.contact.submit")}
      isSubmitting={form.formState.isSubmitting}
      onSubmit={(event) => void submit(event)}
      aside={
        <Stack gap="md">
          <Title order={2} fz="h4">
            {t("applications.contact.asideTitle")}
          </Title>
          <Text size="sm" c="gray.7">
            {t("applications.contact.asideText")}
          </Text>
          <Anchor component={Link} to="/apply" fw={600} size="sm">
            {t("applications.contact.applyLink")}
          </Anchor>
          <Anchor component={Link} to="/faq" size="sm">
            {t("applications.contact.faqLink")}
          </Anchor>
        </Stack>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t("applications.contact.name")}
          required
          autoComplete="name"
          {...form.register("name")}
          error={fieldError(e.name, "validation.required", { max: 100 })}
        />
        <TextInput
          label={t("applications.contact.email")}
          type="email"
          required
          autoComplete="email"
          {...form.register("email")}
          error={fieldError(e.email, "validation.email")}
        />
      </SimpleGrid>
      <TextInput
        label={t("applications.contact.topic")}
        {...form.register("topic")}
        error={fieldError(e.topic, "validation.maxLength", { max: APPLICATION_LIMITS.topicMax })}
      />
      <Textarea
        label={t("applications.contact.message")}
        required
        autosize
        minRows={5}
        {...form.register("message")}
        error={fieldError(e.message, "validation.required", { max: APPLICATION_LIMITS.messageMax })}
      />
    </PublicFormPage>
  );
}
