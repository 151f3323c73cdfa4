import {
  Anchor,
  Avatar,
  Button,
  Card,
  Center,
  Group,
  RingProgress,
  Skeleton,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import type { ProfilePatchBody, ProfileView } from "@matchdesk/contract";
import {
  IconArrowLeft,
  IconCertificate,
  IconExternalLink,
  IconEye,
  IconForms,
  IconHeartSearch,
  IconLock,
  IconMailPlus,
  IconPhoto,
  IconShieldLock,
  IconUserQuestion,
} from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { ApiError } from "../../lib/api";
import { deferred } from "../../ui/deferred";
import { LoadFailed } from "../../ui/LoadFailed";
import { usePageTitle } from "../../ui/usePageTitle";
import { ClientDataPanel } from "../data-rights/ClientDataPanel";
import { ClientIntroductionsCard } from "../introductions/ClientIntroductionsCard";
import { CertificatesManager } from "../media/CertificatesManager";
import { GalleryManager } from "../media/GalleryManager";
import { ClientPackageCard } from "../packages/ClientPackageCard";
import { ProfileEditor } from "../profile/ProfileEditor";
import { ProfileStatusBadge } from "../profile/ProfileStatusBadge";
import { profileKey, saveProfile, useProfile, useProfilePassword } from "../profile/useProfile";
import { RecalibrationCard } from "../recalibration/RecalibrationCard";
import { ClientActions } from "./ClientActions";
import { ClientBadges } from "./ClientBadges";
import classes from "./ClientDetailPage.module.css";
import { DisplaySettingsDialog } from "./DisplaySettingsDialog";
import { ProfilePasswordDialog } from "./ProfilePasswordDialog";
import { useClientContact } from "./useClientContact";
import { invalidateClients, useClientItem } from "./useClients";

const ClientEmailDialog = deferred(() => import("./ClientEmailDialog"), "ClientEmailDialog");

const CLIENTS_PATH = "/admin/invited-users";
/** The candidates page with one client picked (its `client` URL parameter). */
const candidatesPath = (clientId: string) => `/admin/candidates?${new URLSearchParams({ client: clientId })}`;
const TABS = ["questionnaire", "photos", "certificates", "data"] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/**
 * SPEC 2 /invited-users/{userId} (INVITER, ADMIN): one client. Their state and actions, visible
 * fields, the public profile's password and link, and the questionnaire, photos and certificates.
 */
export function ClientDetailPage() {
  const { userId = "" } = useParams();
  const { t } = useTranslation();
  const profile = useProfile(userId);
  usePageTitle(
    profile.data
      ? `${profile.data.fields.firstName} ${profile.data.fields.lastName}`.trim()
      : t("clients.detail.title"),
  );

  if (profile.error instanceof ApiError && profile.error.status === 404) return <ClientNotFound />;
  if (profile.isError) {
    return (
      <Stack gap="lg" maw={1040}>
        <BackLink />
        <LoadFailed
          title={t("clients.detail.loadFailed")}
          error={profile.error}
          onRetry={() => void profile.refetch()}
        />
      </Stack>
    );
  }
  if (!profile.data) {
    return (
      <Stack gap="lg" maw={1040} role="status" aria-label={t("common.loading")}>
        <Skeleton h={20} w={120} />
        <Skeleton h={150} radius="lg" />
        <Skeleton h={56} radius="lg" />
        <Skeleton h={56} radius="lg" />
      </Stack>
    );
  }
  return <ClientDetail profile={profile.data} />;
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={CLIENTS_PATH} size="sm" c="gray.7" w="fit-content">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {t("clients.detail.back")}
      </Group>
    </Anchor>
  );
}

