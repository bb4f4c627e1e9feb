import { useEffect, useId, useRef, useState } from "react";

export type Fold = "search" | "filters";

/**
 * After a search, a phone shows the results first: the search and the filters
 * fold behind "Modify" and "Filter" (the fold is CSS, ≤ 480 px; wider screens
 * show both and hide the buttons). Opening one moves the focus into it.
 */
export function useSearchFold(hasTrip: boolean) {
  const [open, setOpen] = useState<Fold | null>(null);
  const foldId = useId();
  const searchId = `${foldId}-search`;
  const filtersId = `${foldId}-filters`;
  const modifyButton = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (!opened.current || !open) return;
    document.getElementById(open === "search" ? searchId : filtersId)?.querySelector<HTMLElement>("select, input")?.focus();
  }, [open, searchId, filtersId]);
  return {
    open,
    foldId,
    searchId,
    filtersId,
    modifyButton,
    toggle(which: Fold) {
      opened.current = true;
      setOpen((o) => (o === which ? null : which));
    },
    folded: (which: Fold) => (hasTrip && open !== which ? " is-folded" : ""),
    /** A search was made: the form folds away on a phone and the focus goes back to its button. */
    searched() {
      if (open === "search") {
        setOpen(null);
        modifyButton.current?.focus();
      }
    },
  };
}
