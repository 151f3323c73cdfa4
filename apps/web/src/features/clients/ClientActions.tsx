import { ActionIcon, Button, Menu } from "@mantine/core";
import type { ClientListItem } from "@matchdesk/contract";
import {
  IconChevronDown,
  IconCircleCheck,
  IconCircleX,
  IconDots,
  IconExternalLink,
  IconLink,
  IconMailForward,
  IconMailPlus,
  IconRosetteDiscountCheck,
  IconRosetteDiscountCheckOff,
  IconSearch,
  IconSearchOff,
  IconTrash,
  IconUserCheck,
  IconUserOff,
} from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { clientPath } from "../../lib/paths";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { deferred } from "../../ui/deferred";
import { availableActions, type ClientChange, clientName } from "./client-changes";
import { useDeleteClient, useResendInvite, useSendEditLink, useUpdateClient } from "./useClients";

const ClientEmailDialog = deferred(() => import("./ClientEmailDialog"), "ClientEmailDialog");

type Props = {
  client: ClientListItem;
  /** The list offers "Open"; the detail page is already open. */
  withOpen?: boolean;
  /** The detail page shows a labelled button; rows show a compact icon. */
  isLabelled?: boolean;
  onDeleted?: () => void;
};

/**
 * A client's actions (SPEC 6): open, verify, shared search, activate, approve, invitation, edit
 * link and delete. Deleting and deactivating ask first.
 */
export function ClientActions({ client, withOpen = false, isLabelled = false, onDeleted }: Props) {
  const { t } = useTranslation();
  const update = useUpdateClient();
  const remove = useDeleteClient();
  const resend = useResendInvite();
  const editLink = useSendEditLink();
  const [confirming, setConfirming] = useState<"delete" | "deactivate" | "email" | null>(null);
  const name = clientName(client);
  const actions = availableActions(client);
  const apply = (change: ClientChange) => update.mutate({ client, change });
  const isBusy = update.isPending || resend.isPending || editLink.isPending;

  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md" width={280}>
        <Menu.Target>
          {isLabelled ? (
            <Button
              variant="default"
              rightSection={<IconChevronDown size={16} />}
              loading={isBusy}
              aria-label={t("clients.actionsFor", { name })}
            >
              {t("clients.actions.more")}
            </Button>
          ) : (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              loading={isBusy}
              aria-label={t("clients.actionsFor", { name })}
            >
              <IconDots size={20} />
            </ActionIcon>
          )}
        </Menu.Target>
        <Menu.Dropdown>
          {withOpen && (
            <>
              <Menu.Item
                component={Link}
                to={clientPath(client.id)}
                leftSection={<IconExternalLink size={18} />}
              >
                {t("clients.actions.open")}
              </Menu.Item>
              <Menu.Divider />
            </>
          )}
          <Menu.Item
            leftSection={
              actions.verification.verified ? (
                <IconRosetteDiscountCheck size={18} />
              ) : (
                <IconRosetteDiscountCheckOff size={18} />
              )
            }
            onClick={() => apply({ kind: "verification", ...actions.verification })}
          >
            {actions.verification.verified ? t("clients.actions.verify") : t("clients.actions.unverify")}
          </Menu.Item>
          <Menu.Item
            leftSection={actions.search.participates ? <IconSearch size={18} /> : <IconSearchOff size={18} />}
            onClick={() => apply({ kind: "search", ...actions.search })}
          >
            {actions.search.participates ? t("clients.actions.searchOn") : t("clients.actions.searchOff")}
          </Menu.Item>
          {actions.approval && (
            <Menu.Item
              leftSection={
                actions.approval === "approved" ? <IconCircleCheck size={18} /> : <IconCircleX size={18} />
              }
              onClick={() => actions.approval && apply({ kind: "status", status: actions.approval })}
            >
              {actions.approval === "approved"
                ? t("clients.actions.approve")
                : t("clients.actions.unapprove")}
            </Menu.Item>
          )}
          <Menu.Divider />
          {client.email === null && actions.canResendInvite && (
            // Known by phone only: mail waits for an address (issue 17, item 11).
            <Menu.Item leftSection={<IconMailPlus size={18} />} onClick={() => setConfirming("email")}>
              {t("clients.actions.addEmail")}
            </Menu.Item>
          )}
          {client.email !== null && (
            <Menu.Item leftSection={<IconLink size={18} />} onClick={() => editLink.mutate(client)}>
              {t("clients.actions.editLink")}
            </Menu.Item>
          )}
          {client.email !== null && actions.canResendInvite && (
            <Menu.Item leftSection={<IconMailForward size={18} />} onClick={() => resend.mutate(client)}>
              {t("clients.actions.resendInvite")}
            </Menu.Item>
          )}
          <Menu.Divider />
          {actions.activity === "active" ? (
            <Menu.Item
              leftSection={<IconUserCheck size={18} />}
              onClick={() => apply({ kind: "status", status: "active" })}
            >
              {t("clients.actions.activate")}
            </Menu.Item>
          ) : (
            <Menu.Item leftSection={<IconUserOff size={18} />} onClick={() => setConfirming("deactivate")}>
              {t("clients.actions.deactivate")}
            </Menu.Item>
          )}
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={18} />}
            onClick={() => setConfirming("delete")}
          >
            {t("clients.actions.delete")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ClientEmailDialog
        client={client}
        opened={confirming === "email"}
        onClose={() => setConfirming(null)}
      />
      <ConfirmDialog
        opened={confirming === "deactivate"}
        title={t("clients.deactivate.title", { name })}
        message={t("clients.deactivate.text")}
        confirmLabel={t("clients.actions.deactivate")}
        isPending={update.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() =>
          update.mutate(
            { client, change: { kind: "status", status: "inactive" } },
            { onSettled: () => setConfirming(null) },
          )
        }
      />
      <ConfirmDialog
        opened={confirming === "delete"}
        title={t("clients.delete.title", { name })}
        message={t("clients.delete.text")}
        confirmLabel={t("clients.delete.confirm")}
        isPending={remove.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() =>
          remove.mutate(client, {
            onSuccess: () => onDeleted?.(),
            onSettled: () => setConfirming(null),
          })
        }
      />
    </>
  );
}
