import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { Icon } from "../../components/Icon";
import { Spinner } from "../../components/Spinner";
import { carSlug } from "../../lib/slug";
import { usePageMeta } from "../../lib/usePageMeta";
import type { FleetCar } from "../cars";
import { parseTrip, withTrip, type Trip } from "../search";
import { ConfirmView } from "./ConfirmView";
import { ConflictNotice } from "./ConflictNotice";
import { SentView } from "./SentView";
import { useBookingWizard, type Refusal } from "./useBookingWizard";
import { WizardForm } from "./WizardForm";

// The booking page: its states (loading, not found, unavailable) and views (form in
// WizardForm, confirm, sent). The wizard's state and transitions live in useBookingWizard.

/** /booking/:slug[?pickup=…&return=…&place=…]: a new car or trip is a new wizard. */
export default function BookingPage() {
  const { slug } = useParams();
  const [params] = useSearchParams();
  const query = params.toString();
  const trip = useMemo(() => parseTrip(new URLSearchParams(query)), [query]);
  return <BookingWizard key={`${slug}?${query}`} slug={slug} searched={trip} />;
}

/** The page's head: back to the car (with the searched trip), the title. */
function BookingHeader({ car, searched }: { car: FleetCar; searched: Trip | null }) {
  const { t } = useTranslation();
  return (
    <div className="booking-head">
      <Link to={withTrip(`/cars/${carSlug(car)}`, searched)} className="back-link">
        <Icon name="chevronStart" size={18} className="flip-rtl" /> {t("booking.backToCar")}
      </Link>
      <h1>{t("booking.title")}</h1>
      <p className="muted">{t("booking.subtitle")}</p>
    </div>
  );
}

function CarNotFound() {
  const { t } = useTranslation();
  return (
    <section className="container section center not-found">
      <h1>{t("car.notFound")}</h1>
      <Link to="/vehicles" className="btn btn-primary">
        {t("car.backToFleet")}
      </Link>
    </section>
  );
}

/** A car marked unavailable cannot be booked at all. */
function CarUnavailable({ header }: { header: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="container section">
      {header}
      <div className="alert alert-error" role="alert">
        <p>{t("car.bookingUnavailable")}</p>
      </div>
    </section>
  );
}

function BookingWizard({ slug, searched }: { slug: string | undefined; searched: Trip | null }) {
  const { t } = useTranslation();
  const w = useBookingWizard(slug, searched);
  const { car, form, quote, refusal } = w;

  usePageMeta(car ? t("booking.metaTitle", { name: `${car.brand} ${car.name}` }) : t("booking.title"), t("booking.subtitle"), `/booking/${slug ?? ""}`);

  if (car === undefined) return <Spinner label={t("booking.loading")} />;
  if (car === null) return <CarNotFound />;

  const header = <BookingHeader car={car} searched={searched} />;
  // A car marked unavailable cannot be booked at all; one back in service at a
  // later date can be, for dates from then on (step 1's check says so otherwise).
  if (!car.available) return <CarUnavailable header={header} />;

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

  return <WizardForm w={w} car={car} header={header} conflict={notice("check", w.takeNextFree)} />;
}
