import { useTranslation } from "react-i18next";
import { useFieldErrors, type StepProps } from "./fields";

/** Step 2: the driver. */
export function DriverStep({ form, errors, set }: StepProps) {
  const { t } = useTranslation();
  const { err, described } = useFieldErrors(errors);
  return (
    <div className="form-grid">
      <div className="field span-2">
        <label htmlFor="customerName">{t("booking.name")} *</label>
        <input id="customerName" autoComplete="name" required value={form.customerName} onChange={(e) => set("customerName", e.target.value)} {...described("customerName")} />
        {err("customerName")}
      </div>
      <div className="field">
        <label htmlFor="customerEmail">{t("booking.email")} *</label>
        <input id="customerEmail" type="email" dir="ltr" autoComplete="email" required value={form.customerEmail} onChange={(e) => set("customerEmail", e.target.value)} {...described("customerEmail")} />
        {err("customerEmail")}
      </div>
      <div className="field">
        <label htmlFor="customerPhone">{t("booking.phone")} *</label>
        <input id="customerPhone" type="tel" dir="ltr" autoComplete="tel" required value={form.customerPhone} onChange={(e) => set("customerPhone", e.target.value)} {...described("customerPhone")} />
        {err("customerPhone")}
      </div>
    </div>
  );
}
