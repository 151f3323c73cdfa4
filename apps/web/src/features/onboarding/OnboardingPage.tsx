import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Container,
  Group,
  Stack,
  Switch,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  CompleteOnboardingBody,
  type GalleryView,
  LIMITS,
  type PhotoView,
  PRODUCT_NAME,
  type UserView,
} from "@matchdesk/contract";
import { IconAlertCircle, IconCheck } from "@tabler/icons-react";
import { type ChangeEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { Link, Navigate, useNavigate } from "react-router";
import type { z } from "zod";
import { i18n } from "../../i18n/i18n";
import { ApiError } from "../../lib/api";
import { applyServerErrors } from "../../lib/form-errors";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { useFieldError } from "../../lib/useFieldError";
import { usePageTitle } from "../../ui/usePageTitle";
import { authStore, useAuth } from "../auth/auth-store";
import { displayName } from "../auth/auth-user";
import { DASHBOARD_PATH, needsOnboarding } from "../auth/routing-rules";
import { AvatarUpload } from "../media/AvatarUpload";
import { GalleryManager } from "../media/GalleryManager";
import { completeOnboarding } from "./useOnboarding";

type OnboardingInput = Omit<z.input<typeof CompleteOnboardingBody>, "termsAccepted" | "isListed"> & {
  isListed: boolean;
  termsAccepted: boolean;
};
// The form holds the unticked box too; the API's schema insists on `true`.
const onboardingResolver = zodResolver(CompleteOnboardingBody) as unknown as Resolver<
  OnboardingInput,
  unknown,
  CompleteOnboardingBody
>;
const FIELDS = ["agencyName", "login", "termsAccepted"] as const;
const AGENCY_NAME = { min: 2, max: 120 } as const;
const LOGIN = { min: 3, max: 40 } as const;

const showUnavailable = () =>
  notifications.show({
    id: "onboarding-unavailable",
    color: "yellow",
    message: i18n.t("errors.ONBOARDING_UNAVAILABLE"),
  });

/**
 * SPEC 4 onboarding of a new matchmaker: agency name and login, logo, at least one photo, terms.
 * Only for a matchmaker who has not finished it; anyone else gets a warning notice and goes to the
 * dashboard, and no call is made.
 */
export function OnboardingPage() {
  const { user } = useAuth();
  // Set just before the store gets the finished user, so that finishing here is not "refused".
  const isCompletedHere = useRef(false);
  if (!user) return null;
  if (!needsOnboarding(user)) {
    return isCompletedHere.current ? <Navigate to={DASHBOARD_PATH} replace /> : <Refused />;
  }
  const onCompleted = () => {
    isCompletedHere.current = true;
  };
  return <OnboardingForm user={user} onCompleted={onCompleted} />;
}

function Refused() {
  useEffect(() => {
    showUnavailable();
  }, []);
  return <Navigate to={DASHBOARD_PATH} replace />;
}

type StepProps = {
  number: number;
  title: string;
  lead: string;
  isDone: boolean;
  children: ReactNode;
  id: string;
};

function Step({ number, title, lead, isDone, children, id }: StepProps) {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-labelledby={`${id}-title`} shadow="xs" padding="lg" id={id}>
      <Group gap="md" wrap="nowrap" align="flex-start" mb="md">
        <ThemeIcon
          size={32}
          radius="xl"
          variant={isDone ? "filled" : "light"}
          color={isDone ? "teal" : "rose"}
          aria-label={isDone ? t("onboarding.stepDone") : undefined}
          style={{ flexShrink: 0 }}
        >
          {isDone ? (
            <IconCheck size={18} />
          ) : (
            <Text fw={700} size="sm">
              {number}
            </Text>
          )}
        </ThemeIcon>
        <Stack gap={2}>
          <Title order={2} fz="h4" id={`${id}-title`}>
            {title}
          </Title>
          <Text size="sm" c="gray.7">
            {lead}
          </Text>
        </Stack>
      </Group>
      {children}
    </Card>
  );
}

