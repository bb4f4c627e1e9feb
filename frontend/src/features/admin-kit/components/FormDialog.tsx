import { useState, type ReactNode } from "react";
import { Dialog } from "./Dialog";

export interface Busy {
  busy: boolean;
  setBusy: (busy: boolean) => void;
}

interface Props {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  size?: "sm" | "md" | "lg" | "xl";
  /** The form, mounted afresh each time the dialog opens (so it starts from its first values). */
  children: (busy: Busy) => ReactNode;
}

/**
 * A dialog holding one form: the form mounts when it opens and unmounts when it
 * closes, and while the form says it is busy (saving) Escape and the close
 * button do nothing.
 */
export function FormDialog({ open, title, onClose, size, children }: Props) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} title={title} onClose={onClose} size={size} busy={busy}>
      {open && children({ busy, setBusy })}
    </Dialog>
  );
}
