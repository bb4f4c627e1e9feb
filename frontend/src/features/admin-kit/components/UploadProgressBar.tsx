import { useAdminTranslation } from "../i18n";
import type { UploadProgress } from "../lib/useUploads";

export function UploadProgressBar({ progress }: { progress: UploadProgress | null }) {
  const { t } = useAdminTranslation();
  if (!progress) return null;
  const pct = Math.round(progress.ratio * 100);
  return (
    <div className="adm-progress" data-testid="upload-progress">
      <div
        className={`adm-progress__track${progress.current ? " adm-progress__track--busy" : ""}`}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-label={t("cars.fields.uploading")}
      >
        <span className="adm-progress__bar" style={{ inlineSize: `${Math.max(pct, progress.current ? 6 : 0)}%` }} />
      </div>
      <span className="adm-progress__text">
        {progress.current ? `${t("cars.fields.uploading")} ` : ""}
        {t("upload.progress", { done: progress.done, count: progress.total })}
      </span>
    </div>
  );
}
