import { Alert, Anchor, Group, Modal, Skeleton, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconMail, IconPhone, IconShieldCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { useContacts } from "./useIntroductions";

type Props = { introductionId: string; opened: boolean; onClose: () => void };

/**
 * The other side's contacts, asked for only when opened: each answer that shows them is written to
 * the consent ledger, so nothing fetches them in advance.
 */
export function ContactsDialog({ introductionId, opened, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t("introductions.contacts.title")} centered>
      {opened && <Contacts introductionId={introductionId} />}
    </Modal>
  );
}

function Contacts({ introductionId }: { introductionId: string }) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const contacts = useContacts(introductionId, true);
  if (contacts.isError)
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        {toMessage(contacts.error)}
      </Alert>
    );
  if (!contacts.data) return <Skeleton h={72} />;
  return (
    <Stack gap="md" data-testid="contacts">
      {contacts.data.contacts.map((c) => (
        <Stack key={c.clientId} gap={4}>
          <Text fw={600}>{`${c.firstName} ${c.lastName}`.trim()}</Text>
          {c.email && (
            <Group gap={6} wrap="nowrap">
              <IconMail size={16} aria-hidden />
              <Anchor href={`mailto:${c.email}`} style={{ overflowWrap: "anywhere" }}>
                {c.email}
              </Anchor>
            </Group>
          )}
          {c.phone && (
            <Group gap={6} wrap="nowrap">
              <IconPhone size={16} aria-hidden />
              <Anchor href={`tel:${c.phone.replace(/\s+/g, "")}`}>{c.phone}</Anchor>
            </Group>
          )}
          {!c.email && !c.phone && (
            <Text size="sm" c="gray.7">
              {t("introductions.contacts.none")}
            </Text>
          )}
        </Stack>
      ))}
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconShieldCheck
          size={16}
          color="var(--mantine-color-teal-7)"
          aria-hidden
          style={{ flexShrink: 0 }}
        />
        <Text size="xs" c="gray.7">
          {t("introductions.contacts.consent")}
        </Text>
      </Group>
    </Stack>
  );
}
