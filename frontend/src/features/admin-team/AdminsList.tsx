import { formatDate } from "../../lib/format";
import { EmptyState, IconShield, IconTrash, IconUserMinus, useAdminTranslation } from "../admin-kit";
import type { AdminAccount } from "./api";

interface Props {
  admins: AdminAccount[];
  selfId: string;
  /** id → has a verified second factor (absent while unknown). */
  mfa: Map<string, boolean>;
  onResetMfa: (a: AdminAccount) => void;
  onRevoke: (a: AdminAccount) => void;
  onDelete: (a: AdminAccount) => void;
}

export function AdminsList({ admins, selfId, mfa, onResetMfa, onRevoke, onDelete }: Props) {
  const { t } = useAdminTranslation();
  return (
    <div className="adm-card">
      <h2 className="adm-card__title">
        {t("admins.listTitle")} <span className="adm-count">{admins.length}</span>
      </h2>
      {admins.length === 0 ? (
        <EmptyState icon={<IconShield size={32} />}>{t("admins.empty")}</EmptyState>
      ) : (
        <ul className="adm-admins" data-testid="admins-list">
          {admins.map((a) => {
            const name = [a.first_name, a.last_name].filter(Boolean).join(" ") || t("common.none");
            const self = a.id === selfId;
            return (
              <li key={a.id} className="adm-admins__item" data-testid="admin-row" data-email={a.email ?? ""}>
                <span className="adm-avatar" aria-hidden="true">
                  {(a.first_name || a.email || "?").slice(0, 1).toUpperCase()}
                </span>
                <div className="adm-admins__who">
                  <strong>
                    {name}
                    {self && <span className="adm-tag adm-tag--self">{t("admins.you")}</span>}
                    {mfa.get(a.id) && (
                      <span className="adm-tag adm-admins__mfa" title={t("admins.mfaOnLabel")} data-testid="admin-mfa">
                        <span aria-hidden="true">{t("admins.mfaOn")}</span>
                        <span className="visually-hidden">{t("admins.mfaOnLabel")}</span>
                      </span>
                    )}
                  </strong>
                  <span className="adm-muted">{a.email}</span>
                  <span className="adm-muted adm-admins__date">
                    {t("admins.colCreated")} {formatDate(a.created_at)}
                  </span>
                </div>
                <div className="adm-admins__actions">
                  {!self && mfa.get(a.id) && (
                    <button type="button" className="adm-btn adm-btn--secondary adm-btn--sm" onClick={() => onResetMfa(a)}>
                      <IconShield size={16} /> {t("admins.resetMfa")}
                    </button>
                  )}
                  <button type="button" className="adm-btn adm-btn--secondary adm-btn--sm" onClick={() => onRevoke(a)}>
                    <IconUserMinus size={16} /> {t("admins.revoke")}
                  </button>
                  <button type="button" className="adm-btn adm-btn--danger-ghost adm-btn--sm" onClick={() => onDelete(a)}>
                    <IconTrash size={16} /> {t("admins.delete")}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
