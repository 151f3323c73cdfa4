import { Badge, Group } from "@mantine/core";
import type { ClientListItem } from "@matchdesk/contract";
import { useTranslation } from "react-i18next";
import { ProfileStatusBadge } from "../profile/ProfileStatusBadge";

type Flags = Pick<
  ClientListItem,
  "profileStatus" | "isVerified" | "participatesInSearch" | "isActive" | "hasRegistered"
> &
  Partial<Pick<ClientListItem, "email">>;

/** A client's state at a glance: questionnaire status, then only the flags worth noticing. */
export function ClientBadges({ client }: { client: Flags }) {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      <ProfileStatusBadge status={client.profileStatus} />
      {client.isVerified && (
        <Badge variant="light" color="teal" tt="none" miw="max-content">
          {t("clients.badges.verified")}
        </Badge>
      )}
      {client.participatesInSearch && (
        <Badge variant="light" color="blue" tt="none" miw="max-content">
          {t("clients.badges.inSearch")}
        </Badge>
      )}
      {!client.isActive && (
        <Badge variant="light" color="gray" tt="none" miw="max-content">
          {t("clients.badges.inactive")}
        </Badge>
      )}
      {client.email === null && (
        <Badge variant="outline" color="gray" tt="none" miw="max-content">
          {t("clients.badges.noEmail")}
        </Badge>
      )}
      {!client.hasRegistered && (
        <Badge variant="outline" color="gray" tt="none" miw="max-content">
          {t("clients.badges.notRegistered")}
        </Badge>
      )}
    </Group>
  );
}
