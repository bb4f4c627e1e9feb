import { useState, type FormEvent } from "react";
import { Dialog } from "../../components/Dialog";
import { Field } from "../../components/Field";
import { FilePicker } from "../../components/FilePicker";
import { IconUpload } from "../../components/icons";
import { ImagePreview } from "../../components/ImagePreview";
import { Spinner } from "../../components/Spinner";
import { fr } from "../../i18n/fr";
import { IMAGE_ALIGNS, type ImageAlign } from "./imageAlign";

const t = fr.blog.editor;

export const ALIGN_LABELS: Record<ImageAlign, string> = {
  left: t.imageAlignLeft,
  center: t.imageAlignCenter,
  right: t.imageAlignRight,
  full: t.imageAlignFull,
};

export interface ImageInput {
  src: string;
  alt: string;
  align: ImageAlign;
}

interface Props {
  open: boolean;
  onClose: () => void;
  onInsert: (img: ImageInput) => void;
  /** Uploads to blog-images and returns the public URL, or null on failure. */
  upload: (file: File) => Promise<string | null>;
}

export function ImageDialog({ open, onClose, onInsert, upload }: Props) {
  return (
    <Dialog open={open} title={t.imageDialog} onClose={onClose} size="md">
      {open && <ImageForm onClose={onClose} onInsert={onInsert} upload={upload} />}
    </Dialog>
  );
}

function ImageForm({ onClose, onInsert, upload }: Omit<Props, "open">) {
  const [src, setSrc] = useState("");
  const [alt, setAlt] = useState("");
  const [align, setAlign] = useState<ImageAlign>("center");
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string>();

  async function pick(files: File[]) {
    const file = files[0];
    if (!file) return;
    setUploading(true);
    const url = await upload(file);
    setUploading(false);
    if (url) {
      setSrc(url);
      setError(undefined);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    e.stopPropagation();
    if (!src.trim()) {
      setError(t.imageRequired);
      return;
    }
    onInsert({ src: src.trim(), alt: alt.trim(), align });
  }

  return (
    <form className="adm-form" onSubmit={submit} noValidate>
      <div className="adm-inline-form">
        <FilePicker
          label={
            <>
              <IconUpload size={18} /> {t.imageFile}
            </>
          }
          disabled={uploading}
          onFiles={(f) => void pick(f)}
          testId="editor-image-file"
        />
        {uploading && <Spinner size="sm" label={fr.cars.fields.uploading} />}
      </div>
      <Field label={t.imageUrl} error={error}>
        <input className="adm-input" type="url" value={src} onChange={(e) => setSrc(e.target.value)} placeholder="https://" />
      </Field>
      <ImagePreview src={src} alt={alt} />
      <Field label={t.imageAlt}>
        <input className="adm-input" value={alt} onChange={(e) => setAlt(e.target.value)} />
      </Field>
      <fieldset className="adm-fieldset adm-fieldset--flat">
        <legend>{t.imageAlign}</legend>
        <div className="adm-segmented">
          {IMAGE_ALIGNS.map((a) => (
            <label key={a} className={`adm-segmented__item${align === a ? " is-active" : ""}`}>
              <input type="radio" name="align" value={a} checked={align === a} onChange={() => setAlign(a)} />
              {ALIGN_LABELS[a]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="adm-form__actions">
        <button type="button" className="adm-btn adm-btn--ghost" onClick={onClose}>
          {fr.common.cancel}
        </button>
        <button type="submit" className="adm-btn adm-btn--primary" disabled={uploading}>
          {t.insert}
        </button>
      </div>
    </form>
  );
}
