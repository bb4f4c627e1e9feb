import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ltr } from "../../lib/format";
import { useFormat } from "../../lib/useFormat";
import type { BookingForm } from "./types";

interface RowProps {
  label: ReactNode;
  children: ReactNode;
  /** On the value (<dd>). */
  testId?: string;
  className?: string;
  dir?: "ltr";
  /** On the pair ("total", "discount"). */
  rowClass?: string;
}

/** One entry of a <dl> (summary, receipt, price lines): its term and its value. */
export function Row({ label, children, testId, className, dir, rowClass }: RowProps) {
  return (
    <div className={rowClass}>
      <dt>{label}</dt>
      <dd className={className} data-testid={testId} dir={dir}>
        {children}
      </dd>
    </div>
  );
}

/** The trip's "from pickup day and time to return day and time" (the wizard's summary and its last check). */
export function DatesRow({ form }: { form: BookingForm }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Row label={t("booking.dates")}>
      {t("common.fromTo", {
        from: `${fmt.shortDay(form.pickupDate)} ${ltr(form.pickupTime)}`,
        to: `${fmt.shortDay(form.returnDate)} ${ltr(form.returnTime)}`,
      })}
    </Row>
  );
}
