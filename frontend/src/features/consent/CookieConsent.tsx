import { useEffect, useState } from "react";
import { useAfterHydration } from "../../lib/useHydrated";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LEGAL_PATHS } from "../../config/site";
import { cookieNames, deleteCookie, getCookie, setCookie } from "../../lib/cookies";
import {
  CLOSE_CHOICE,
  CONSENT_COOKIE,
  cookiesToRemove,
  parseConsent,
  shouldShowBanner,
  type Consent,
  type ConsentState,
} from "../../lib/consent";

function purge(state: ConsentState) {
  for (const name of cookiesToRemove(state, cookieNames())) deleteCookie(name);
}

/** The cookie card of SPEC section 2: bottom corner, three choices and a close button. */
export function CookieConsent() {
  const { t } = useTranslation();
  // The server renders a page once for every visitor, with the card a first visit
  // shows, so it is on screen with the page rather than after the scripts; a stored
  // choice hides it before the first paint (index.html marks <html data-consent>) and
  // removes it once the server's markup is adopted.
  const stored = useAfterHydration<ConsentState>(() => parseConsent(getCookie(CONSENT_COOKIE)), "unset");
  const [chosen, setChosen] = useState<ConsentState | null>(null);
  const state = chosen ?? stored;

  // A stored "essential" or "rejected" keeps removing cookies on every visit.
  useEffect(() => {
    purge(state);
  }, [state]);

  if (!shouldShowBanner(state)) return null;

  const choose = (c: Consent) => {
    setCookie(CONSENT_COOKIE, c);
    setChosen(c);
  };

  return (
    <section className="cookie-card" role="region" aria-labelledby="cookie-title" data-testid="cookie-consent">
      <button type="button" className="icon-button cookie-close" onClick={() => choose(CLOSE_CHOICE)} aria-label={t("cookies.close")}>
        ×
      </button>
      <h2 id="cookie-title">{t("cookies.title")}</h2>
      <p>
        {t("cookies.message")} <Link to={LEGAL_PATHS.privacy}>{t("cookies.privacy")}</Link>
      </p>
      <div className="cookie-actions">
        <button type="button" className="btn btn-primary btn-sm" onClick={() => choose("accepted")}>
          {t("cookies.acceptAll")}
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => choose("rejected")}>
          {t("cookies.rejectAll")}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => choose("essential")}>
          {t("cookies.essential")}
        </button>
      </div>
    </section>
  );
}
