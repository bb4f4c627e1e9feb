import { useTranslation } from "react-i18next";
import { isAirportPlace, isHotelPlace } from "../details";
import { InputField, type StepProps } from "./fields";

/**
 * Step 2: the driver, and what the places ask for: the hotel's name and address
 * for a delivery to (or a collection from) a hotel, an optional flight number
 * for an airport pickup (the agency then waits for a late plane).
 */
export function DriverStep(step: StepProps) {
  const { t } = useTranslation();
  const { form } = step;
  const hotel = isHotelPlace(form.pickupLocation) || isHotelPlace(form.returnLocation);
  return (
    <div className="form-grid">
      <InputField className="field span-2" name="customerName" label={t("booking.name")} step={step} autoComplete="name" />
      <InputField name="customerEmail" label={t("booking.email")} step={step} type="email" dir="ltr" autoComplete="email" />
      <InputField name="customerPhone" label={t("booking.phone")} step={step} type="tel" dir="ltr" autoComplete="tel" hint={t("booking.phoneHint")} />
      {hotel && (
        <>
          <InputField className="field span-2" name="hotelName" label={t("booking.hotelName")} step={step} autoComplete="off" />
          <InputField className="field span-2" name="hotelAddress" label={t("booking.hotelAddress")} step={step} autoComplete="off" />
        </>
      )}
      {isAirportPlace(form.pickupLocation) && (
        <InputField name="flightNumber" label={t("booking.flightNumber")} step={step} optional dir="ltr" autoComplete="off" placeholder="AT200" hint={t("booking.flightHint")} />
      )}
    </div>
  );
}
