import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { todayISO } from "../../lib/format";
import { useFormat } from "../../lib/useFormat";
import { quoteChange, type ChangeQuote, type MyBooking, type Result } from "./api";
import { failureText, type Status } from "./failureText";

/** What the change form asks: a car (its id as the select holds it), dates, times and a message. */
export interface ChangeFields {
  carId: string;
  start: string;
  end: string;
  pickupTime: string;
  returnTime: string;
  message: string;
}

/** The price of what is asked, before it is sent: the database's quote for these dates and car. */
export function useChangeQuote(token: string, form: ChangeFields) {
  const asked = { carId: Number(form.carId), start: form.start, end: form.end, pickupTime: form.pickupTime, returnTime: form.returnTime };
  const datesOk = Boolean(form.start && form.end && form.end >= form.start && form.start >= todayISO());
  const { data: priced, isFetching: pricing } = useQuery({
    queryKey: ["myBooking", "changeQuote", token, asked],
    queryFn: () => quoteChange(token, asked),
    enabled: datesOk,
    staleTime: 0,
  });
  return { datesOk, priced, pricing };
}

/** The cars to choose from: the booked one first when the list no longer has it. */
export function CarOptions({ booking, cars }: { booking: MyBooking; cars: { id: number; name: string; brand: string }[] | undefined }) {
  return (
    <>
      {booking.car && !cars?.some((c) => c.id === booking.car?.id) && (
        <option value={booking.car.id}>
          {booking.car.brand} {booking.car.name}
        </option>
      )}
      {(cars ?? []).map((c) => (
        <option key={c.id} value={c.id}>
          {c.brand} {c.name}
        </option>
      ))}
    </>
  );
}

/** The asked change's price against the current one, once the dates make sense. */
export function ChangeQuoteLine({ datesOk, priced, pricing }: { datesOk: boolean; priced: Result<ChangeQuote> | undefined; pricing: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <div className="change-quote" aria-live="polite" data-testid="change-quote" data-total={datesOk && priced?.ok && !pricing ? priced.value.quote.total : undefined}>
      {datesOk && (pricing || !priced) && <p className="muted small">{t("myBooking.quoteLoading")}</p>}
      {datesOk && !pricing && priced?.ok && (
        <>
          <p>
            <strong>{t("myBooking.quoteTotal", { total: fmt.price(priced.value.quote.total), current: fmt.price(priced.value.current_total) })}</strong>
          </p>
          {!priced.value.available && <p className="alert alert-info">{t("myBooking.quoteTaken")}</p>}
        </>
      )}
      {datesOk && !pricing && priced && !priced.ok && <p className="alert alert-error">{failureText(t, priced.failure, fmt)}</p>}
    </div>
  );
}

/** The change request's outcome: sent, or why not. */
export function ChangeStatus({ status }: { status: Status }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <div aria-live="polite">
      {status.kind === "done" && <p className="alert alert-success">{t("myBooking.changeSent")}</p>}
      {status.kind === "failed" && (
        <p className="alert alert-error">{status.failure.kind === "invalid" ? t("myBooking.changeInvalid") : failureText(t, status.failure, fmt)}</p>
      )}
    </div>
  );
}
