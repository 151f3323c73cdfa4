import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Box,
  Button,
  Card,
  Group,
  Rating,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  CreateReviewBody,
  JoinAgencyBody,
  MARKETPLACE_LIMITS,
  type RatingBody,
  RatingDimensions,
} from "@matchdesk/contract";
import { IconCheck } from "@tabler/icons-react";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { applyServerErrors } from "../../lib/form-errors";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { useFieldError } from "../../lib/useFieldError";
import { useJoinAgency, useRateAgency, useReviewAgency } from "./useMarketplace";

// The honeypot sits off screen: people never see or fill it, form-filling bots do.
const honeypotStyle = {
  position: "absolute",
  left: "-10000px",
  width: 1,
  height: 1,
  overflow: "hidden",
} as const;

type ReviewInput = z.input<typeof CreateReviewBody>;
const REVIEW_FIELDS = ["authorName", "authorEmail", "text"] as const;

/** SPEC 5 review: name, e-mail and a text of a minimum length; published after moderation. */
export function ReviewForm({ agencyId }: { agencyId: string }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const toMessage = useErrorMessage();
  const [isSent, setSent] = useState(false);
  const review = useReviewAgency(agencyId);
  const form = useForm<ReviewInput, unknown, CreateReviewBody>({
    resolver: zodResolver(CreateReviewBody) as Resolver<ReviewInput, unknown, CreateReviewBody>,
    defaultValues: { authorName: "", authorEmail: "", text: "", website: "" },
  });
  const e = form.formState.errors;
  const submit = form.handleSubmit(async (body) => {
    try {
      await review.mutateAsync(body);
      form.reset();
      setSent(true);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, toMessage, REVIEW_FIELDS)) {
        notifications.show({ color: "red", message: toMessage(error) });
      }
    }
  });
  const min = MARKETPLACE_LIMITS.reviewTextMin;
  return (
    <Card padding="lg" withBorder component="section" aria-labelledby="review-form-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={3} fz="h4" id="review-form-title">
            {t("marketplace.reviews.writeTitle")}
          </Title>
          <Text size="sm" c="gray.7">
            {t("marketplace.reviews.writeLead")}
          </Text>
        </Stack>
        {isSent && (
          <Alert color="teal" variant="light" icon={<IconCheck size={18} />} role="status">
            {t("marketplace.reviews.sent")}
          </Alert>
        )}
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t("marketplace.reviews.authorName")}
                required
                {...form.register("authorName")}
                error={fieldError(e.authorName, "validation.required", { max: 100 })}
              />
              <TextInput
                label={t("marketplace.reviews.authorEmail")}
                type="email"
                required
                {...form.register("authorEmail")}
                error={fieldError(e.authorEmail, "validation.email")}
              />
            </SimpleGrid>
            <Textarea
              label={t("marketplace.reviews.text")}
              description={t("marketplace.reviews.textHint", { min })}
              required
              autosize
              minRows={4}
              {...form.register("text")}
              error={fieldError(e.text, "marketplace.reviews.textHint", {
                min,
                max: MARKETPLACE_LIMITS.reviewTextMax,
              })}
            />
            <Box style={honeypotStyle} aria-hidden>
              <TextInput
                label={t("marketplace.agency.join.honeypot")}
                tabIndex={-1}
                autoComplete="off"
                {...form.register("website")}
              />
            </Box>
            <Group justify="flex-end">
              <Button type="submit" loading={form.formState.isSubmitting}>
                {t("marketplace.reviews.submit")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}

type JoinInput = z.input<typeof JoinAgencyBody>;
const JOIN_FIELDS = ["firstName", "lastName", "email", "phone", "message"] as const;

