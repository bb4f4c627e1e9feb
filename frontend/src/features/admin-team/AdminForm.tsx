import { useState, type FormEvent } from "react";
import { Field, IconPlus, Spinner, useAdminTranslation, useValidation } from "../admin-kit";
import { EMPTY_ADMIN_FORM, validateAdminForm, type AdminFormValues } from "./adminFormValues";

interface Props {
  /** Resolves true when the administrator was created (the form then clears). */
  onSubmit: (v: AdminFormValues) => Promise<boolean>;
}

export function AdminForm({ onSubmit }: Props) {
  const { t } = useAdminTranslation();
  const [values, setValues] = useState<AdminFormValues>(EMPTY_ADMIN_FORM);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof AdminFormValues, v: string) => setValues((x) => ({ ...x, [k]: v }));
  const { errors, check } = useValidation(values, validateAdminForm);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!check()) return;
    setBusy(true);
    const ok = await onSubmit(values);
    setBusy(false);
    if (ok) setValues(EMPTY_ADMIN_FORM);
  }

  return (
    <form className="adm-card adm-form" onSubmit={submit} noValidate data-testid="admin-form">
      <h2 className="adm-card__title">{t("admins.formTitle")}</h2>
      <div className="adm-grid adm-grid--2">
        <Field label={t("admins.firstName")} error={errors.first_name} required>
          <input className="adm-input" name="first_name" autoComplete="off" value={values.first_name} onChange={(e) => set("first_name", e.target.value)} />
        </Field>
        <Field label={t("admins.lastName")} error={errors.last_name} required>
          <input className="adm-input" name="last_name" autoComplete="off" value={values.last_name} onChange={(e) => set("last_name", e.target.value)} />
        </Field>
        <Field label={t("admins.email")} error={errors.email} required>
          <input className="adm-input" name="email" type="email" autoComplete="off" value={values.email} onChange={(e) => set("email", e.target.value)} />
        </Field>
        <Field label={t("admins.password")} error={errors.password} required>
          <input className="adm-input" name="password" type="password" autoComplete="new-password" value={values.password} onChange={(e) => set("password", e.target.value)} />
        </Field>
      </div>
      <p className="adm-field__hint">{t("admins.promoteHint")}</p>
      <div className="adm-form__actions">
        <button type="submit" className="adm-btn adm-btn--primary" disabled={busy}>
          {busy ? (
            <Spinner size="sm" label={t("admins.submitting")} />
          ) : (
            <>
              <IconPlus size={18} /> {t("admins.submit")}
            </>
          )}
        </button>
      </div>
    </form>
  );
}
