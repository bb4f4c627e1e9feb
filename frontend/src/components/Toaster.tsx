import { useTranslation } from "react-i18next";
import { dismissToast, useToasts } from "./toast";

export function Toaster() {
  const { t } = useTranslation();
  const items = useToasts();
  return (
    <div className="toaster" role="status" aria-live="polite">
      {items.map((x) => (
        <div key={x.id} className={`toast toast--${x.kind}`} data-testid="toast">
          <span>{x.message}</span>
          <button type="button" className="icon-button" onClick={() => dismissToast(x.id)} aria-label={t("common.close")}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