function ClientDetail({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const tabParam = searchParams.get("tab");
  const tab: Tab = isTab(tabParam) ? tabParam : "questionnaire";
  const [dialog, setDialog] = useState<"display" | "password" | "email" | null>(null);
  const { fields, completeness } = profile;
  const name = `${fields.firstName} ${fields.lastName}`.trim();
  const client = useClientItem(profile.userId).data;
  const contact = useClientContact(client);
  const password = useProfilePassword(profile.userId).data;
  const publicPath = `/profile/${encodeURIComponent(profile.userId)}`;

  const save = (body: ProfilePatchBody) => saveProfile(profile.userId, body);
  const onSaved = (saved: ProfileView) => {
    queryClient.setQueryData(profileKey(saved.userId), saved);
    // The list's name, age, city and status may have changed with it.
    invalidateClients(queryClient);
  };

  return (
    <Stack gap="lg" maw={1040}>
      <BackLink />
      <Card shadow="xs" padding="lg" component="section" aria-labelledby="client-name">
        <Stack gap="md">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <Avatar
              src={profile.avatarUrl}
              name={name}
              color="rose"
              radius="xl"
              size={56}
              aria-hidden
              visibleFrom="xs"
            />
            <Stack gap={6} miw={0} style={{ flex: 1 }}>
              <Title
                order={1}
                fz={{ base: 22, sm: 28 }}
                id="client-name"
                style={{ overflowWrap: "anywhere" }}
              >
                {name}
              </Title>
              {client && (
                <Group gap="xs" wrap="wrap" miw={0}>
                  <Text size="sm" c="dimmed" truncate data-testid="client-contact">
                    {contact}
                  </Text>
                  {client.email === null && !client.hasRegistered && (
                    // Known by phone only: the way to an invitation is an address.
                    <Button
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconMailPlus size={16} />}
                      onClick={() => setDialog("email")}
                    >
                      {t("clients.actions.addEmail")}
                    </Button>
                  )}
                </Group>
              )}
              {client ? <ClientBadges client={client} /> : <ProfileStatusBadge status={profile.status} />}
            </Stack>
            <RingProgress
              size={64}
              thickness={6}
              roundCaps
              sections={[
                { value: completeness.percent, color: completeness.missing.length === 0 ? "teal" : "rose" },
              ]}
              label={
                <Text ta="center" size="xs" fw={700}>
                  {completeness.percent}%
                </Text>
              }
              role="img"
              aria-label={t("profile.editor.completeness", { percent: completeness.percent })}
              title={t("clients.detail.filled", { filled: completeness.filled, total: completeness.total })}
              style={{ flexShrink: 0 }}
            />
          </Group>
          <div className={classes.actions}>
            {/* Only a complete profile can be matched (the candidates page lists only those). */}
            {profile.status !== "incomplete" && (
              <Button
                component={Link}
                to={candidatesPath(profile.userId)}
                leftSection={<IconHeartSearch size={18} />}
              >
                {t("clients.detail.findCandidates")}
              </Button>
            )}
            <Button variant="light" leftSection={<IconEye size={18} />} onClick={() => setDialog("display")}>
              {t("clients.display.open")}
            </Button>
            <Button
              variant="light"
              leftSection={<IconLock size={18} />}
              onClick={() => setDialog("password")}
            >
              {password?.hasPassword
                ? t("clients.password.openSet")
                : password
                  ? t("clients.password.openNotSet")
                  : t("clients.password.open")}
            </Button>
            <Button
              variant="default"
              component={Link}
              to={publicPath}
              target="_blank"
              rel="noopener"
              leftSection={<IconExternalLink size={18} />}
            >
              {t("clients.detail.publicProfile")}
            </Button>
            {client && (
              <ClientActions
                client={client}
                isLabelled
                onDeleted={() => void navigate(CLIENTS_PATH, { replace: true })}
              />
            )}
          </div>
        </Stack>
      </Card>
      <RecalibrationCard clientId={profile.userId} />
      <ClientPackageCard clientId={profile.userId} />

      <Tabs
        value={tab}
        onChange={(next) => {
          const params = new URLSearchParams(searchParams);
          if (next && next !== "questionnaire") params.set("tab", next);
          else params.delete("tab");
          setSearchParams(params, { replace: true });
        }}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="questionnaire" leftSection={<IconForms size={16} />}>
            {t("clients.detail.tabs.questionnaire")}
          </Tabs.Tab>
          <Tabs.Tab value="photos" leftSection={<IconPhoto size={16} />}>
            {t("clients.detail.tabs.photos")}
          </Tabs.Tab>
          <Tabs.Tab value="certificates" leftSection={<IconCertificate size={16} />}>
            {t("clients.detail.tabs.certificates")}
          </Tabs.Tab>
          <Tabs.Tab value="data" leftSection={<IconShieldLock size={16} />}>
            {t("clients.detail.tabs.data")}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="questionnaire">
          <ProfileEditor key={profile.userId} profile={profile} onSave={save} onSaved={onSaved} />
        </Tabs.Panel>
        <Tabs.Panel value="photos">
          <Card shadow="xs" padding="lg">
            <GalleryManager profileId={profile.userId} />
          </Card>
        </Tabs.Panel>
        <Tabs.Panel value="certificates">
          <Card shadow="xs" padding="lg">
            <CertificatesManager profileId={profile.userId} />
          </Card>
        </Tabs.Panel>
        <Tabs.Panel value="data">
          {tab === "data" && (
            <ClientDataPanel
              clientId={profile.userId}
              name={name}
              onErased={() => void navigate(CLIENTS_PATH, { replace: true })}
            />
          )}
        </Tabs.Panel>
      </Tabs>
      <ClientIntroductionsCard clientId={profile.userId} />

      <DisplaySettingsDialog
        profileId={profile.userId}
        opened={dialog === "display"}
        onClose={() => setDialog(null)}
      />
      <ProfilePasswordDialog
        profileId={profile.userId}
        opened={dialog === "password"}
        onClose={() => setDialog(null)}
      />
      {client && (
        <ClientEmailDialog client={client} opened={dialog === "email"} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}

function ClientNotFound() {
  const { t } = useTranslation();
  return (
    <Center py={{ base: 48, md: 96 }}>
      <Stack align="center" ta="center" gap="md" maw={480}>
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          <IconUserQuestion size={32} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t("clients.detail.notFoundTitle")}
        </Title>
        <Text c="gray.7">{t("clients.detail.notFoundText")}</Text>
        <Button component={Link} to={CLIENTS_PATH} mt="sm">
          {t("clients.detail.back")}
        </Button>
      </Stack>
    </Center>
  );
}
