import { IconArchive, IconCheck, IconReply, IconTrash, useAdminTranslation } from "../admin-kit";
import { messageActions, messageStatus, type AdminMessage, type MessageStatus } from "./messageFlow";
const tone: Record<MessageStatus, string> = { new: "blue", read: "gray", replied: "green", archived: "amber" };

// The agency's time, as the database writes it (agency_created_at); a row without
// it is formatted here in Casablanca's zone, never in the browser's.
const casablanca = new Intl.DateTimeFormat("fr-FR", { timeZone: "Africa/Casablanca", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" });
function formatDateTime(m: AdminMessage): string {
  if (m.agency_created_at) return m.agency_created_at;
  const d = new Date(m.created_at);
  return Number.isNaN(d.getTime()) ? "" : casablanca.format(d).replace(",", "");
}

interface Props {
  message: AdminMessage;
  busy: boolean;
  onStatus: (m: AdminMessage, s: MessageStatus) => void;
  onDelete: (m: AdminMessage) => void;
}

export function MessageCard({ message: m, busy, onStatus, onDelete }: Props) {
  const { t } = useAdminTranslation();
  const status = messageStatus(m);
  const can = messageActions(status);
  return (
    <article className={`adm-message${status === "new" ? " adm-message--new" : ""}`} data-testid="message-card" data-subject={m.subject}>
      <header className="adm-message__head">
        <div>
          <h2 className="adm-message__subject" dir="auto">
            {m.subject}
          </h2>
          <p className="adm-message__from">
            <bdi>
              <strong>{m.name}</strong>
            </bdi> · <a href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}>{m.email}</a>
            {m.phone && (
              <>
                {" · "}
                <a href={`tel:${m.phone}`}>{m.phone}</a>
              </>
            )}
          </p>
          <p className="adm-muted adm-message__date">
            <time dateTime={m.created_at} data-testid="message-time">
              {formatDateTime(m)}
            </time>
          </p>
        </div>
        <span className={`adm-badge adm-badge--${tone[status]}`} data-testid="message-status">
          {t(`messages.statuses.${status}`)}
        </span>
      </header>
      {/* A traveller writes in their language: an Arabic message reads right to left. */}
      <p className="adm-message__body" dir="auto" data-testid="message-body">
        {m.message}
      </p>
      <footer className="adm-message__actions">
        {can.markRead && (
          <button type="button" className="adm-btn adm-btn--secondary adm-btn--sm" disabled={busy} onClick={() => onStatus(m, "read")}>
            <IconCheck size={16} /> {t("messages.markRead")}
          </button>
        )}
        {can.markReplied && (
          <button type="button" className="adm-btn adm-btn--secondary adm-btn--sm" disabled={busy} onClick={() => onStatus(m, "replied")}>
            <IconReply size={16} /> {t("messages.markReplied")}
          </button>
        )}
        {can.archive && (
          <button type="button" className="adm-btn adm-btn--secondary adm-btn--sm" disabled={busy} onClick={() => onStatus(m, "archived")}>
            <IconArchive size={16} /> {t("messages.archive")}
          </button>
        )}
        <button type="button" className="adm-btn adm-btn--danger-ghost adm-btn--sm" disabled={busy} onClick={() => onDelete(m)}>
          <IconTrash size={16} /> {t("messages.delete")}
        </button>
      </footer>
    </article>
  );
}
