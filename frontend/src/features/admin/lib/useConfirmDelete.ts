import { useState } from "react";
import { notify } from "./notify";
import type { Loaded } from "./useLoad";

export interface ConfirmDelete<T> {
  /** The row waiting for confirmation, or null when the dialog is closed. */
  target: T | null;
  busy: boolean;
  ask: (row: T) => void;
  cancel: () => void;
  confirm: () => Promise<void>;
}

interface Options<T> {
  list: Loaded<T[]>;
  remove: (row: T) => Promise<unknown>;
  messages: { deleted: string; deleteError: string };
  /** Console label of a failure, e.g. "car delete failed". */
  logLabel: string;
  /** Runs after a successful delete (e.g. close a details dialog). */
  onDeleted?: () => void;
}

/**
 * The confirm-then-delete flow the list screens share (SPEC section 5): one row
 * waits in the confirmation dialog; on success it leaves the loaded list without
 * a reload and a success toast shows; on failure the dialog stays open with the
 * screen's error toast.
 */
export function useConfirmDelete<T extends { id: unknown }>({ list, remove, messages, logLabel, onDeleted }: Options<T>): ConfirmDelete<T> {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!target) return;
    setBusy(true);
    try {
      await remove(target);
      list.setData((prev) => prev?.filter((x) => x.id !== target.id) ?? null);
      notify.success(messages.deleted);
      setTarget(null);
      onDeleted?.();
    } catch (e) {
      console.error(logLabel, e);
      notify.error(messages.deleteError);
    } finally {
      setBusy(false);
    }
  }

  return { target, busy, ask: setTarget, cancel: () => setTarget(null), confirm };
}
