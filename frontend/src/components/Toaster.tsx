import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { dismissToast, useToasts } from "./toast";

export interface ToasterProps {
  /**
   * Shows the live region as a manual popover, re-shown on each new toast, so it
   * sits in the top layer above an open modal <dialog> (the back office: an
   * upload's message over the form). Off on the public pages.
   */
  topLayer?: boolean;
  /** Class names of the region, a toast (plus `--info|success|error`) and its close button. */
  classes?: { root: string; toast: string; close: string };
  /** Accessible name of the close buttons; defaults to the site's "common.close". */
  closeLabel?: string;
}

const SITE_CLASSES = { root: "toaster", toast: "toast", close: "icon-button" };

/** Renders the shared toast store (./toast.ts) in a polite live region. */
export function Toaster({ topLayer = false, classes = SITE_CLASSES, closeLabel }: ToasterProps) {
  const { t } = useTranslation();
  const items = useToasts();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!topLayer || !el || typeof el.showPopover !== "function") return;
    try {
      if (el.matches(":popover-open")) el.hidePopover();
      if (items.length > 0) el.showPopover();
    } catch {
      /* not connected yet: the next toast shows it */
    }
  }, [items, topLayer]);

  return (
    <div ref={ref} popover={topLayer ? "manual" : undefined} className={classes.root} role="status" aria-live="polite">
      {items.map((x) => (
        <div key={x.id} className={`${classes.toast} ${classes.toast}--${x.kind}`} data-testid="toast">
          <span>{x.message}</span>
          <button type="button" className={classes.close} onClick={() => dismissToast(x.id)} aria-label={closeLabel ?? t("common.close")}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
