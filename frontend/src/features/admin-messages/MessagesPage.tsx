import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { adminKeys, ConfirmDeleteDialog, EmptyState, IconMail, Loaded, notify, PageHeader, reportFailure, useAdminMutation, useAdminQuery, useAdminTranslation, useConfirmDelete, useListCache } from "../admin-kit";
import { deleteMessage, listMessages, setMessageStatus } from "./api";
import { MessageCard } from "./MessageCard";
import { countMessages, filterMessages, MESSAGE_STATUSES, type AdminMessage, type MessageFilter, type MessageStatus } from "./messageFlow";

export default function MessagesPage() {
  const { t } = useAdminTranslation();
  const client = useQueryClient();
  const cache = useListCache();
  const messages = useAdminQuery({ queryKey: adminKeys.messages, queryFn: listMessages, errorMessage: `${t("messages.errorTitle")} : ${t("messages.loadError")}` });
  const [filter, setFilter] = useState<MessageFilter>("all");
  const status = useAdminMutation({
    mutationFn: ({ m, status }: { m: AdminMessage; status: MessageStatus }) => setMessageStatus(m.id, status),
    onSuccess: (updated, { m }) => {
      // A status change does not move when it was received.
      cache.replace(adminKeys.messages, { ...updated, agency_created_at: m.agency_created_at });
      void client.invalidateQueries({ queryKey: adminKeys.dashboard });
      notify.success(t("messages.statusUpdated"));
    },
    onError: reportFailure("message status update failed", `${t("messages.errorTitle")} : ${t("messages.updateError")}`),
  });
  const busyId = status.isPending ? (status.variables?.m.id ?? null) : null;
  const del = useConfirmDelete<AdminMessage>({
    list: adminKeys.messages,
    table: "contacts",
    remove: deleteMessage,
    messages: { deleted: t("messages.deleted"), deleteError: `${t("messages.errorTitle")} : ${t("messages.deleteError")}` },
  });

  const all = useMemo(() => messages.data ?? [], [messages.data]);
  const counts = countMessages(all);
  const shown = filterMessages(all, filter);

  const changeStatus = (m: AdminMessage, next: MessageStatus) => status.mutate({ m, status: next });

  const filters: MessageFilter[] = ["all", ...MESSAGE_STATUSES];
  return (
    <section className="adm-page">
      <PageHeader
        title={t("messages.title")}
        badge={
          <>
            <span className="adm-count" data-testid="messages-total">
              {t("messages.total", { count: counts.all })}
            </span>
            {counts.new > 0 && <span className="adm-count adm-count--alert">{`${counts.new} ${t("messages.newBadge")}`}</span>}
          </>
        }
      />
      <div className="adm-filters" role="group" aria-label={t("messages.title")}>
        {filters.map((f) => (
          <button
            key={f}
            type="button"
            className={`adm-filter${filter === f ? " is-active" : ""}`}
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
            data-testid={`filter-${f}`}
          >
            {t(`messages.filters.${f}`)} <span className="adm-filter__count">{counts[f]}</span>
          </button>
        ))}
      </div>
      <Loaded pending={messages.isPending}>
        {shown.length === 0 ? (
          <EmptyState icon={<IconMail size={32} />}>{filter === "all" ? t("messages.emptyAll") : t(`messages.emptyStatus.${filter}`)}</EmptyState>
        ) : (
          <div className="adm-messages">
            {shown.map((m) => (
              <MessageCard key={m.id} message={m} busy={busyId === m.id} onStatus={changeStatus} onDelete={del.ask} />
            ))}
          </div>
        )}
      </Loaded>
      <ConfirmDeleteDialog del={del} title={t("messages.confirmDeleteTitle")} message={(m) => t("messages.confirmDelete", { name: m.name })} />
    </section>
  );
}
