import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { useFormat } from "../../lib/useFormat";
import type { FleetCar } from "../cars";
import { PriceSummary, RunningTotal } from "./PriceSummary";
import type { useBookingWizard } from "./useBookingWizard";
import { includedExtras } from "./useBookingData";
import { STEP_COUNT } from "./validation";
import { DriverStep } from "./wizard/DriverStep";
import { OptionsStep } from "./wizard/OptionsStep";
import { Stepper } from "./wizard/Stepper";
import { SummaryStep } from "./wizard/SummaryStep";
import { TripStep } from "./wizard/TripStep";

// The booking page's form view: the stepper, the current step's fields, the
// previous/next buttons and the price beside them.

type Wizard = ReturnType<typeof useBookingWizard>;

/** A car back in service at a later date: bookable from then on (step 1's check says so otherwise). */
function NotYetNotice({ car }: { car: FleetCar }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (car.bookable || !car.not_available_until) return null;
  return (
    <p className="alert alert-info" data-testid="not-available-until">
      {t("car.notAvailableUntil", { date: fmt.numericDay(car.not_available_until) })}
    </p>
  );
}

/** The fields of the current step; step 1's notice is the dates check, or its refusal. */
function StepFields({ w, car, conflict }: { w: Wizard; car: FleetCar; conflict: ReactNode }) {
  const { t } = useTranslation();
  const { form, step, errors, quote, checking } = w;
  return (
    <>
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
              conflict
            )
          }
        />
      )}
      {step === 2 && <DriverStep form={form} errors={errors} set={w.set} />}
      {step === 3 && <OptionsStep form={form} set={w.set} prices={w.prices} included={includedExtras(quote)} />}
      {step === 4 && <SummaryStep carTitle={`${car.brand} ${car.name}`} quote={quote} step={{ form, errors, set: w.set }} />}
    </>
  );
}

/** Previous, and next (or, at the last step, submit). */
function WizardNav({ w }: { w: Wizard }) {
  const { t } = useTranslation();
  const { step, checking, refusal } = w;
  return (
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
  );
}

/** The wizard's form view; `conflict` is the refusal of the dates at step 1's check, if any. */
export function WizardForm({ w, car, header, conflict }: { w: Wizard; car: FleetCar; header: ReactNode; conflict: ReactNode }) {
  const { t } = useTranslation();
  const { form, step, quote } = w;
  const stepTitles = [t("booking.steps.trip"), t("booking.steps.driver"), t("booking.steps.options"), t("booking.steps.summary")];
  return (
    <section className="container section">
      {header}
      <NotYetNotice car={car} />
      <Stepper titles={stepTitles} step={step} />
      <div className="booking-layout">
        <form className="card wizard" onSubmit={(e) => w.submit(e, car)} noValidate data-testid="booking-wizard">
          <h2 className="wizard-title">
            {t("booking.stepOf", { step, total: STEP_COUNT })} — {stepTitles[step - 1]}
          </h2>
          <StepFields w={w} car={car} conflict={conflict} />
          <WizardNav w={w} />
          <RunningTotal quote={quote} />
        </form>
        <PriceSummary car={car} form={form} quote={quote} />
      </div>
    </section>
  );
}
