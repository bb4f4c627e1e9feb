import { useState } from "react";
import { Check, Field, useAdminTranslation } from "../../../admin-kit";
import { InsertForm } from "./InsertForm";
import { normalizeLinkUrl } from "./tableSize";

export interface LinkInput {
  href: string;
  text: string;
  newTab: boolean;
}

interface Props {
  initialUrl: string;
  hasSelection: boolean;
  onClose: () => void;
  onInsert: (link: LinkInput) => void;
}

/** The link dialog's form: an address (required), the text when nothing is selected, a new tab or not. */
export function LinkForm({ initialUrl, hasSelection, onClose, onInsert }: Props) {
  const { t } = useAdminTranslation();
  const [url, setUrl] = useState(initialUrl);
  const [text, setText] = useState("");
  const [newTab, setNewTab] = useState(true);
  const [error, setError] = useState<string>();

  function submit() {
    const href = normalizeLinkUrl(url);
    if (!href) {
      setError(t("blog.editor.linkUrlRequired"));
      return;
    }
    onInsert({ href, text: text.trim(), newTab });
  }

  return (
    <InsertForm onSubmit={submit} onClose={onClose} noValidate>
      <Field label={t("blog.editor.linkUrl")} error={error} required>
        <input className="adm-input" type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://" autoFocus />
      </Field>
      {!hasSelection && (
        <Field label={t("blog.editor.linkText")}>
          <input className="adm-input" value={text} onChange={(e) => setText(e.target.value)} />
        </Field>
      )}
      <Check label={t("blog.editor.linkNewTab")} checked={newTab} onChange={setNewTab} />
    </InsertForm>
  );
}
