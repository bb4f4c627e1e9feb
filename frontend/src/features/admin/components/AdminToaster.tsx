import { useEffect, useRef } from "react";
import { dismissToast, useToasts } from "../../../components/toast";
import { useAdminTranslation } from "../i18n";

/**
 * Renders the shared toast store (src/components/toast.ts) in the back office's
 * style. It is a manual popover re-shown on each new toast, so it sits in the top
 * layer above any open modal dialog (an upload's message shows over the form).
 */
export function AdminToaster() {
  const { t } = useAdminTranslation();
  const items = useToasts();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof el.showPopover !== "function") return;
    try {
      if (el.matches(":popover-open")) el.hidePopover();
      if (items.length > 0) el.showPopover();
    } catch {
      /* not connected yet: the next toast shows it */
    }
  }, [items]);

  return (
    <div ref={ref} popover="manual" className="adm-toaster" role="status" aria-live="polite">
      {items.map((x) => (
        <div key={x.id} className={`adm-toast adm-toast--${x.kind}`} data-testid="toast">
          <span>{x.message}</span>
          <button type="button" className="adm-icon-btn adm-toast__close" onClick={() => dismissToast(x.id)} aria-label={t("common.close")}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
