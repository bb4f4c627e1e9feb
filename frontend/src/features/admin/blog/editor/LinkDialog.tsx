import { useState, type FormEvent } from "react";
import { Dialog } from "../../components/Dialog";
import { Field } from "../../components/Field";
import { fr } from "../../i18n/fr";
import { normalizeLinkUrl } from "./tableSize";

const t = fr.blog.editor;

export interface LinkInput {
  href: string;
  text: string;
  newTab: boolean;
}

interface Props {
  open: boolean;
  initialUrl: string;
  hasSelection: boolean;
  onClose: () => void;
  onInsert: (link: LinkInput) => void;
}

export function LinkDialog({ open, initialUrl, hasSelection, onClose, onInsert }: Props) {
  return (
    <Dialog open={open} title={t.linkDialog} onClose={onClose} size="sm">
      {open && <LinkForm initialUrl={initialUrl} hasSelection={hasSelection} onClose={onClose} onInsert={onInsert} />}
    </Dialog>
  );
}

function LinkForm({ initialUrl, hasSelection, onClose, onInsert }: Omit<Props, "open">) {
  const [url, setUrl] = useState(initialUrl);
  const [text, setText] = useState("");
  const [newTab, setNewTab] = useState(true);
  const [error, setError] = useState<string>();

  function submit(e: FormEvent) {
    e.preventDefault();
    e.stopPropagation();
    const href = normalizeLinkUrl(url);
    if (!href) {
      setError(t.linkUrlRequired);
      return;
    }
    onInsert({ href, text: text.trim(), newTab });
  }

  return (
    <form className="adm-form" onSubmit={submit} noValidate>
      <Field label={t.linkUrl} error={error} required>
        <input className="adm-input" type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://" autoFocus />
      </Field>
      {!hasSelection && (
        <Field label={t.linkText}>
          <input className="adm-input" value={text} onChange={(e) => setText(e.target.value)} />
        </Field>
      )}
      <label className="adm-check">
        <input type="checkbox" checked={newTab} onChange={(e) => setNewTab(e.target.checked)} />
        <span>{t.linkNewTab}</span>
      </label>
      <div className="adm-form__actions">
        <button type="button" className="adm-btn adm-btn--ghost" onClick={onClose}>
          {fr.common.cancel}
        </button>
        <button type="submit" className="adm-btn adm-btn--primary">
          {t.insert}
        </button>
      </div>
    </form>
  );
}
