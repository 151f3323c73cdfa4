import { Button, Card, Grid, Group, Image, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { LoadFailed } from "../../ui/LoadFailed";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAuth } from "../auth/auth-store";
import { CopyField } from "./CopyField";
import { InviteByEmailForm } from "./InviteByEmailForm";
import { inviteQrHref, useMyInvite } from "./useMyInvite";

/**
 * SPEC 2 /admin/generate-invite: the invite code and link with copy buttons, the link as a QR code
 * to download, and invitation by e-mail. A matchmaker's invite makes a client of theirs; an admin's
 * makes a matchmaker.
 */
export function InvitePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const invite = useMyInvite();
  usePageTitle(t("nav.invites"));
  const isAdmin = user?.role === "ADMIN";

  return (
    <Stack gap="xl" maw={1040}>
      <Stack gap={6}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t("invites.title")}
        </Title>
        <Text c="gray.7" maw={680}>
          {isAdmin ? t("invites.leadAdmin") : t("invites.leadMatchmaker")}
        </Text>
      </Stack>

      {invite.isError ? (
        <LoadFailed
          title={t("invites.loadFailed")}
          error={invite.error}
          onRetry={() => void invite.refetch()}
        />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card shadow="xs" component="section" aria-labelledby="invite-link-title" h="100%">
              <Stack gap="md">
                <Stack gap={4}>
                  <Title order={2} fz="h4" id="invite-link-title">
                    {t("invites.linkTitle")}
                  </Title>
                  <Text size="sm" c="gray.7">
                    {isAdmin ? t("invites.linkLeadAdmin") : t("invites.linkLeadMatchmaker")}
                  </Text>
                </Stack>
                {invite.data ? (
                  <>
                    <CopyField label={t("invites.code")} value={invite.data.code} monospace />
                    <CopyField label={t("invites.link")} value={invite.data.link} />
                  </>
                ) : (
                  <>
                    <Skeleton h={58} />
                    <Skeleton h={58} />
                  </>
                )}
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card shadow="xs" component="section" aria-labelledby="invite-qr-title" h="100%">
              <Stack gap="md" align="center" ta="center">
                <Title order={2} fz="h4" id="invite-qr-title">
                  {t("invites.qrTitle")}
                </Title>
                {invite.data ? (
                  <Image
                    src={inviteQrHref("png")}
                    alt={t("invites.qrAlt")}
                    w={180}
                    h={180}
                    radius="md"
                    style={{ border: "1px solid var(--mantine-color-gray-2)" }}
                  />
                ) : (
                  <Skeleton w={180} h={180} />
                )}
                <Text size="xs" c="dimmed">
                  {t("invites.qrLead")}
                </Text>
                <Group gap="xs" justify="center">
                  <Button
                    component="a"
                    href={inviteQrHref("png")}
                    download="invite-qr.png"
                    variant="light"
                    size="xs"
                    leftSection={<IconDownload size={14} />}
                  >
                    {t("invites.downloadPng")}
                  </Button>
                  <Button
                    component="a"
                    href={inviteQrHref("svg")}
                    download="invite-qr.svg"
                    variant="light"
                    size="xs"
                    leftSection={<IconDownload size={14} />}
                  >
                    {t("invites.downloadSvg")}
                  </Button>
                </Group>
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
      )}

      <Card shadow="xs" component="section" aria-labelledby="invite-email-title">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} fz="h4" id="invite-email-title">
              {isAdmin ? t("invites.emailTitleAdmin") : t("invites.emailTitleMatchmaker")}
            </Title>
            <Text size="sm" c="gray.7">
              {isAdmin ? t("invites.emailLeadAdmin") : t("invites.emailLeadMatchmaker")}
            </Text>
          </Stack>
          <InviteByEmailForm isAdmin={isAdmin} />
        </Stack>
      </Card>
    </Stack>
  );
}
