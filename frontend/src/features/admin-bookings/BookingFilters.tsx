import { Check, SearchField, Select, useAdminTranslation } from "../admin-kit";
import { BOOKING_STATUSES, type BookingFilter, PAYMENT_STATES, type PaymentFilter, type StatusFilter } from "../admin-booking-core";

interface Props {
  filter: BookingFilter;
  onChange: (patch: Partial<BookingFilter>) => void;
  /** How many failed payment attempts the list hides. */
  attempts: number;
}

/** The bookings list's search, status and payment filters, and the failed attempts' switch. */
export function BookingFilters({ filter, onChange, attempts }: Props) {
  const { t } = useAdminTranslation();
  return (
    <>
      <div className="adm-toolbar-row">
        <SearchField placeholder={t("bookings.searchPlaceholder")} value={filter.query} onChange={(query) => onChange({ query })} />
        <FilterSelect<StatusFilter>
          label={t("bookings.statusFilter")}
          value={filter.status}
          onChange={(status) => onChange({ status })}
          options={[["all", t("bookings.allStatuses")], ...BOOKING_STATUSES.map((s) => [s, t(`bookings.statuses.${s}`)] as const)]}
        />
        <FilterSelect<PaymentFilter>
          label={t("bookings.paymentFilter")}
          value={filter.payment}
          onChange={(payment) => onChange({ payment })}
          options={[["all", t("bookings.allPayments")], ...PAYMENT_STATES.map((s) => [s, t(`bookings.paymentStatuses.${s}`)] as const)]}
        />
      </div>
      <div className="adm-toolbar-row">
        <Check
          label={t("bookings.showAttempts", { n: attempts })}
          checked={filter.showAttempts}
          onChange={(showAttempts) => onChange({ showAttempts })}
          hint={t("bookings.attemptsHint")}
          testId="show-attempts"
        />
      </div>
    </>
  );
}

interface SelectProps<V extends string> {
  label: string;
  value: V;
  onChange: (value: V) => void;
  /** Value and label of each option, in order. */
  options: (readonly [V, string])[];
}

function FilterSelect<V extends string>({ label, value, onChange, options }: SelectProps<V>) {
  return (
    <label className="adm-select-label">
      <span className="visually-hidden">{label}</span>
      <Select value={value} onChange={onChange} options={options} aria-label={label} />
    </label>
  );
}
