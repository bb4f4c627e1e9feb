import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { formatPrice } from "../../../lib/format";
import { BookingRef } from "../bookings/BookingRef";
import type { AdminBooking } from "../bookings/types";
import { Dialog } from "../components/Dialog";
import { Field } from "../components/Field";
import { Spinner } from "../components/Spinner";
import { useAdminTranslation } from "../i18n";
import { notify } from "../lib/notify";
import { invalidateAfter } from "../lib/queryKeys";
import { getBooking, recordCounterPayment } from "./api";
import { parseAmount, validateCounter, type CounterValues } from "./paymentView";
import { useAdminMutation } from "../lib/query";

interface Props {
  booking: AdminBooking | null;
  open: boolean;
  /** What is left to take, in DH (offered as the amount when above 0). */
  remaining: number | null;
  onClose: () => void;
  /** The booking as stored after the payment (its payment state may have changed). */
  onDone: (b: AdminBooking) => void;
}

/** Money taken at the agency's counter: cash or card terminal, amount in DH, a note. */
export function CounterPaymentDialog({ booking, open, remaining, onClose, onDone }: Props) {
  const { t } = useAdminTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open && booking !== null} title={booking ? <>{t("payments.counter.title")} · <BookingRef booking={booking} /></> : t("payments.counter.title")} onClose={onClose} busy={busy}>
      {open && booking && <CounterForm booking={booking} remaining={remaining} busy={busy} setBusy={setBusy} onClose={onClose} onDone={onDone} />}
    </Dialog>
  );
}

function CounterForm({
  booking,
  remaining,
  busy,
  setBusy,
  onClose,
  onDone,
}: Omit<Props, "open" | "booking"> & { booking: AdminBooking; busy: boolean; setBusy: (b: boolean) => void }) {
  const { t } = useAdminTranslation();
  const [v, setV] = useState<CounterValues>({ method: "cash", amount: remaining && remaining > 0 ? String(remaining).replace(".", ",") : "", note: "" });
  const [shown, setShown] = useState(false);
  const errors = shown ? validateCounter(v) : {};
  const client = useQueryClient();
  // One insert asking the row back, then the booking as stored now (its payment state).
  const record = useAdminMutation({
    mutationFn: async (amount: number) => {
      await recordCounterPayment({ bookingId: booking.id, method: v.method, amount, note: v.note });
      return getBooking(booking.id).catch(() => booking);
    },
    onSettled: () => setBusy(false),
    onSuccess: (stored, amount) => {
      void invalidateAfter(client, "payments");
      notify.success(t("payments.counter.saved", { amount: formatPrice(amount) }));
      onDone(stored);
      onClose();
    },
    onError: (err) => {
      console.error("counter payment failed", err);
      notify.error(t("payments.counter.error"));
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setShown(true);
    const amount = parseAmount(v.amount);
    if (validateCounter(v).amount || amount === null) return;
    setBusy(true);
    record.mutate(amount);
  }

  return (
    <form className="adm-form" onSubmit={submit} noValidate data-testid="counter-form">
      <fieldset className="adm-fieldset adm-fieldset--flat" disabled={busy}>
        <legend className="adm-field__label">{t("payments.counter.method")}</legend>
        <div className="adm-radios adm-radios--row">
          {(["cash", "card"] as const).map((m) => (
            <label key={m} className="adm-check">
              <input type="radio" name="method" value={m} checked={v.method === m} onChange={() => setV({ ...v, method: m })} />
              {t(`bookings.methods.${m}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <Field label={t("payments.counter.amount")} error={errors.amount} hint={remaining !== null && remaining > 0 ? t("payments.counter.remaining", { amount: formatPrice(remaining) }) : undefined} required>
        <input
          className="adm-input"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={v.amount}
          onChange={(e) => setV({ ...v, amount: e.target.value })}
          disabled={busy}
        />
      </Field>
      <Field label={t("payments.counter.note")}>
        <input className="adm-input" name="note" value={v.note} placeholder={t("payments.counter.notePlaceholder")} onChange={(e) => setV({ ...v, note: e.target.value })} disabled={busy} maxLength={300} />
      </Field>
      <div className="adm-form__actions">
        <button type="button" className="adm-btn adm-btn--ghost" onClick={onClose} disabled={busy}>
          {t("common.cancel")}
        </button>
        <button type="submit" className="adm-btn adm-btn--primary" disabled={busy} data-testid="counter-submit">
          {busy ? <Spinner size="sm" label={t("payments.counter.saving")} /> : t("payments.counter.submit")}
        </button>
      </div>
    </form>
  );
}
