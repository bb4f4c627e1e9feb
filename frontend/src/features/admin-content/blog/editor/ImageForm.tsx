import { useState, type FormEvent } from "react";
import { Field, FilePicker, ImagePreview, Spinner, tAdmin, useAdminTranslation } from "../../../admin-kit";
import { IMAGE_ALIGNS, type ImageAlign } from "./imageAlign";

export const ALIGN_LABELS: Record<ImageAlign, string> = {
  left: tAdmin("blog.editor.imageAlignLeft"),
  center: tAdmin("blog.editor.imageAlignCenter"),
  right: tAdmin("blog.editor.imageAlignRight"),
  full: tAdmin("blog.editor.imageAlignFull"),
};

export interface ImageInput {
  src: string;
  alt: string;
  align: ImageAlign;
}

interface Props {
  onClose: () => void;
  onInsert: (img: ImageInput) => void;
  /** Uploads to blog-images and returns the public URL, or null on failure. */
  upload: (file: File) => Promise<string | null>;
}

/** The image dialog's form: a file to upload or an address, its text alternative and alignment. */
export function ImageForm({ onClose, onInsert, upload }: Props) {
  const { t } = useAdminTranslation();
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
      setError(t("blog.editor.imageRequired"));
      return;
    }
    onInsert({ src: src.trim(), alt: alt.trim(), align });
  }

  return (
    <form className="adm-form" onSubmit={submit} noValidate>
      <div className="adm-inline-form">
        <FilePicker
          label={t("blog.editor.imageFile")}
          disabled={uploading}
          onFiles={(f) => void pick(f)}
          testId="editor-image-file"
        />
        {uploading && <Spinner size="sm" label={t("cars.fields.uploading")} />}
      </div>
      <Field label={t("blog.editor.imageUrl")} error={error}>
        <input className="adm-input" type="url" value={src} onChange={(e) => setSrc(e.target.value)} placeholder="https://" />
      </Field>
      <ImagePreview src={src} alt={alt} />
      <Field label={t("blog.editor.imageAlt")}>
        <input className="adm-input" value={alt} onChange={(e) => setAlt(e.target.value)} />
      </Field>
      <fieldset className="adm-fieldset adm-fieldset--flat">
        <legend>{t("blog.editor.imageAlign")}</legend>
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
          {t("common.cancel")}
        </button>
        <button type="submit" className="adm-btn adm-btn--primary" disabled={uploading}>
          {t("blog.editor.insert")}
        </button>
      </div>
    </form>
  );
}
