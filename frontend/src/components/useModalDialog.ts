import { useLayoutEffect, useRef, type RefObject } from "react";

/**
 * A native modal <dialog> shown while `open` (the site's lightbox, the back office's
 * dialogs): the browser traps focus, Escape cancels, the page behind is inert. It opens
 * before the browser paints (a layout effect), so the first frame that shows it shows
 * it modal and focused; on closing, or when it leaves the page, focus goes back to
 * what opened it.
 */
export function useModalDialog(open: boolean): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const d = ref.current;
    if (!d || !open) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!d.open) d.showModal();
    return () => {
      if (d.open) d.close();
      opener?.focus?.();
    };
  }, [open]);
  return ref;
}
