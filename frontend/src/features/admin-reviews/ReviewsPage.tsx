import { useMutation, useQueryClient } from "@tanstack/react-query";
import { formatDate } from "../../lib/format";
import { adminKeys, DataTable, EmptyState, IconChat, invalidateAfter, Loaded, notify, PageHeader, reportFailure, useAdminQuery, useAdminTranslation } from "../admin-kit";
import { listReviews, moderateReview, type AdminReview, type ReviewStatus } from "./api";

const tone = { pending: "amber", approved: "green", rejected: "red" } as const;

/**
 * Reviews travellers left through the link e-mailed after their rental: the
 * agency publishes (approves) or rejects each one; an approved review counts in
 * its car's travellers' rating on the site at once (the pages are rendered again).
 */
export default function ReviewsPage() {
  const { t } = useAdminTranslation();
  const client = useQueryClient();
  const reviews = useAdminQuery({ queryKey: adminKeys.reviews, queryFn: listReviews, errorMessage: t("reviews.loadError") });
  const decide = useMutation({
    mutationFn: ({ id, status }: { id: string; status: ReviewStatus }) => moderateReview(id, status),
    onSuccess: async (_, { status }) => {
      notify.success(t(`reviews.done.${status}`));
      await invalidateAfter(client, "car_reviews");
    },
    onError: reportFailure("moderate review", t("reviews.decideError")),
  });
  const list = reviews.data ?? [];
  const pending = list.filter((r) => r.status === "pending").length;
  return (
    <section className="adm-page">
      <PageHeader title={t("reviews.title")} badge={<span className="adm-count" data-testid="reviews-count">{t("reviews.count", { count: pending })}</span>} />
      <p className="adm-muted">{t("reviews.intro")}</p>
      <Loaded pending={reviews.isPending}>
        <DataTable
          rows={list}
          testId="reviews-table"
          empty={<EmptyState icon={<IconChat size={32} />}>{t("reviews.empty")}</EmptyState>}
          columns={[t("reviews.colReview"), t("reviews.colCar"), t("reviews.colBooking"), t("reviews.colState")]}
          renderRow={(r) => (
            <ReviewRow key={r.id} review={r} busy={decide.isPending && decide.variables?.id === r.id} onDecide={(status) => decide.mutate({ id: r.id, status })} />
          )}
        />
      </Loaded>
    </section>
  );
}

function ReviewRow({ review: r, busy, onDecide }: { review: AdminReview; busy: boolean; onDecide: (status: ReviewStatus) => void }) {
  const { t } = useAdminTranslation();
  const car = r.car;
  const b = r.booking;
  return (
    <tr data-testid="review-row" data-state={r.status} data-reference={b?.reference ?? ""}>
      <td data-label={t("reviews.colReview")}>
        <strong data-testid="review-stars">{t("reviews.stars", { count: r.stars })}</strong>
        <span className="adm-muted adm-block">{t("reviews.leftOn", { when: formatDate(r.created_at), language: t(`reviews.languages.${r.language}`) })}</span>
        {r.comment ? (
          <q className="adm-block" dir="auto">
            {r.comment}
          </q>
        ) : (
          <span className="adm-muted adm-block">{t("reviews.noComment")}</span>
        )}
      </td>
      <td data-label={t("reviews.colCar")}>
        {car ? (
          <>
            <strong>
              {car.brand} {car.name}
            </strong>
            <span className="adm-muted adm-block">
              {car.traveller_rating === null ? t("reviews.carNone") : t("reviews.carFigures", { rating: car.traveller_rating.toLocaleString("fr-FR"), count: car.traveller_review_count })}
            </span>
          </>
        ) : (
          t("common.none")
        )}
      </td>
      <td data-label={t("reviews.colBooking")}>
        {b ? (
          <>
            <strong className="adm-mono">{b.reference}</strong> · {b.customer_name}
            <span className="adm-muted adm-block">{b.customer_email}</span>
          </>
        ) : (
          t("reviews.bookingGone")
        )}
      </td>
      <td data-label={t("reviews.colState")}>
        <span className={`adm-badge adm-badge--${tone[r.status]}`} data-testid="review-state">
          {t(`reviews.states.${r.status}`)}
        </span>
        {r.decided_at && <span className="adm-muted adm-block">{formatDate(r.decided_at)}</span>}
      </td>
      <td className="adm-table__actions">
        {r.status !== "approved" && (
          <button type="button" className="adm-btn adm-btn--primary adm-btn--sm" disabled={busy} onClick={() => onDecide("approved")} data-testid="approve-review">
            {t("reviews.approve")}
          </button>
        )}
        {r.status !== "rejected" && (
          <button type="button" className="adm-btn adm-btn--danger adm-btn--sm" disabled={busy} onClick={() => onDecide("rejected")} data-testid="reject-review">
            {t("reviews.reject")}
          </button>
        )}
      </td>
    </tr>
  );
}
