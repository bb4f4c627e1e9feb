/** Class names of a spinner: its frame (plus `<frame>--sm|md|lg` when sized), the turning ring, its label. */
export interface SpinnerClasses {
  frame: string;
  ring: string;
  label?: string;
}

const SITE_CLASSES: SpinnerClasses = { frame: "spinner-wrap", ring: "spinner" };

/**
 * The one loading indicator of the site and the back office (which draws it with
 * its own classes and sizes). A polite status: its label is read out, and without
 * one screen readers still hear that something is on its way.
 */
export function Spinner({ label, size, classes = SITE_CLASSES }: { label?: string; size?: "sm" | "md" | "lg"; classes?: SpinnerClasses }) {
  return (
    <span className={size ? `${classes.frame} ${classes.frame}--${size}` : classes.frame} role="status" aria-live="polite">
      <span className={classes.ring} aria-hidden="true" />
      {label ? <span className={classes.label}>{label}</span> : <span className="visually-hidden">…</span>}
    </span>
  );
}
