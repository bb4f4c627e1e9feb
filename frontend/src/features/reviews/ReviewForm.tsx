import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../components/Icon";
import { Stars } from "../../components/ui";
import { carSlug } from "../../lib/slug";
import { useFormat } from "../../lib/useFormat";
import { submitReview, type Failure, type Invitation } from "./api";

/** The rental being rated: its car and dates. */
function Rental({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const car = invitation.car;
  return (
    <div className="review-rental">
      {car?.image && <img src={car.image} alt="" width="160" height="100" loading="lazy" decoding="async" />}
      <div>
        {car && (
          <h2 data-testid="review-car">
            <bdi>
              {car.brand} {car.name}
            </bdi>
          </h2>
        )}
        <p className="muted">
          {t("review.rental", { from: fmt.day(invitation.start_date), to: fmt.day(invitation.end_date) })} · <bdi dir="ltr">{invitation.reference}</bdi>
        </p>
      </div>
    </div>
  );
}

/** The form: 1 to 5 stars (a radio group) and an optional comment. */
export function ReviewForm({ token, invitation, onLeft }: { token: string; invitation: Invitation; onLeft: (i: Invitation) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [stars, setStars] = useState<number | null>(null);
  const [comment, setComment] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<Failure | null>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (error) alertRef.current?.focus();
  }, [error]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSending(true);
    setError(null);
    const r = await submitReview(token, stars, comment);
    setSending(false);
    if (r.ok) onLeft(r.value);
    else setError(r.failure);
  }

  return (
    <form className="card review-form" onSubmit={(e) => void submit(e)} noValidate data-testid="review-form">
      <p>{t("review.hello", { name: invitation.first_name })}</p>
      <Rental invitation={invitation} />
      <fieldset className="review-stars" aria-describedby={`${id}-stars-hint`} aria-invalid={error === "stars" || undefined}>
        <legend>{t("review.stars")}</legend>
        <div className="review-stars-row">
          {[1, 2, 3, 4, 5].map((n) => (
            <span key={n}>
              <input id={`${id}-s${n}`} type="radio" name="stars" value={n} checked={stars === n} onChange={() => setStars(n)} className="visually-hidden" />
              <label htmlFor={`${id}-s${n}`} title={t("review.star", { count: n })}>
                <Icon name="star" size={32} className={stars !== null && n <= stars ? "star-on" : "star-off"} />
                <span className="visually-hidden">{t("review.star", { count: n })}</span>
              </label>
            </span>
          ))}
        </div>
        <small id={`${id}-stars-hint`} className="muted">
          {t("review.starsHint")}
        </small>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-comment`}>{t("review.comment")}</label>
        <textarea
          id={`${id}-comment`}
          name="comment"
          rows={5}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          aria-describedby={`${id}-comment-hint`}
          aria-invalid={error === "comment" || undefined}
        />
        <small id={`${id}-comment-hint`} className="muted">
          {t("review.commentHint")}
        </small>
      </div>
      <button type="submit" className="btn btn-primary" disabled={sending} data-testid="review-send">
        {sending ? t("review.sending") : t("review.send")}
      </button>
      <div aria-live="polite">
        {error && (
          <p ref={alertRef} tabIndex={-1} className="alert alert-error" data-testid="review-error" data-failure={error}>
            {t(`review.errors.${error}`)}
          </p>
        )}
      </div>
    </form>
  );
}

/** The review once left: thanks, and where it stands with the agency. */
export function ReviewLeft({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation();
  const review = invitation.review!;
  const car = invitation.car;
  return (
    <div className="card review-form" role="status" data-testid="review-left" data-status={review.status}>
      <h2>{t("review.thanksTitle")}</h2>
      <Rental invitation={invitation} />
      <p className="review-given">
        <Stars rating={review.stars} size={20} />
      </p>
      <p>
        {t("review.thanks", { stars: t("review.star", { count: review.stars }) })}
        {review.status !== "pending" && <> {t(`review.${review.status}`)}</>}
      </p>
      {review.comment && <blockquote>{review.comment}</blockquote>}
      {car && (
        <Link className="btn btn-outline" to={`/cars/${carSlug(car)}`}>
          {t("review.seeCar")}
        </Link>
      )}
    </div>
  );
}
