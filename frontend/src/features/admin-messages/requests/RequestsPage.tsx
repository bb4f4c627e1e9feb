import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatDate, formatPrice } from "../../../lib/format";
import { BookingStatusBadge } from "../../admin-booking-core";
import { adminKeys, ConfirmDialog, DataTable, EmptyState, IconMail, invalidateAfter, Loaded, notify, PageHeader, reportFailure, useAdminQuery, useAdminTranslation } from "../../admin-kit";
import { decideRequest, listRequests, type ChangeRequest } from "./api";
import { acceptConfirmation, decisionErrorMessage } from "./decision";

const tone = { pending: "amber", accepted: "green", refused: "red", done: "gray", closed: "gray" } as const;

/**
 * What travellers asked or did on "My booking": change requests to accept or
 * refuse, and their own cancellations. Kept current by the live feed. An accept
 * that changes the price is confirmed first, with the amounts.
 */
export default function RequestsPage() {
  const { t } = useAdminTranslation();
  const client = useQueryClient();
  const requests = useAdminQuery({ queryKey: adminKeys.requests, queryFn: listRequests, errorMessage: t("requests.loadError") });
  const [asking, setAsking] = useState<{ request: ChangeRequest; message: string } | null>(null);
  const decide = useMutation({
    mutationFn: ({ id, accept }: { id: string; accept: boolean }) => decideRequest(id, accept),
    onSuccess: async (_, { accept }) => {
      notify.success(t(accept ? "requests.accepted" : "requests.refused"));
      await invalidateAfter(client, "booking_change_requests");
    },
    onError: async (e: Error) => {
      const refused = decisionErrorMessage(e);
      if (refused === null) {
        reportFailure("decide change request", t("requests.decideError"))(e);
        return;
      }
      notify.error(refused);
      await invalidateAfter(client, "booking_change_requests"); // show the request or booking as it is now
    },
    onSettled: () => setAsking(null),
  });
  const onDecide = (r: ChangeRequest, accept: boolean) => {
    const message = accept ? acceptConfirmation(r) : null;
    if (message === null) decide.mutate({ id: r.id, accept });
    else setAsking({ request: r, message });
  };
  const list = requests.data ?? [];
  const pending = list.filter((r) => r.state === "pending").length;
  return (
    <section className="adm-page">
      <PageHeader title={t("requests.title")} badge={<span className="adm-count" data-testid="requests-count">{t("requests.count", { count: pending })}</span>} />
      <p className="adm-muted">{t("requests.intro")}</p>
      <Loaded pending={requests.isPending}>
        <DataTable
          rows={list}
          testId="requests-table"
          empty={<EmptyState icon={<IconMail size={32} />}>{t("requests.empty")}</EmptyState>}
          columns={[t("requests.colRequest"), t("requests.colBooking"), t("requests.colAsked"), t("requests.colState")]}
          renderRow={(r) => (
            <RequestRow key={r.id} request={r} busy={decide.isPending && decide.variables?.id === r.id} onDecide={(accept) => onDecide(r, accept)} />
          )}
        />
      </Loaded>
      <ConfirmDialog
        open={asking !== null}
        title={t("requests.confirm.title", { reference: asking?.request.booking?.reference ?? "" })}
        message={asking?.message ?? ""}
        confirmLabel={t("requests.confirm.accept")}
        busy={decide.isPending}
        onConfirm={() => asking && decide.mutate({ id: asking.request.id, accept: true })}
        onCancel={() => setAsking(null)}
      />
    </section>
  );
}

function RequestRow({ request: r, busy, onDecide }: { request: ChangeRequest; busy: boolean; onDecide: (accept: boolean) => void }) {
  const { t } = useAdminTranslation();
  const b = r.booking;
  const carName = (c: { brand: string; name: string } | null) => (c ? `${c.brand} ${c.name}` : t("common.none"));
  return (
    <tr data-testid="request-row" data-kind={r.kind} data-state={r.state} data-reference={b?.reference ?? ""}>
      <td data-label={t("requests.colRequest")}>
        <strong>{t(`requests.kinds.${r.kind}`)}</strong>
        <span className="adm-muted adm-block">{t("requests.askedOn", { when: r.agency_created_at ?? formatDate(r.created_at) })}</span>
      </td>
      <td data-label={t("requests.colBooking")}>
        {b && (
          <>
            <strong className="adm-mono">{b.reference}</strong> · <bdi>{b.customer_name}</bdi>
            <span className="adm-muted adm-block">{b.customer_email}</span>
            <span className="adm-muted adm-block">{t("requests.current", { car: carName(b.car), from: formatDate(b.start_date), to: formatDate(b.end_date) })}</span>
          </>
        )}
      </td>
      <td data-label={t("requests.colAsked")}>
        {r.kind === "change" ? (
          <>
            {carName(r.car)}, {r.start_date ? formatDate(r.start_date) : ""} → {r.end_date ? formatDate(r.end_date) : ""}
            {r.total != null && <span className="adm-block">{t("requests.newTotal", { total: formatPrice(r.total) })}</span>}
            {/* "If accepted" means nothing once the request is answered or closed. */}
            {r.state === "pending" && r.afterPayment && (
              <span className="adm-block" data-testid="request-after-payment">
                {r.afterPayment.refundDue > 0
                  ? t("requests.refundIfAccepted", { amount: formatPrice(r.afterPayment.refundDue) })
                  : t("requests.dueIfAccepted", { amount: formatPrice(r.afterPayment.dueAtPickup) })}
              </span>
            )}
            <span className="adm-muted adm-block">{r.available ? t("requests.available") : t("requests.notAvailable")}</span>
            {r.message && (
              <q className="adm-block" dir="auto">
                {r.message}
              </q>
            )}
          </>
        ) : (
          <>
            <BookingStatusBadge status="cancelled" />
            <span className="adm-muted adm-block">{r.refund_mad ? t("requests.refund", { amount: formatPrice(r.refund_mad) }) : t("requests.noRefund")}</span>
          </>
        )}
      </td>
      <td data-label={t("requests.colState")}>
        <span className={`adm-badge adm-badge--${tone[r.state]}`} data-testid="request-state">
          {t(`requests.states.${r.state}`)}
        </span>
      </td>
      <td className="adm-table__actions">
        {r.kind === "change" && r.state === "pending" && (
          <>
            <button type="button" className="adm-btn adm-btn--primary adm-btn--sm" disabled={busy} onClick={() => onDecide(true)} data-testid="accept-request">
              {t("requests.accept")}
            </button>
            <button type="button" className="adm-btn adm-btn--danger adm-btn--sm" disabled={busy} onClick={() => onDecide(false)} data-testid="refuse-request">
              {t("requests.refuse")}
            </button>
          </>
        )}
      </td>
    </tr>
  );
}
