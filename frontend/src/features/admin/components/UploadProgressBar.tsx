import { fr } from "../i18n/fr";
import type { UploadProgress } from "../lib/useUploads";

export function UploadProgressBar({ progress }: { progress: UploadProgress | null }) {
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
        aria-label={fr.cars.fields.uploading}
      >
        <span className="adm-progress__bar" style={{ inlineSize: `${Math.max(pct, progress.current ? 6 : 0)}%` }} />
      </div>
      <span className="adm-progress__text">
        {progress.current ? `${fr.cars.fields.uploading} ` : ""}
        {fr.upload.progress(progress.done, progress.total)}
      </span>
    </div>
  );
}
