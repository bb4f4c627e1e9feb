import { useQueryClient } from "@tanstack/react-query";
import { adminKeys, invalidateAfter, notify, reportFailure, useAdminMutation, useAdminQuery, useAdminTranslation } from "../admin-kit";
import { deleteBlock, loadPlanning } from "./api";
import type { CarBlock, PlanningData } from "./types";

export type Planning = ReturnType<typeof usePlanning>;

/** The planning of the window from..to: loaded once per window, kept while the next one loads. */
export function usePlanning(from: string, to: string) {
  const { t } = useAdminTranslation();
  const client = useQueryClient();
  const queryKey = adminKeys.planningWindow(from, to);
  const query = useAdminQuery({ queryKey, queryFn: () => loadPlanning(from, to), errorMessage: t("planning.loadError"), keepPrevious: true });
  const data = query.data ?? null;
  return {
    data,
    failed: query.isError,
    loading: !query.isError && data?.from !== from,
    retry: () => void query.refetch(),
    /** A row the database sent back, drawn at once. */
    update: (fn: (d: PlanningData) => PlanningData) => client.setQueryData<PlanningData>(queryKey, (d) => (d ? fn(d) : d)),
  };
}

/** Deleting a block: taken out of the window at once, then onDeleted closes what showed it. */
export function useBlockRemoval(plan: Planning, onDeleted: () => void) {
  const { t } = useAdminTranslation();
  const client = useQueryClient();
  return useAdminMutation({
    mutationFn: (k: CarBlock) => deleteBlock(k.id),
    onSuccess: (_done, k) => {
      plan.update((d) => ({ ...d, blocks: d.blocks.filter((x) => x.id !== k.id) }));
      void invalidateAfter(client, "car_blocks");
      notify.success(t("planning.messages.deleted"));
      onDeleted();
    },
    onError: reportFailure("block delete failed", t("planning.messages.deleteError")),
  });
}
