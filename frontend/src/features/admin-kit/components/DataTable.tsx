import type { ReactNode } from "react";
import { useAdminTranslation } from "../i18n";
import { IconEdit, IconTrash } from "./icons";

interface Props<T> {
  rows: T[];
  /** Shown instead of the table when there is no row. */
  empty: ReactNode;
  testId: string;
  /** Header labels; an "Actions" column is always added last. */
  columns: string[];
  renderRow: (row: T) => ReactNode;
}

/**
 * The list screens' table: header row, rows that turn into cards on phones
 * (`adm-table--cards`, cells labelled by `data-label`), and the empty state.
 */
export function DataTable<T>({ rows, empty, testId, columns, renderRow }: Props<T>) {
  const { t } = useAdminTranslation();
  if (rows.length === 0) return <>{empty}</>;
  return (
    <div className="adm-table-wrap">
      <table className="adm-table adm-table--cards" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
            <th scope="col" className="adm-table__actions-col">
              {t("common.actions")}
            </th>
          </tr>
        </thead>
        <tbody>{rows.map((row) => renderRow(row))}</tbody>
      </table>
    </div>
  );
}

/** A row's edit and delete buttons, named after the row for screen readers (« Modifier Dacia Logan »). */
export function EditDeleteButtons({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useAdminTranslation();
  return (
    <>
      <button type="button" className="adm-icon-btn" onClick={onEdit} aria-label={`${t("common.edit")} ${name}`}>
        <IconEdit size={18} />
      </button>
      <button type="button" className="adm-icon-btn adm-icon-btn--danger" onClick={onDelete} aria-label={`${t("common.delete")} ${name}`}>
        <IconTrash size={18} />
      </button>
    </>
  );
}
