import { useAdminTranslation } from "../i18n";
import type { ConfirmDelete } from "../lib/useConfirmDelete";
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

/** The confirmation of a list's delete flow (useConfirmDelete): open while a row waits. */
export function ConfirmDeleteDialog<T>({ del, title, message }: { del: ConfirmDelete<T>; title: string; message: (row: T) => string }) {
  return (
    <ConfirmDialog
      open={del.target !== null}
      title={title}
      message={del.target !== null ? message(del.target) : ""}
      busy={del.busy}
      onConfirm={() => void del.confirm()}
      onCancel={del.cancel}
    />
  );
}
