import { useAdminTranslation } from "../i18n";
import { Dialog } from "./Dialog";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a destructive action (SPEC section 5: deletions ask a confirmation first). */
export function ConfirmDialog({ open, title, message, confirmLabel, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useAdminTranslation();
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      size="sm"
      busy={busy}
      footer={
        <>
          <button type="button" className="adm-btn adm-btn--ghost" onClick={onCancel} disabled={busy}>
            {t("common.cancel")}
          </button>
          <button type="button" className="adm-btn adm-btn--danger" onClick={onConfirm} disabled={busy} data-testid="confirm-action">
            {confirmLabel ?? t("common.delete")}
          </button>
        </>
      }
    >
      <p className="adm-confirm__text">{message}</p>
    </Dialog>
  );
}
