import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { formatPrice } from "../../lib/format";
import { Field, FormActions, invalidateAfter, notify, reportFailure, useAdminMutation, useAdminTranslation } from "../admin-kit";
import { AmountInput } from "./AmountInput";
import { getBooking, recordCounterPayment } from "./api";
import type { BookingFormProps } from "./BookingFormDialog";
import { parseAmount, validateCounter, type CounterValues } from "./paymentView";

interface Extra {
  /** What is left to take, in DH (offered as the amount when above 0). */
  remaining: number | null;
}

/** Money taken at the agency's counter: cash or card terminal, amount in DH, a note. */
export function CounterPaymentForm({ booking, remaining, busy, setBusy, onClose, onDone }: BookingFormProps & Extra) {
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
    onError: reportFailure("counter payment failed", t("payments.counter.error")),
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
        <AmountInput name="amount" value={v.amount} onChange={(amount) => setV({ ...v, amount })} disabled={busy} />
      </Field>
      <Field label={t("payments.counter.note")}>
        <input className="adm-input" name="note" value={v.note} placeholder={t("payments.counter.notePlaceholder")} onChange={(e) => setV({ ...v, note: e.target.value })} disabled={busy} maxLength={300} />
      </Field>
      <FormActions onCancel={onClose} busy={busy} busyLabel={t("payments.counter.saving")} submitLabel={t("payments.counter.submit")} testId="counter-submit" />
    </form>
  );
}
