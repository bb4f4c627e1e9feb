import { useTranslation } from "react-i18next";
import { pageWindow } from "../lib/pagination";
import { Icon } from "./Icon";

export function Pagination({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (p: number) => void }) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t("pagination.label")}>
      <button type="button" className="page-btn" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label={t("pagination.previous")}>
        <Icon name="chevronStart" className="flip-rtl" />
      </button>
      {pageWindow(page, totalPages).map((p) => (
        <button
          key={p}
          type="button"
          className={`page-btn ${p === page ? "is-current" : ""}`}
          aria-current={p === page ? "page" : undefined}
          aria-label={t("pagination.page", { page: p })}
          onClick={() => onPage(p)}
        >
          {p}
        </button>
      ))}
      <button type="button" className="page-btn" disabled={page >= totalPages} onClick={() => onPage(page + 1)} aria-label={t("pagination.next")}>
        <Icon name="chevronEnd" className="flip-rtl" />
      </button>
    </nav>
  );
}
