import { ActionIcon, Menu } from "@mantine/core";
import type { AdminUserView } from "@matchdesk/contract";
import {
  IconBell,
  IconBellOff,
  IconCoins,
  IconCrown,
  IconDots,
  IconMessage,
  IconRosetteDiscountCheck,
  IconRosetteDiscountCheckOff,
  IconSearch,
  IconSearchOff,
  IconSparkles2,
  IconSparkles2Off,
  IconUserCheck,
  IconUserOff,
} from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { useAuth } from "../auth/auth-store";
import { chatWithPath } from "../chat/chat-links";
import { AddCreditsDialog } from "../credits/AddCreditsDialog";
import { SubscriptionDialog } from "../credits/SubscriptionDialog";
import { useUpdateUser } from "./useAdminUsers";
import type { UserChange } from "./user-changes";

type SwitchItemProps = {
  isOn: boolean;
  onIcon: ReactNode;
  offIcon: ReactNode;
  onLabel: string;
  offLabel: string;
  onSwitch: (next: boolean) => void;
};

/** A menu item that turns a setting the other way: offers "off" while it is on, and back. */
function SwitchItem({ isOn, onIcon, offIcon, onLabel, offLabel, onSwitch }: SwitchItemProps) {
  return (
    <Menu.Item leftSection={isOn ? offIcon : onIcon} onClick={() => onSwitch(!isOn)}>
      {isOn ? offLabel : onLabel}
    </Menu.Item>
  );
}

export function userName(user: Pick<AdminUserView, "firstName" | "lastName" | "email" | "phone">): string {
  return [user.firstName, user.lastName].join(" ").trim() || user.email || user.phone || "";
}

/**
 * A user's row actions: verify, activate or deactivate (asks first), shared search, e-mail
 * notifications (not for clients, SPEC 5) and AI matching enabled by support (matchmakers only:
 * their compatibility checks then cost no credits, SPEC 6).
 */
export function UserActions({ user }: { user: AdminUserView }) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  // The server refuses an admin's own deactivation, so the action is not offered.
  const isSelf = useAuth().user?.id === user.id;
  const canActivate = user.status !== "active";
  const canDeactivate = user.status !== "inactive" && !isSelf;
  const [isConfirming, setConfirming] = useState(false);
  const [dialog, setDialog] = useState<"credits" | "subscription" | null>(null);
  // SPEC 5: credits and subscriptions are never for clients.
  const hasBilling = user.role !== "INVITEE";
  const name = userName(user);
  const apply = (change: UserChange) => update.mutate({ user, change });
  const isBusy = update.isPending;
  const navigate = useNavigate();
  const canChat = user.role !== "INVITEE" && user.status !== "inactive" && !isSelf;

  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md" width={260}>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            loading={isBusy}
            aria-label={t("users.actionsFor", { name })}
          >
            <IconDots size={20} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {canChat && (
            <>
              <Menu.Item
                leftSection={<IconMessage size={18} />}
                onClick={() => void navigate(chatWithPath(user.id))}
              >
                {t("chat.message")}
              </Menu.Item>
              <Menu.Divider />
            </>
          )}
          <SwitchItem
            isOn={user.isVerified}
            onIcon={<IconRosetteDiscountCheck size={18} />}
            offIcon={<IconRosetteDiscountCheckOff size={18} />}
            onLabel={t("users.actions.verify")}
            offLabel={t("users.actions.unverify")}
            onSwitch={(verified) => apply({ kind: "verification", verified })}
          />
          <SwitchItem
            isOn={user.participatesInSearch}
            onIcon={<IconSearch size={18} />}
            offIcon={<IconSearchOff size={18} />}
            onLabel={t("users.actions.searchOn")}
            offLabel={t("users.actions.searchOff")}
            onSwitch={(participatesInSearch) => apply({ kind: "search", participatesInSearch })}
          />
          {user.role !== "INVITEE" && (
            <SwitchItem
              isOn={user.emailNotifications}
              onIcon={<IconBell size={18} />}
              offIcon={<IconBellOff size={18} />}
              onLabel={t("users.actions.notificationsOn")}
              offLabel={t("users.actions.notificationsOff")}
              onSwitch={(emailNotifications) => apply({ kind: "notifications", emailNotifications })}
            />
          )}
          {user.role === "INVITER" && (
            <SwitchItem
              isOn={user.aiMatchingEnabled}
              onIcon={<IconSparkles2 size={18} />}
              offIcon={<IconSparkles2Off size={18} />}
              onLabel={t("users.actions.aiMatchingOn")}
              offLabel={t("users.actions.aiMatchingOff")}
              onSwitch={(aiMatchingEnabled) => apply({ kind: "aiMatching", aiMatchingEnabled })}
            />
          )}
          {hasBilling && (
            <>
              <Menu.Divider />
              <Menu.Item leftSection={<IconCoins size={18} />} onClick={() => setDialog("credits")}>
                {t("credits.add.open")}
              </Menu.Item>
              <Menu.Item leftSection={<IconCrown size={18} />} onClick={() => setDialog("subscription")}>
                {t("credits.adminSubscription.open")}
              </Menu.Item>
            </>
          )}
          {(canActivate || canDeactivate) && <Menu.Divider />}
          {canActivate && (
            <Menu.Item
              leftSection={<IconUserCheck size={18} />}
              onClick={() => apply({ kind: "status", status: "active" })}
            >
              {t("users.actions.activate")}
            </Menu.Item>
          )}
          {canDeactivate && (
            <Menu.Item
              color="red"
              leftSection={<IconUserOff size={18} />}
              onClick={() => setConfirming(true)}
            >
              {t("users.actions.deactivate")}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      {hasBilling && (
        <>
          <AddCreditsDialog
            opened={dialog === "credits"}
            onClose={() => setDialog(null)}
            userId={user.id}
            name={name}
          />
          <SubscriptionDialog
            opened={dialog === "subscription"}
            onClose={() => setDialog(null)}
            userId={user.id}
            name={name}
          />
        </>
      )}
      <ConfirmDialog
        opened={isConfirming}
        title={t("users.deactivate.title", { name })}
        message={t("users.deactivate.text")}
        confirmLabel={t("users.actions.deactivate")}
        isPending={isBusy}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          update.mutate(
            { user, change: { kind: "status", status: "inactive" } },
            { onSettled: () => setConfirming(false) },
          )
        }
      />
    </>
  );
}
