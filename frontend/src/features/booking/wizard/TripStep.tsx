import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { locationLabel } from "../../search";
import { PICKUP_LOCATIONS, RETURN_LOCATIONS } from "../types";
import { InputField, type StepProps } from "./fields";

/** The two places: the form field, its label and the places offered. */
export const PLACES = [
  { name: "pickupLocation", label: "booking.pickupLocation", places: PICKUP_LOCATIONS },
  { name: "returnLocation", label: "booking.returnLocation", places: RETURN_LOCATIONS },
] as const;

/** Step 1: dates, times, places; `notice` is the database's answer about these dates. */
export function TripStep({ today, notice, ...step }: StepProps & { today: string; notice: ReactNode }) {
  const { t } = useTranslation();
  const { form, set } = step;
  return (
    <>
      <div className="form-grid">
        <InputField name="pickupDate" label={t("booking.pickupDate")} step={step} type="date" min={today} />
        <InputField name="returnDate" label={t("booking.returnDate")} step={step} type="date" min={form.pickupDate || today} />
        <InputField name="pickupTime" label={t("booking.pickupTime")} step={step} type="time" />
        <InputField name="returnTime" label={t("booking.returnTime")} step={step} type="time" />
        {PLACES.map((p) => (
          <div key={p.name} className="field">
            <label htmlFor={p.name}>{t(p.label)}</label>
            <select id={p.name} value={form[p.name]} onChange={(e) => set(p.name, e.target.value)}>
              {p.places.map((l) => (
                <option key={l} value={l}>
                  {locationLabel(t, l)}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      {notice}
    </>
  );
}
