import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHero } from "../../components/ui";
import { usePageMeta } from "../../lib/usePageMeta";
import { readInvitation, tokenOf, type Failure, type Invitation } from "./api";
import { ReviewForm, ReviewLeft } from "./ReviewForm";

/**
 * /review#token=…: the link e-mailed when a rental is completed opens the rental
 * and a form to rate its car, once (docs/reviews.md). The database decides
 * everything: the link, the stars, a second review.
 */
export default function ReviewPage() {
  const { t } = useTranslation();
  usePageMeta(t("review.title"), t("review.subtitle"), "/review");
  // undefined until the fragment is read (after hydration), then the token or null.
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [answer, setAnswer] = useState<{ token: string; state: { invitation: Invitation } | { failure: Failure } } | null>(null);

  useEffect(() => {
    const read = () => setToken(tokenOf(window.location.hash));
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);

  useEffect(() => {
    if (!token) return;
    let live = true;
    void readInvitation(token).then((r) => {
      if (live) setAnswer({ token, state: r.ok ? { invitation: r.value } : { failure: r.failure } });
    });
    return () => {
      live = false;
    };
  }, [token]);

  const state = token === null ? "none" : token === undefined || answer?.token !== token ? "loading" : answer.state;
  const onLeft = (invitation: Invitation) => token && setAnswer({ token, state: { invitation } });

  let body;
  if (state === "loading") body = <p aria-busy="true">{t("review.loading")}</p>;
  else if (state === "none" || "failure" in state)
    body = (
      <p className="alert alert-error" role="alert" data-testid="review-link-invalid">
        {t(`review.errors.${state === "none" ? "link" : state.failure}`)}
      </p>
    );
  else if (state.invitation.review) body = <ReviewLeft invitation={state.invitation} />;
  else body = <ReviewForm token={token!} invitation={state.invitation} onLeft={onLeft} />;

  return (
    <>
      <PageHero title={t("review.title")} subtitle={t("review.subtitle")} />
      <section className="section">
        <div className="container narrow review-page" data-testid="review-page">
          {body}
        </div>
      </section>
    </>
  );
}
