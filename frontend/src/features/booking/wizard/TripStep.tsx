import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { locationLabel } from "../../search";
import { PICKUP_LOCATIONS, RETURN_LOCATIONS } from "../types";
import { useFieldErrors, type StepProps } from "./fields";

/** Step 1: dates, times, places; `notice` is the database's answer about these dates. */
export function TripStep({ form, errors, set, today, notice }: StepProps & { today: string; notice: ReactNode }) {
  const { t } = useTranslation();
  const { err, described } = useFieldErrors(errors);
  return (
    <>
      <div className="form-grid">
        <div className="field">
          <label htmlFor="pickupDate">{t("booking.pickupDate")} *</label>
          <input id="pickupDate" type="date" required min={today} value={form.pickupDate} onChange={(e) => set("pickupDate", e.target.value)} {...described("pickupDate")} />
          {err("pickupDate")}
        </div>
        <div className="field">
          <label htmlFor="returnDate">{t("booking.returnDate")} *</label>
          <input id="returnDate" type="date" required min={form.pickupDate || today} value={form.returnDate} onChange={(e) => set("returnDate", e.target.value)} {...described("returnDate")} />
          {err("returnDate")}
        </div>
        <div className="field">
          <label htmlFor="pickupTime">{t("booking.pickupTime")} *</label>
          <input id="pickupTime" type="time" required value={form.pickupTime} onChange={(e) => set("pickupTime", e.target.value)} {...described("pickupTime")} />
          {err("pickupTime")}
        </div>
        <div className="field">
          <label htmlFor="returnTime">{t("booking.returnTime")} *</label>
          <input id="returnTime" type="time" required value={form.returnTime} onChange={(e) => set("returnTime", e.target.value)} {...described("returnTime")} />
          {err("returnTime")}
        </div>
        <div className="field">
          <label htmlFor="pickupLocation">{t("booking.pickupLocation")}</label>
          <select id="pickupLocation" value={form.pickupLocation} onChange={(e) => set("pickupLocation", e.target.value)}>
            {PICKUP_LOCATIONS.map((l) => (
              <option key={l} value={l}>
                {locationLabel(t, l)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="returnLocation">{t("booking.returnLocation")}</label>
          <select id="returnLocation" value={form.returnLocation} onChange={(e) => set("returnLocation", e.target.value)}>
            {RETURN_LOCATIONS.map((l) => (
              <option key={l} value={l}>
                {locationLabel(t, l)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {notice}
    </>
  );
}
