import { Alert, Badge, Drawer, Group, Skeleton, Stack, Text } from "@mantine/core";
import type { CandidateItem } from "@matchdesk/contract";
import { IconAlertCircle, IconEyeCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { CandidateProfile } from "../introductions/CandidateProfile";
import { shownName } from "./candidate-name";
import { useCandidateProfile } from "./useMatching";

type Props = {
  clientId: string;
  /** The candidate whose profile is open; null keeps the drawer closed. */
  candidate: CandidateItem | null;
  isPhone: boolean;
  onClose: () => void;
};

/**
 * A candidate's shared profile beside their card: what their display settings show other
 * matchmakers (for an own client too), never contacts, as a question to a client shows it.
 * Full screen on a phone; Mantine traps the focus inside and gives it back to the card on closing.
 */
export function CandidateProfileDrawer({ clientId, candidate, isPhone, onClose }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const profile = useCandidateProfile(clientId, candidate?.id ?? null);
  const name = (candidate && shownName(candidate.profile)) ?? t("matching.candidates.unnamed");
  const view = profile.data;

  return (
    <Drawer
      opened={candidate !== null}
      onClose={onClose}
      position="right"
      size={isPhone ? "100%" : "lg"}
      title={t("matching.candidates.profileTitle", { name })}
      styles={{ title: { fontWeight: 600, fontSize: "var(--mantine-font-size-lg)" } }}
    >
      {profile.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />}>
          {errorText(profile.error)}
        </Alert>
      ) : !view ? (
        <Stack gap="md" role="status" aria-label={t("common.loading")}>
          <Group gap="md" wrap="nowrap">
            <Skeleton h={96} w={96} radius="lg" />
            <Stack gap="xs" style={{ flex: 1 }}>
              <Skeleton h={24} w="60%" />
              <Skeleton h={16} w="40%" />
            </Stack>
          </Group>
          <Skeleton h={80} />
        </Stack>
      ) : (
        <Stack gap="md">
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" color={view.isOwnClient ? "blue" : "grape"}>
              {view.isOwnClient
                ? t("matching.source.own")
                : (view.agency.agencyName ?? t("matching.source.shared"))}
            </Badge>
          </Group>
          <Alert variant="light" color="gray" icon={<IconEyeCheck size={18} />} p="xs">
            <Text size="sm">{t("matching.candidates.sharedView")}</Text>
          </Alert>
          <CandidateProfile view={view} titleOrder={3} />
        </Stack>
      )}
    </Drawer>
  );
}