function OnboardingForm({ user, onCompleted }: { user: UserView; onCompleted: () => void }) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const fieldError = useFieldError();
  const navigate = useNavigate();
  usePageTitle(t("onboarding.title"));

  const [avatarUrl, setAvatarUrl] = useState<string | null>(user.avatarUrl);
  const [avatarError, setAvatarError] = useState<string>();
  // The gallery as GalleryManager loaded or last changed it; null until it has loaded.
  const [photos, setPhotos] = useState<PhotoView[] | null>(null);
  const [photoLimit, setPhotoLimit] = useState<number>(LIMITS.photosPerProfile);
  const [photosError, setPhotosError] = useState<string>();
  const [failure, setFailure] = useState<unknown>(null);

  const {
    register,
    handleSubmit,
    setError,
    trigger,
    setValue,
    watch,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<OnboardingInput, unknown, CompleteOnboardingBody>({
    resolver: onboardingResolver,
    mode: "onTouched",
    defaultValues: { agencyName: "", login: "", isListed: true, termsAccepted: false },
  });
  const login = watch("login");
  const agencyName = watch("agencyName");
  const isAgencyDone =
    !errors.agencyName && !errors.login && Boolean(dirtyFields.agencyName && dirtyFields.login);

  const onGallery = (gallery: GalleryView) => {
    setPhotos(gallery.items);
    setPhotoLimit(gallery.limit);
    setPhotosError(undefined);
  };

  const complete = async (values: CompleteOnboardingBody) => {
    setFailure(null);
    // SPEC 4: refused without a call when the user is no longer eligible.
    const current = authStore.getState().user;
    if (!current || !needsOnboarding(current)) {
      showUnavailable();
      await navigate(DASHBOARD_PATH, { replace: true });
      return;
    }
    const isAvatarMissing = !avatarUrl;
    const isPhotoMissing = photos !== null && photos.length === 0;
    setAvatarError(isAvatarMissing ? t("errors.AVATAR_REQUIRED") : undefined);
    setPhotosError(isPhotoMissing ? t("errors.PHOTO_REQUIRED") : undefined);
    if (isAvatarMissing || isPhotoMissing) {
      document
        .getElementById(isAvatarMissing ? "step-logo" : "step-photos")
        ?.scrollIntoView({ block: "center" });
      return;
    }

    try {
      const updated = await completeOnboarding(values);
      onCompleted();
      authStore.setUser(updated);
      notifications.show({ color: "teal", message: t("onboarding.completed", { product: PRODUCT_NAME }) });
      await navigate(DASHBOARD_PATH, { replace: true });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      if (code === "ONBOARDING_UNAVAILABLE") {
        showUnavailable();
        await authStore.fetchUser();
        return;
      }
      if (code === "AVATAR_REQUIRED") return setAvatarError(toMessage(error));
      if (code === "PHOTO_REQUIRED") return setPhotosError(toMessage(error));
      const isPlaced = applyServerErrors(error, setError, toMessage, FIELDS, { AGENCY_LOGIN_TAKEN: "login" });
      if (!isPlaced) setFailure(error);
    }
  };

  return (
    <Container size="sm">
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t("onboarding.title")}
          </Title>
          <Text c="gray.7">{t("onboarding.lead", { name: user.firstName || displayName(user) })}</Text>
        </Stack>

        <form noValidate onSubmit={handleSubmit(complete)}>
          <Stack gap="lg">
            <Step
              id="step-agency"
              number={1}
              title={t("onboarding.agencyTitle")}
              lead={t("onboarding.agencyLead")}
              isDone={isAgencyDone}
            >
              <Stack gap="md">
                <TextInput
                  label={t("onboarding.agencyName")}
                  placeholder={t("onboarding.agencyNamePlaceholder")}
                  required
                  error={fieldError(errors.agencyName, "validation.minLength", AGENCY_NAME)}
                  {...register("agencyName")}
                />
                <TextInput
                  label={t("onboarding.login")}
                  placeholder={t("onboarding.loginPlaceholder")}
                  // The error repeats the rule, so the rule itself steps aside while it shows.
                  description={errors.login ? undefined : t("onboarding.loginRule", LOGIN)}
                  inputWrapperOrder={["label", "input", "description", "error"]}
                  required
                  autoCapitalize="none"
                  autoCorrect="off"
                  spellCheck={false}
                  leftSection={
                    <Text size="sm" c="dimmed">
                      /agency/
                    </Text>
                  }
                  leftSectionWidth={72}
                  error={fieldError(errors.login, "validation.agencyLogin", LOGIN)}
                  {...register("login", {
                    // Capitals are lowered as typed; SPEC 5's rule is checked on every change.
                    onChange: (event: ChangeEvent<HTMLInputElement>) => {
                      const lower = event.target.value.toLowerCase();
                      if (lower !== event.target.value) setValue("login", lower);
                      void trigger("login");
                    },
                  })}
                />
                {login && !errors.login && (
                  <Text size="xs" c="dimmed">
                    {t("onboarding.loginPreview", { url: `${window.location.host}/agency/${login}` })}
                  </Text>
                )}
                <Switch
                  // The form's default (true) as the box's first state: the input is uncontrolled.
                  defaultChecked
                  label={t("onboarding.isListed")}
                  description={t("onboarding.isListedHint")}
                  {...register("isListed")}
                />
              </Stack>
            </Step>

            <Step
              id="step-logo"
              number={2}
              title={t("onboarding.logoTitle")}
              lead={t("onboarding.logoLead")}
              isDone={Boolean(avatarUrl)}
            >
              <AvatarUpload
                imageUrl={avatarUrl}
                name={agencyName || displayName(user)}
                error={avatarError}
                onUploaded={(answer) => {
                  setAvatarUrl(answer.avatarThumbUrl);
                  setAvatarError(undefined);
                }}
              />
            </Step>

            <Step
              id="step-photos"
              number={3}
              title={t("onboarding.photosTitle")}
              lead={t("onboarding.photosLead", { limit: photoLimit })}
              isDone={(photos?.length ?? 0) > 0}
            >
              <GalleryManager profileId={user.id} onChange={onGallery} error={photosError} />
            </Step>

            <Step
              id="step-terms"
              number={4}
              title={t("onboarding.termsTitle")}
              lead={t("onboarding.termsLead")}
              isDone={watch("termsAccepted")}
            >
              <Stack gap="lg">
                <Checkbox
                  label={
                    <Trans
                      i18nKey="onboarding.termsAccept"
                      components={{
                        terms: (
                          <Anchor
                            component={Link}
                            to="/matcher-terms"
                            target="_blank"
                            rel="noopener"
                            inherit
                          />
                        ),
                      }}
                    />
                  }
                  error={fieldError(errors.termsAccepted, "validation.termsRequired")}
                  {...register("termsAccepted")}
                />
                {failure !== null && (
                  <Alert
                    color="red"
                    variant="light"
                    icon={<IconAlertCircle size={20} />}
                    title={t("onboarding.saveFailed")}
                    role="alert"
                  >
                    {toMessage(failure)}
                  </Alert>
                )}
                <Group justify="flex-end">
                  <Button type="submit" size="md" loading={isSubmitting}>
                    {t("onboarding.submit")}
                  </Button>
                </Group>
              </Stack>
            </Step>
          </Stack>
        </form>
      </Stack>
    </Container>
  );
}
