import { useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { labelledFields } from "../../components/fieldErrors";
import { todayISO } from "../../lib/format";
import { phoneE164 } from "../../lib/phone";
import { useFormat } from "../../lib/useFormat";
import { askChange, listCars, updateDetails, type Details, type MyBooking, type Result } from "./api";
import { CarOptions, ChangeQuoteLine, ChangeStatus, useChangeQuote, type ChangeFields } from "./ChangeParts";
import { failureText, type Status } from "./failureText";

/** The details that do not change the price. */
export function DetailsForm({ token, booking, onSaved }: { token: string; booking: MyBooking; onSaved: (b: MyBooking) => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const id = useId();
  const [form, setForm] = useState<Required<Details>>({
    flight_number: booking.flight_number ?? "",
    hotel_name: booking.hotel_name ?? "",
    hotel_address: booking.hotel_address ?? "",
    arrival_note: booking.arrival_note ?? "",
    customer_phone: booking.customer_phone ?? "",
  });
  const { status, send } = useSend(onSaved);
  const labelled = labelledFields((name: keyof Details) => `${id}-${name}`);
  const field = (name: keyof Details, label: string, props: Record<string, string> = {}) =>
    labelled(name, label, <input value={form[name]} onChange={(e) => setForm({ ...form, [name]: e.target.value })} {...props} />);
  function save(e: FormEvent) {
    e.preventDefault();
    // As the wizard stores them: a flight number without spaces, a phone in E.164
    // (one that is not a real number goes as typed, and the database says so).
    const flight = form.flight_number.replace(/\s+/g, "").toUpperCase();
    const phone = form.customer_phone.trim() ? (phoneE164(form.customer_phone) ?? form.customer_phone) : "";
    return send(() => updateDetails(token, { ...form, flight_number: flight, customer_phone: phone }));
  }
  return (
    <form className="card my-booking-form" onSubmit={(e) => void save(e)} noValidate data-testid="my-booking-details">
      <h2>{t("myBooking.detailsTitle")}</h2>
      <p className="muted">{t("myBooking.detailsText")}</p>
      <div className="form-row">
        {field("flight_number", t("myBooking.flight"), { dir: "ltr", autoComplete: "off", maxLength: "20" })}
        {field("customer_phone", t("myBooking.phone"), { dir: "ltr", type: "tel", autoComplete: "tel" })}
      </div>
      <div className="form-row">
        {field("hotel_name", t("myBooking.hotelName"), { maxLength: "200" })}
        {field("hotel_address", t("myBooking.hotelAddress"), { maxLength: "300" })}
      </div>
      {field("arrival_note", t("myBooking.arrivalNote"), { maxLength: "500" })}
      <button type="submit" className="btn btn-primary" disabled={status.kind === "busy"}>
        {status.kind === "busy" ? t("myBooking.saving") : t("myBooking.save")}
      </button>
      <div aria-live="polite">
        {status.kind === "done" && <p className="alert alert-success">{t("myBooking.saved")}</p>}
        {status.kind === "failed" && <p className="alert alert-error">{failureText(t, status.failure, fmt)}</p>}
      </div>
    </form>
  );
}

/** Other dates or another car: a request the agency decides. */
export function ChangeForm({ token, booking, onSent }: { token: string; booking: MyBooking; onSent: (b: MyBooking) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const { data: cars } = useQuery({ queryKey: ["myBooking", "cars"], queryFn: listCars });
  const [form, setForm] = useState<ChangeFields>({
    carId: String(booking.car?.id ?? ""),
    start: booking.start_date,
    end: booking.end_date,
    pickupTime: booking.pickup_time.slice(0, 5),
    returnTime: booking.return_time.slice(0, 5),
    message: "",
  });
  const { status, setStatus, send } = useSend(onSent);
  const { datesOk, priced, pricing } = useChangeQuote(token, form);
  const field = labelledFields((k: keyof ChangeFields) => `${id}-${k}`);
  const set = (k: keyof ChangeFields) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  function ask(e: FormEvent) {
    e.preventDefault();
    if (!form.start || !form.end || form.end < form.start || form.start < todayISO()) {
      setStatus({ kind: "failed", failure: { kind: "invalid", field: "dates" } });
      return;
    }
    return send(() => askChange(token, { ...form, carId: Number(form.carId) }));
  }
  return (
    <form className="card my-booking-form" onSubmit={(e) => void ask(e)} noValidate data-testid="my-booking-change">
      <h2>{t("myBooking.changeTitle")}</h2>
      <p className="muted">{t("myBooking.changeText")}</p>
      {field(
        "carId",
        t("myBooking.car"),
        <select value={form.carId} onChange={set("carId")}>
          <CarOptions booking={booking} cars={cars} />
        </select>,
      )}
      <div className="form-row">
        {field("start", t("myBooking.pickupDate"), <input type="date" min={todayISO()} value={form.start} onChange={set("start")} />)}
        {field("pickupTime", t("myBooking.pickupTime"), <input type="time" value={form.pickupTime} onChange={set("pickupTime")} />)}
      </div>
      <div className="form-row">
        {field("end", t("myBooking.returnDate"), <input type="date" min={form.start || todayISO()} value={form.end} onChange={set("end")} />)}
        {field("returnTime", t("myBooking.returnTime"), <input type="time" value={form.returnTime} onChange={set("returnTime")} />)}
      </div>
      {field("message", t("myBooking.message"), <textarea rows={2} maxLength={1000} value={form.message} onChange={set("message")} />)}
      <ChangeQuoteLine datesOk={datesOk} priced={priced} pricing={pricing} />
      <button type="submit" className="btn btn-outline" disabled={status.kind === "busy"}>
        {status.kind === "busy" ? t("myBooking.sending") : t("myBooking.askChange")}
      </button>
      <ChangeStatus status={status} />
    </form>
  );
}

/** A form's request: busy while it runs, then done (the booking as now stored handed to `onDone`) or failed. */
function useSend(onDone: (b: MyBooking) => void) {
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  async function send(request: () => Promise<Result<MyBooking>>) {
    setStatus({ kind: "busy" });
    const r = await request();
    if (r.ok) {
      onDone(r.value);
      setStatus({ kind: "done" });
    } else setStatus({ kind: "failed", failure: r.failure });
  }
  return { status, setStatus, send };
}
