import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { adminKeys, type Busy, Field, FormActions, FormDialog, IconAlert, invalidateAfter, notify, reportFailure, Select, stillWrong, useAdminMutation, useAdminQuery, useAdminTranslation } from "../admin-kit";
import { addBlock, carBookingsBetween } from "./api";
import { blockRange, validateBlock, type BlockFormErrors, type BlockFormValues } from "./blockForm";
import { bookingDates } from "./labels";
import { blockSpan, coveredBookings } from "./planningView";
import { normalizeBookingStatus } from "../admin-booking-core";
import type { CarBlock, PlanBooking, PlanCar } from "./types";

interface Props {
  open: boolean;
  cars: PlanCar[];
  /** First values of the form (a car may be preselected). */
  initial: BlockFormValues;
  onClose: () => void;
  onAdded: (block: CarBlock) => void;
}

export function BlockFormDialog({ open, cars, initial, onClose, onAdded }: Props) {
  const { t } = useAdminTranslation();
  return (
    <FormDialog open={open} title={t("planning.form.title")} onClose={onClose}>
      {(busy) => <BlockForm cars={cars} initial={initial} {...busy} onClose={onClose} onAdded={onAdded} />}
    </FormDialog>
  );
}

/** The bookings a block over these days would cover, checked against the database as the dates change. */
function useCovered(values: BlockFormValues): { list: PlanBooking[]; failed: boolean } {
  const range = useSettled(blockRange(values), 250);
  const query = useAdminQuery({
    queryKey: adminKeys.coveredBookings(range?.carId ?? 0, range?.from ?? "", range?.to ?? ""),
    queryFn: async () => {
      if (!range) return [];
      const rows = await carBookingsBetween(range.carId, range.from, range.to);
      return coveredBookings(blockSpan({ start_date: range.from, end_date: range.to }), rows);
    },
    enabled: range !== null,
  });
  return { list: range ? (query.data ?? []) : [], failed: range !== null && query.isError };
}

type Range = { carId: number; from: string; to: string };

/** The range once it stopped changing for `ms` (typing a date does not send a query per key). */
function useSettled(range: Range | null, ms: number): Range | null {
  const key = range ? `${range.carId}:${range.from}:${range.to}` : null;
  const [settled, setSettled] = useState<{ key: string | null; range: Range | null }>({ key: null, range: null });
  useEffect(() => {
    const timer = setTimeout(() => setSettled({ key, range: key ? range : null }), ms);
    return () => clearTimeout(timer);
    // The key says everything the range holds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ms]);
  return settled.key === key ? settled.range : null;
}

function BlockForm({ cars, initial, busy, setBusy, onClose, onAdded }: Omit<Props, "open"> & Busy) {
  const { t } = useAdminTranslation();
  const [values, setValues] = useState<BlockFormValues>(initial);
  const [failed, setErrors] = useState<BlockFormErrors>({});
  const covered = useCovered(values);
  const set = (k: keyof BlockFormValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  // The last failed save's errors, less those fixed since.
  const errors = stillWrong(failed, validateBlock(values).errors);
  const client = useQueryClient();
  const adding = useAdminMutation({
    mutationFn: addBlock,
    onSettled: () => setBusy(false),
    onSuccess: (added) => {
      void invalidateAfter(client, "car_blocks");
      notify.success(t("planning.messages.added"));
      onAdded(added);
    },
    onError: reportFailure("block insert failed", t("planning.messages.addError")),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const { errors: errs, block } = validateBlock(values);
    setErrors(errs);
    if (!block) return;
    setBusy(true);
    adding.mutate(block);
  }

  return (
    <form className="adm-form" onSubmit={submit} noValidate data-testid="block-form">
      <Field label={t("planning.form.car")} error={errors.car_id} required>
        <Select
          name="car_id"
          value={values.car_id}
          onChange={(car_id) => setValues((v) => ({ ...v, car_id }))}
          options={[["", t("planning.form.chooseCar")], ...cars.map((c) => [String(c.id), `${c.name} — ${c.brand}`] as const)]}
        />
      </Field>
      <div className="adm-grid adm-grid--2">
        <Field label={t("planning.form.from")} error={errors.start_date} required>
          <input type="date" className="adm-input" name="start_date" value={values.start_date} onChange={set("start_date")} />
        </Field>
        <Field label={t("planning.form.to")} error={errors.end_date} required>
          <input type="date" className="adm-input" name="end_date" value={values.end_date} min={values.start_date || undefined} onChange={set("end_date")} />
        </Field>
      </div>
      <Field label={t("planning.form.reason")} error={errors.reason} hint={t("planning.form.hint")} required>
        <input type="text" className="adm-input" name="reason" value={values.reason} placeholder={t("planning.form.reasonPlaceholder")} maxLength={200} onChange={set("reason")} />
      </Field>
      <div role="status" className="adm-plan-covers">
        {covered.list.length > 0 && (
          <div className="adm-alert adm-alert--warn" data-testid="block-covers">
            <IconAlert size={18} />
            <div>
              <p>{t("planning.form.covers", { count: covered.list.length })}</p>
              <ul>
                {covered.list.map((b) => (
                  <li key={b.id}>
                    {b.customer_name} — {bookingDates(b)} ({t(`bookings.statuses.${normalizeBookingStatus(b.status)}`)})
                  </li>
                ))}
              </ul>
            </div>
          </div>
        )}
        {covered.failed && <p className="adm-alert adm-alert--error">{t("planning.form.checkError")}</p>}
      </div>
      <FormActions onCancel={onClose} busy={busy} busyLabel={t("planning.form.saving")} submitLabel={t("planning.form.submit")} />
    </form>
  );
}
