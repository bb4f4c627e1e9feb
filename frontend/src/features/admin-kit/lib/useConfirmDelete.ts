import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useState } from "react";
import { notify, reportFailure } from "./notify";
import { invalidateAfter, type AdminTable } from "./queryKeys";
import { useAdminMutation } from "./query";

export interface ConfirmDelete<T> {
  /** The row waiting for confirmation, or null when the dialog is closed. */
  target: T | null;
  busy: boolean;
  ask: (row: T) => void;
  cancel: () => void;
  confirm: () => Promise<void>;
}

interface Options<T extends { id: unknown }> {
  /** The cached list the row is shown in (adminKeys). */
  list: QueryKey;
  /** The table it is deleted from: the other screens showing it are read again. */
  table: AdminTable;
  /** Deletes the row of this id asking it back, so a delete RLS filtered out throws. */
  remove: (id: T["id"]) => Promise<unknown>;
  messages: { deleted: string; deleteError: string };
  /** Runs after a successful delete (e.g. close a details dialog). */
  onDeleted?: () => void;
}

/**
 * The confirm-then-delete flow the list screens share (SPEC section 5): one row
 * waits in the confirmation dialog; on success it leaves the cached list at once
 * and a success toast shows; on failure the dialog stays open with the screen's
 * error toast.
 */
export function useConfirmDelete<T extends { id: unknown }>({ list, table, remove, messages, onDeleted }: Options<T>): ConfirmDelete<T> {
  const client = useQueryClient();
  const [target, setTarget] = useState<T | null>(null);
  const mutation = useAdminMutation({
    mutationFn: (row: T) => remove(row.id),
    onSuccess: (_done, row) => {
      client.setQueryData<T[]>(list, (prev) => prev?.filter((x) => x.id !== row.id));
      void invalidateAfter(client, table);
      notify.success(messages.deleted);
      setTarget(null);
      onDeleted?.();
    },
    onError: reportFailure(`${table} delete failed`, messages.deleteError),
  });

  return {
    target,
    busy: mutation.isPending,
    ask: setTarget,
    cancel: () => setTarget(null),
    confirm: () => (target ? mutation.mutateAsync(target).then(() => undefined, () => undefined) : Promise.resolve()),
  };
}
