import { useTranslation } from "react-i18next";
import type { BookingForm } from "../types";
import type { BookingErrors } from "../validation";

export interface StepProps {
  form: BookingForm;
  errors: BookingErrors;
  set: <K extends keyof BookingForm>(key: K, value: BookingForm[K]) => void;
}

/** A field's inline error and the attributes that tie it to its input. */
export function useFieldErrors(errors: BookingErrors) {
  const { t } = useTranslation();
  const err = (k: keyof BookingForm) =>
    errors[k] ? (
      <p className="field-error" id={`err-${k}`}>
        {t(`booking.errors.${errors[k]}`)}
      </p>
    ) : null;
  const described = (k: keyof BookingForm) => (errors[k] ? { "aria-invalid": true as const, "aria-describedby": `err-${k}` } : {});
  return { err, described };
}
