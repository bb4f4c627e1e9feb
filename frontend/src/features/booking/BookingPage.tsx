/* eslint-disable max-lines-per-function -- over the house limit since before the rule: the wizard's steps laid out in one body; to split per step (other changes are under way here). */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { Icon } from "../../components/Icon";
import { Spinner } from "../../components/Spinner";
import { carSlug } from "../../lib/slug";
import { useFormat } from "../../lib/useFormat";
import { usePageMeta } from "../../lib/usePageMeta";
import { parseTrip, withTrip, type Trip } from "../search";
import { ConfirmView } from "./ConfirmView";
import { ConflictNotice } from "./ConflictNotice";
import { PriceSummary, RunningTotal } from "./PriceSummary";
import { SentView } from "./SentView";
import { useBookingWizard, type Refusal } from "./useBookingWizard";
import { includedExtras } from "./useBookingData";
import { STEP_COUNT } from "./validation";
import { DriverStep } from "./wizard/DriverStep";
import { OptionsStep } from "./wizard/OptionsStep";
import { Stepper } from "./wizard/Stepper";
import { SummaryStep } from "./wizard/SummaryStep";
import { TripStep } from "./wizard/TripStep";

// The booking page: layout and steps. The wizard's state and transitions live in
// useBookingWizard.

/** /booking/:slug[?pickup=…&return=…&place=…]: a new car or trip is a new wizard. */
export default function BookingPage() {
  const { slug } = useParams();
  const [params] = useSearchParams();
  const query = params.toString();
  const trip = useMemo(() => parseTrip(new URLSearchParams(query)), [query]);
  return <BookingWizard key={`${slug}?${query}`} slug={slug} searched={trip} />;
}

function BookingWizard({ slug, searched }: { slug: string | undefined; searched: Trip | null }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const w = useBookingWizard(slug, searched);
  const { car, form, step, errors, quote, refusal, checking } = w;

  usePageMeta(car ? t("booking.metaTitle", { name: `${car.brand} ${car.name}` }) : t("booking.title"), t("booking.subtitle"), `/booking/${slug ?? ""}`);

  if (car === undefined) return <Spinner label={t("booking.loading")} />;
  if (car === null) {
    return (
      <section className="container section center not-found">
        <h1>{t("car.notFound")}</h1>
        <Link to="/vehicles" className="btn btn-primary">
          {t("car.backToFleet")}
        </Link>
      </section>
    );
  }

  const header = (
    <div className="booking-head">
      <Link to={withTrip(`/cars/${carSlug(car)}`, searched)} className="back-link">
        <Icon name="chevronStart" size={18} className="flip-rtl" /> {t("booking.backToCar")}
      </Link>
      <h1>{t("booking.title")}</h1>
      <p className="muted">{t("booking.subtitle")}</p>
    </div>
  );

  // A car marked unavailable cannot be booked at all; one back in service at a
  // later date can be, for dates from then on (step 1's check says so otherwise).
  if (!car.available) {
    return (
      <section className="container section">
        {header}
        <div className="alert alert-error" role="alert">
          <p>{t("car.bookingUnavailable")}</p>
        </div>
      </section>
    );
  }
  const notYet =
    !car.bookable && car.not_available_until ? (
      <p className="alert alert-info" data-testid="not-available-until">
        {t("car.notAvailableUntil", { date: fmt.numericDay(car.not_available_until) })}
      </p>
    ) : null;

  if (w.view === "sent") return <SentView order={w.sent} />;

  const notice = (at: Refusal["at"], onUseNextFree?: (nextFree: string) => void) =>
    refusal && refusal.at === at ? <ConflictNotice conflict={refusal.conflict} car={car} trip={refusal.trip} onUseNextFree={onUseNextFree} /> : null;

  if (w.view === "confirm") {
    return (
      <ConfirmView
        header={header}
        car={car}
        form={form}
        quote={quote}
        paymentsOn={w.paymentsOn}
        busy={w.busy}
        paymentError={w.paymentError}
        conflict={notice("submit")}
        refused={refusal?.at === "submit"}
        onWhatsapp={() => void w.confirmWhatsapp(car)}
        onPaypal={() => void w.payWithPaypal()}
        onBack={w.backToForm}
      />
    );
  }

  const stepTitles = [t("booking.steps.trip"), t("booking.steps.driver"), t("booking.steps.options"), t("booking.steps.summary")];
  return (
    <section className="container section">
      {header}
      {notYet}
      <Stepper titles={stepTitles} step={step} />
      <div className="booking-layout">
        <form className="card wizard" onSubmit={(e) => w.submit(e, car)} noValidate data-testid="booking-wizard">
          <h2 className="wizard-title">
            {t("booking.stepOf", { step, total: STEP_COUNT })} — {stepTitles[step - 1]}
          </h2>
          {step === 1 && (
            <TripStep
              form={form}
              errors={errors}
              set={w.set}
              today={w.today}
              notice={
                checking ? (
                  <p className="muted small" role="status" data-testid="checking-dates">
                    {t("reservation.checking")}
                  </p>
                ) : (
                  notice("check", w.takeNextFree)
                )
              }
            />
          )}
          {step === 2 && <DriverStep form={form} errors={errors} set={w.set} />}
          {step === 3 && <OptionsStep form={form} set={w.set} prices={w.prices} included={includedExtras(quote)} />}
          {step === 4 && <SummaryStep carTitle={`${car.brand} ${car.name}`} quote={quote} step={{ form, errors, set: w.set }} />}
          <div className="wizard-nav">
            <button type="button" className="btn btn-outline" disabled={step === 1} onClick={w.back}>
              <Icon name="chevronStart" size={18} className="flip-rtl" /> {t("booking.previous")}
            </button>
            {step < STEP_COUNT ? (
              <button type="submit" className="btn btn-primary" disabled={!w.canGoNext || checking || (step === 1 && refusal !== null)} data-testid="wizard-next">
                {t("booking.next")} <Icon name="chevronEnd" size={18} className="flip-rtl" />
              </button>
            ) : (
              <button type="submit" className="btn btn-accent" data-testid="wizard-submit">
                {t("booking.submit")}
              </button>
            )}
          </div>
          <RunningTotal quote={quote} />
        </form>
        <PriceSummary car={car} form={form} quote={quote} />
      </div>
    </section>
  );
}
