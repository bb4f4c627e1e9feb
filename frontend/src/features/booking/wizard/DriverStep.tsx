import { useTranslation } from "react-i18next";
import { InputField, type StepProps } from "./fields";

/** Step 2: the driver. */
export function DriverStep(step: StepProps) {
  const { t } = useTranslation();
  return (
    <div className="form-grid">
      <InputField className="field span-2" name="customerName" label={t("booking.name")} step={step} autoComplete="name" />
      <InputField name="customerEmail" label={t("booking.email")} step={step} type="email" dir="ltr" autoComplete="email" />
      <InputField name="customerPhone" label={t("booking.phone")} step={step} type="tel" dir="ltr" autoComplete="tel" />
    </div>
  );
}
