import { useTranslation } from "react-i18next";
import { fieldErrors } from "../../../components/fieldErrors";
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
  return fieldErrors<keyof BookingForm>(errors, (code) => t(`booking.errors.${code}`), (k) => `err-${k}`);
}
