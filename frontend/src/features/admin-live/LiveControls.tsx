import { useAdminTranslation } from "../admin-kit";
import { useLive } from "./LiveProvider";

/** The top bar's live indicator and the sound switch. */
export function LiveControls() {
  const { t } = useAdminTranslation();
  const { status, sound, setSound } = useLive();
  const label = t(`live.status.${status}`);
  return (
    <div className="adm-live">
      <span className={`adm-live__status adm-live__status--${status}`} role="status" data-testid="live-status" data-status={status} title={label}>
        <span className="adm-live__dot" aria-hidden="true" />
        <span className="adm-live__label">{label}</span>
      </span>
      <button type="button" className="adm-icon-btn adm-live__sound" aria-pressed={sound} aria-label={t("live.sound")} title={t("live.sound")} onClick={() => setSound(!sound)}>
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M11 5 6 9H2v6h4l5 4V5z" />
          {sound ? <path d="M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14" /> : <path d="m23 9-6 6M17 9l6 6" />}
        </svg>
      </button>
    </div>
  );
}
