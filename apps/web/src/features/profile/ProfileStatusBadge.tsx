import { Badge } from "@mantine/core";
import type { ProfileStatus } from "@matchdesk/contract";
import { useTranslation } from "react-i18next";

const STATUS_COLOR: Record<ProfileStatus, string> = {
  incomplete: "yellow",
  complete: "blue",
  approved: "teal",
};

/** A questionnaire's status: incomplete, complete or approved. */
export function ProfileStatusBadge({ status }: { status: ProfileStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} tt="none" miw="max-content">
      {t(`clients.profileStatus.${status}`)}
    </Badge>
  );
}
