import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LEGAL_PATHS } from "../../../config/site";
import { appConfig } from "../../../lib/appConfig";
import { useFormat } from "../../../lib/useFormat";
import { KeyFactsRows } from "../KeyFacts";
import { DatesRow, Row } from "../Row";
import type { QuoteState } from "../useBookingData";
import { useFieldErrors, type StepProps } from "./fields";

/**
 * Step 4: vehicle, duration, dates and total (SPEC section 2), the total being the
 * database's, then the key facts from the same quote (deposit, the chosen
 * insurance's excess, free cancellation and its later cost, mileage, fuel, the
 * driver's minimums) and the two boxes the traveller ticks before committing:
 * the driver meets those minimums, and the rental terms (the quote's version)
 * are accepted. Without them the submit is refused here, inline.
 */
export function SummaryStep({ carTitle, quote, step }: { carTitle: string; quote: QuoteState; step: StepProps }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { err, described } = useFieldErrors(step.errors);
  const { form, set } = step;
  const ready = quote.status === "ready" ? quote.quote : null;
  const online = ready?.online && ready.channel !== "online" && appConfig.payments.mode !== "off" ? ready.online : null;
  // A refused submit moves the focus to the first box left unticked, so a
  // keyboard or screen-reader user lands on it and hears its error.
  const driverBox = useRef<HTMLInputElement>(null);
  const termsBox = useRef<HTMLInputElement>(null);
  const { driverConfirmed: driverError, termsAccepted: termsError } = step.errors;
  useEffect(() => {
    // Not while the traveller is ticking them (the other box's error stays).
    const active = document.activeElement;
    if (active === driverBox.current || active === termsBox.current) return;
    if (driverError) driverBox.current?.focus();
    else if (termsError) termsBox.current?.focus();
  }, [driverError, termsError]);
  return (
    <>
      <dl className="summary-list" data-testid="booking-summary">
        <Row label={t("booking.vehicle")}>{carTitle}</Row>
        <Row label={t("booking.duration")}>{ready ? t("booking.days", { count: ready.days }) : "…"}</Row>
        <DatesRow form={form} />
        <Row label={t("booking.total")} className="price">
          <strong data-testid="summary-total">{ready ? fmt.price(ready.total) : "—"}</strong>
        </Row>
        {/* The same trip paid online (PayPal), where it is offered: the option's own figure. */}
        {online && (
          <Row label={t("bookingPrice.onlineTotal", { option: t(`booking.paymentOptions.${form.paymentOption}.name`) })} testId="summary-online-total">
            {fmt.price(online.total)}
          </Row>
        )}
        {ready && <KeyFactsRows quote={ready} insurance={form.insurance} prefix="summary" />}
      </dl>
      <div className="field field-check">
        <label>
          <input
            type="checkbox"
            name="driverConfirmed"
            ref={driverBox}
            checked={form.driverConfirmed}
            onChange={(e) => set("driverConfirmed", e.target.checked)}
            data-testid="confirm-driver"
            {...described("driverConfirmed")}
          />{" "}
          {ready?.min_driver_age != null
            ? t("keyFacts.confirmDriver", {
                age: fmt.number(ready.min_driver_age),
                years: fmt.number(ready.min_licence_years ?? 0),
                count: ready.min_licence_years ?? 0,
              })
            : t("keyFacts.confirmDriverPlain")}
        </label>
        {err("driverConfirmed")}
      </div>
      <div className="field field-check">
        <label>
          <input
            type="checkbox"
            name="termsAccepted"
            ref={termsBox}
            checked={form.termsAccepted !== null}
            disabled={!ready?.terms_version}
            onChange={(e) => set("termsAccepted", e.target.checked ? (ready?.terms_version ?? null) : null)}
            data-testid="accept-terms"
            {...described("termsAccepted")}
          />{" "}
          {t("keyFacts.acceptTerms")}{" "}
          <Link to={LEGAL_PATHS.terms} target="_blank" rel="noopener">
            {t("legal.terms.title")}
          </Link>
        </label>
        {err("termsAccepted")}
      </div>
    </>
  );
}
