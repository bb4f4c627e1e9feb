import { useTranslation } from "react-i18next";

/** The detail page while its car loads. */
export function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="container section" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t("car.loading")}
      </span>
      <div className="skeleton skeleton-title" />
      <div className="detail-layout">
        <div className="skeleton skeleton-image" />
        <div>
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-line short" />
        </div>
      </div>
    </div>
  );
}
