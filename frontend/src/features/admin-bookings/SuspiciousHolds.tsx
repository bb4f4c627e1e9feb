import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatDate } from "../../lib/format";
import { adminKeys, ConfirmDialog, IconAlert, invalidateAfter, notify, reportFailure, useAdminQuery, useAdminTranslation } from "../admin-kit";
import { listSuspiciousHolds, releaseHolds, type HoldGroup } from "./api";

const KIND_LABEL: Record<HoldGroup["kind"], string> = {
  address: "bookings.holds.kinds.address",
  email: "bookings.holds.kinds.email",
  phone: "bookings.holds.kinds.phone",
};

/**
 * Unpaid requests that share an address, an e-mail or a phone and hold several
 * cars at once: shown above the bookings list, each group released in one action
 * (after a confirmation). Nothing is shown while there are none.
 */
export function SuspiciousHolds() {
  const { t } = useAdminTranslation();
  const client = useQueryClient();
  const groups = useAdminQuery({ queryKey: adminKeys.suspiciousHolds, queryFn: listSuspiciousHolds, errorMessage: t("bookings.holds.loadError") });
  const [asking, setAsking] = useState<HoldGroup | null>(null);
  const release = useMutation({
    mutationFn: (g: HoldGroup) => releaseHolds(g.booking_ids),
    onSuccess: async (n) => {
      notify.success(t("bookings.holds.released", { count: n }));
      setAsking(null);
      await invalidateAfter(client, "bookings");
    },
    onError: reportFailure("release holds", t("bookings.holds.releaseError")),
  });
  const list = groups.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className="adm-holds-watch" aria-labelledby="holds-watch-title" data-testid="suspicious-holds">
      <h2 id="holds-watch-title" className="adm-holds-watch__title">
        <IconAlert size={18} /> {t("bookings.holds.title")}
      </h2>
      <p className="adm-muted">{t("bookings.holds.intro")}</p>
      <ul className="adm-alerts">
        {list.map((g) => (
          <li key={`${g.kind}:${g.key}`} className="adm-alert adm-alert--warn adm-holds-watch__group" data-testid="suspicious-hold-group" data-kind={g.kind}>
            <span>
              {t(KIND_LABEL[g.kind])} <bdi className="adm-holds-watch__key">{g.key}</bdi> —{" "}
              {t("bookings.holds.summary", { count: g.holds, cars: g.cars, from: formatDate(g.first_start), to: formatDate(g.last_end) })}
              <span className="adm-muted adm-block">{g.booking_refs.join(", ")}</span>
            </span>
            <button type="button" className="adm-btn adm-btn--danger adm-btn--sm" onClick={() => setAsking(g)} data-testid="release-holds">
              {t("bookings.holds.release", { count: g.holds })}
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        title={t("bookings.holds.confirmTitle")}
        message={asking ? t("bookings.holds.confirm", { count: asking.holds, refs: asking.booking_refs.join(", ") }) : ""}
        confirmLabel={t("bookings.holds.release", { count: asking?.holds ?? 0 })}
        busy={release.isPending}
        onConfirm={() => asking && release.mutate(asking)}
        onCancel={() => setAsking(null)}
      />
    </section>
  );
}
