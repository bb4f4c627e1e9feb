import type { ReactNode } from "react";
import { useAdminTranslation } from "../i18n";
import { IconTrash } from "./icons";

interface Props {
  onClose: () => void;
  /** Shows a delete button first (it asks for a confirmation elsewhere). */
  onDelete?: () => void;
  deleteLabel?: string;
  /** More actions, between delete and close. */
  children?: ReactNode;
}

/** The footer of a dialog that shows a record: delete, the record's other actions, close. */
export function DetailsFooter({ onClose, onDelete, deleteLabel, children }: Props) {
  const { t } = useAdminTranslation();
  return (
    <>
      {onDelete && (
        <button type="button" className="adm-btn adm-btn--danger" onClick={onDelete}>
          <IconTrash size={18} /> {deleteLabel ?? t("common.delete")}
        </button>
      )}
      {children}
      <button type="button" className="adm-btn adm-btn--ghost" onClick={onClose}>
        {t("common.close")}
      </button>
    </>
  );
}
