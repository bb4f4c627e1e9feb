import { useState } from "react";
import { Check, Field, useAdminTranslation } from "../../../admin-kit";
import { InsertForm } from "./InsertForm";
import { clampTableSize, TABLE_COLS, TABLE_ROWS } from "./tableSize";

interface Props {
  onClose: () => void;
  onInsert: (size: { rows: number; cols: number; withHeaderRow: boolean }) => void;
}

/** The table dialog's form: rows, columns (clamped) and a header row or not. */
export function TableForm({ onClose, onInsert }: Props) {
  const { t } = useAdminTranslation();
  const [rows, setRows] = useState(String(TABLE_ROWS.default));
  const [cols, setCols] = useState(String(TABLE_COLS.default));
  const [header, setHeader] = useState(true);

  function submit() {
    onInsert({ ...clampTableSize(Number(rows), Number(cols)), withHeaderRow: header });
  }

  return (
    <InsertForm onSubmit={submit} onClose={onClose}>
      <div className="adm-grid adm-grid--2">
        <Field label={t("blog.editor.tableRows")}>
          <input className="adm-input" type="number" name="rows" min={TABLE_ROWS.min} max={TABLE_ROWS.max} value={rows} onChange={(e) => setRows(e.target.value)} />
        </Field>
        <Field label={t("blog.editor.tableCols")}>
          <input className="adm-input" type="number" name="cols" min={TABLE_COLS.min} max={TABLE_COLS.max} value={cols} onChange={(e) => setCols(e.target.value)} />
        </Field>
      </div>
      <Check label={t("blog.editor.tableHeader")} checked={header} onChange={setHeader} />
    </InsertForm>
  );
}
