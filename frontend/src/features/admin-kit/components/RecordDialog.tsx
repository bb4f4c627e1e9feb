import { useState, type FormEvent, type ReactNode } from "react";
import { Dialog } from "./Dialog";
import { SubmitButtons } from "./FormActions";

/** What a record dialog says when it adds one, when it edits one, and while it saves. */
export interface RecordTexts {
  create: { title: string; submit: string };
  edit: { title: string; submit: string };
  saving: string;
}

interface Props {
  /** null: closed; "new": add; a record: edit it. */
  target: object | "new" | null;
  /** The form's id (the footer's submit button stands outside it). */
  formId: string;
  texts: RecordTexts;
  saving: boolean;
  /** The submit button waits meanwhile (an upload running). */
  blocked: boolean;
  onClose: () => void;
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
}

/** The large dialog that adds or edits one record (a car, a post): its form, then cancel and save in the footer. */
export function RecordDialog({ target, formId, texts, saving, blocked, onClose, onSubmit, children }: Props) {
  const mode = target === "new" ? texts.create : texts.edit;
  return (
    <Dialog
      open={target !== null}
      title={mode.title}
      onClose={onClose}
      size="xl"
      busy={saving}
      footer={<SubmitButtons form={formId} onCancel={onClose} busy={saving} busyLabel={texts.saving} submitLabel={mode.submit} disabled={blocked} />}
    >
      <form id={formId} className="adm-form" onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </Dialog>
  );
}

/**
 * Calls `reset` in the render where the dialog gets a new target (a record or
 * "new"), so its form never shows the previous one's values, not even for a
 * frame (an effect would, and would mount an editor with the old content first).
 */
export function useResetOnTarget<T>(target: T | null, reset: (target: T) => void) {
  const [shown, setShown] = useState<T | null>(null);
  if (target !== shown) {
    setShown(target);
    if (target !== null) reset(target);
  }
}
