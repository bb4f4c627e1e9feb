import type { FormEvent, ReactNode } from "react";
import { FormActions, useAdminTranslation } from "../../../admin-kit";

interface Props {
  onSubmit: () => void;
  onClose: () => void;
  noValidate?: boolean;
  children: ReactNode;
}

/**
 * Form of the editor's small insert dialogs (link, table): fields, then
 * Cancel / Insert. The submit stays inside the dialog: the editor sits in the
 * blog form, which must not be submitted by it.
 */
export function InsertForm({ onSubmit, onClose, noValidate, children }: Props) {
  const { t } = useAdminTranslation();
  function submit(e: FormEvent) {
    e.preventDefault();
    e.stopPropagation();
    onSubmit();
  }

  return (
    <form className="adm-form" onSubmit={submit} noValidate={noValidate}>
      {children}
      <FormActions onCancel={onClose} busy={false} busyLabel="" submitLabel={t("blog.editor.insert")} />
    </form>
  );
}