/** "Join the agency base": the person becomes a client in the matchmaker's base. */
export function JoinForm({ agencyId }: { agencyId: string }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const toMessage = useErrorMessage();
  const [isSent, setSent] = useState(false);
  const join = useJoinAgency(agencyId);
  const form = useForm<JoinInput, unknown, JoinAgencyBody>({
    resolver: zodResolver(JoinAgencyBody) as Resolver<JoinInput, unknown, JoinAgencyBody>,
    defaultValues: { firstName: "", lastName: "", email: "", message: "", website: "" },
  });
  const e = form.formState.errors;
  const submit = form.handleSubmit(async (body) => {
    try {
      await join.mutateAsync({ ...body, phone: body.phone || undefined });
      form.reset();
      setSent(true);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, toMessage, JOIN_FIELDS)) {
        notifications.show({ color: "red", message: toMessage(error) });
      }
    }
  });
  return (
    <Card padding="lg" withBorder component="section" aria-labelledby="join-title" bg="rose.0">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="h4" id="join-title">
            {t("marketplace.agency.join.title")}
          </Title>
          <Text size="sm" c="gray.7">
            {t("marketplace.agency.join.lead")}
          </Text>
        </Stack>
        {isSent ? (
          <Alert color="teal" variant="light" icon={<IconCheck size={18} />} role="status">
            {t("marketplace.agency.join.sent")}
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <TextInput
                label={t("marketplace.agency.join.firstName")}
                required
                {...form.register("firstName")}
                error={fieldError(e.firstName, "validation.required", { max: 100 })}
              />
              <TextInput
                label={t("marketplace.agency.join.lastName")}
                required
                {...form.register("lastName")}
                error={fieldError(e.lastName, "validation.required", { max: 100 })}
              />
              <TextInput
                label={t("marketplace.agency.join.email")}
                type="email"
                required
                {...form.register("email")}
                error={fieldError(e.email, "validation.email")}
              />
              <TextInput
                label={t("marketplace.agency.join.phone")}
                type="tel"
                {...form.register("phone", { setValueAs: (v: string) => (v ? v : undefined) })}
                error={fieldError(e.phone, "errors.VALIDATION_FAILED")}
              />
              <Textarea
                label={t("marketplace.agency.join.message")}
                autosize
                minRows={2}
                {...form.register("message")}
                error={fieldError(e.message, "validation.maxLength", { max: 2000 })}
              />
              <Box style={honeypotStyle} aria-hidden>
                <TextInput
                  label={t("marketplace.agency.join.honeypot")}
                  tabIndex={-1}
                  autoComplete="off"
                  {...form.register("website")}
                />
              </Box>
              <Button type="submit" loading={form.formState.isSubmitting}>
                {t("marketplace.agency.join.submit")}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}

/** A matchmaker's own rating of another agency: five dimensions, 1 to 5 stars. */
export function RateForm({ agencyId, initial }: { agencyId: string; initial: RatingBody | null }) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const [stars, setStars] = useState<Partial<RatingBody>>(initial ?? {});
  const rate = useRateAgency(agencyId);
  const save = (body: RatingBody) =>
    rate.mutate(body, {
      onSuccess: () => notifications.show({ color: "teal", message: t("marketplace.rating.saved") }),
      onError: (error) => notifications.show({ color: "red", message: toMessage(error) }),
    });
  const isComplete = RatingDimensions.every((d) => stars[d] !== undefined);
  return (
    <Card padding="lg" withBorder component="section" aria-labelledby="rate-title">
      <Stack gap="sm">
        <Title order={3} fz="h4" id="rate-title">
          {t("marketplace.rating.rateTitle")}
        </Title>
        <Text size="sm" c="gray.7">
          {t("marketplace.rating.rateLead")}
        </Text>
        {RatingDimensions.map((d) => (
          <Group key={d} justify="space-between" wrap="nowrap">
            <Text size="sm">{t(`marketplace.rating.${d}`)}</Text>
            <Rating
              value={stars[d] ?? 0}
              onChange={(value) => setStars({ ...stars, [d]: value })}
              aria-label={t(`marketplace.rating.${d}`)}
            />
          </Group>
        ))}
        <Group justify="flex-end">
          <Button
            disabled={!isComplete}
            loading={rate.isPending}
            onClick={() => isComplete && save(stars as RatingBody)}
          >
            {t("marketplace.rating.save")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
