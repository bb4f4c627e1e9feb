import type { ReactNode } from "react";
import { useAdminTranslation } from "../i18n";
import { Spinner } from "./Spinner";

interface SubmitButtonsProps {
  onCancel: () => void;
  /** Saving: both buttons are disabled and the submit button shows `busyLabel`. */
  busy: boolean;
  busyLabel: string;
  submitLabel: ReactNode;
  /** The submit button is off for another reason too (an upload running, a summary missing). */
  disabled?: boolean;
  tone?: "primary" | "danger";
  cancelLabel?: string;
  /** The id of the form it submits when it stands outside it (a dialog's footer). */
  form?: string;
  testId?: string;
}

/** The cancel and submit pair that ends every back-office form. */
export function SubmitButtons({ onCancel, busy, busyLabel, submitLabel, disabled = false, tone = "primary", cancelLabel, form, testId }: SubmitButtonsProps) {
  const { t } = useAdminTranslation();
  return (
    <>
      <button type="button" className="adm-btn adm-btn--ghost" onClick={onCancel} disabled={busy}>
        {cancelLabel ?? t("common.cancel")}
      </button>
      <button type="submit" form={form} className={`adm-btn adm-btn--${tone}`} disabled={busy || disabled} data-testid={testId}>
        {busy ? <Spinner size="sm" label={busyLabel} /> : submitLabel}
      </button>
    </>
  );
}

/** SubmitButtons in the form's own actions row. */
export function FormActions({ className = "adm-form__actions", ...props }: SubmitButtonsProps & { className?: string }) {
  return (
    <div className={className}>
      <SubmitButtons {...props} />
    </div>
  );
}
