import { Avatar, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { PublicProfileView } from "@matchdesk/contract";
import { IconId } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatFieldValue } from "../profile/field-format";
import { CandidateProfile } from "./CandidateProfile";

/** A candidate's name as the client may see it, or a neutral word. */
export function useCandidateName() {
  const { t } = useTranslation();
  // The first name their matchmaker shows, as the candidate cards call them.
  return (profile: PublicProfileView) => profile.fields.firstName?.trim() || t("matching.candidates.unnamed");
}

type Props = {
  profile: PublicProfileView;
  /** Beside the name: a stage badge. */
  badge?: ReactNode;
  isMuted?: boolean;
};

/** The candidate in a line (photo, name, age, city, profession) and their shared questionnaire a click away. */
export function CandidateSummary({ profile, badge, isMuted }: Props) {
  const { t, i18n } = useTranslation();
  const nameOf = useCandidateName();
  const [isOpen, setOpen] = useState(false);
  const isPhone = useMediaQuery("(max-width: 36em)") ?? false;
  const name = nameOf(profile);
  const photo = profile.photos?.find((p) => p.isMain) ?? profile.photos?.[0];
  const text = (field: "city" | "profession") =>
    formatFieldValue(t, field, profile.fields[field], i18n.language) || null;
  const facts = [
    profile.age === undefined ? null : t("matching.mine.age", { count: profile.age }),
    text("city"),
    text("profession"),
  ].filter(Boolean);

  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Avatar
        src={photo?.thumbUrl}
        alt=""
        name={name}
        color="rose"
        size={56}
        radius="xl"
        style={isMuted ? { filter: "grayscale(1)" } : undefined}
      />
      <Stack gap={4} miw={0} style={{ flex: 1 }}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} fz="lg" c={isMuted ? "gray.7" : undefined}>
            {name}
          </Text>
          {badge}
        </Group>
        {facts.length > 0 && (
          <Text size="sm" c="gray.7">
            {facts.join(" · ")}
          </Text>
        )}
        {!isMuted && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconId size={16} />}
            onClick={() => setOpen(true)}
            w="fit-content"
            px={6}
            ml={-6}
          >
            {t("introductions.portal.viewProfile")}
          </Button>
        )}
      </Stack>
      <Modal
        opened={isOpen}
        onClose={() => setOpen(false)}
        title={t("introductions.portal.profileTitle", { name })}
        size="lg"
        fullScreen={isPhone}
      >
        <CandidateProfile view={profile} titleOrder={2} />
      </Modal>
    </Group>
  );
}
