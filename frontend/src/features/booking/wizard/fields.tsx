import type { InputHTMLAttributes } from "react";
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

/** The form's fields an <input> edits as text (dates, times, the driver). */
type InputKey = "pickupDate" | "returnDate" | "pickupTime" | "returnTime" | "customerName" | "customerEmail" | "customerPhone" | "hotelName" | "hotelAddress" | "flightNumber";

/** An input bound to its form field, with its label and its inline error; required unless `optional`. */
export function InputField({
  name,
  label,
  step,
  className = "field",
  optional = false,
  hint,
  ...attrs
}: { name: InputKey; label: string; step: StepProps; className?: string; optional?: boolean; hint?: string } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  "type" | "min" | "dir" | "autoComplete" | "inputMode" | "placeholder"
>) {
  const { err, described } = useFieldErrors(step.errors);
  const hintId = hint ? `${name}-hint` : undefined;
  const tied: { "aria-invalid"?: true; "aria-describedby"?: string } = described(name);
  const describedBy = [hintId, tied["aria-describedby"]].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={name}>
        {label}
        {optional ? "" : " *"}
      </label>
      <input id={name} {...attrs} required={!optional} value={step.form[name]} onChange={(e) => step.set(name, e.target.value)} {...tied} aria-describedby={describedBy} />
      {hint && (
        <p id={hintId} className="muted small field-hint">
          {hint}
        </p>
      )}
      {err(name)}
    </div>
  );
}
