import { useState } from "react";
import { FilePicker, IconArrowDown, IconArrowUp, IconImage, IconPlus, IconTrash, ImagePreview, useAdminTranslation } from "../admin-kit";
import { moveItem, type GalleryItem } from "./carForm";

interface Props {
  items: GalleryItem[];
  uploading: boolean;
  onChange: (items: GalleryItem[]) => void;
  onUpload: (files: File[]) => void;
  onUseAsMain: (url: string) => void;
}

let keySeq = 0;
export function newGalleryItem(image_url: string, alt_text = ""): GalleryItem {
  keySeq++;
  return { key: `g${Date.now().toString(36)}${keySeq}`, image_url, alt_text };
}

/** The car's gallery: thumbnails in display order, alt texts, reorder, remove. */
export function GalleryEditor({ items, uploading, onChange, onUpload, onUseAsMain }: Props) {
  const { t } = useAdminTranslation();
  const update = (i: number, patch: Partial<GalleryItem>) =>
    onChange(items.map((it, j) => (j === i ? { ...it, ...patch } : it)));

  return (
    <fieldset className="adm-fieldset">
      <legend>{t("cars.fields.gallery")}</legend>
      <p className="adm-field__hint">{t("cars.fields.galleryHint")}</p>
      {items.length === 0 ? (
        <p className="adm-gallery__empty">
          <IconImage /> {t("cars.fields.galleryEmpty")}
        </p>
      ) : (
        <ol className="adm-gallery" data-testid="gallery">
          {items.map((it, i) => (
            <GalleryRow key={it.key} item={it} index={i} items={items} onChange={onChange} onUpdate={(patch) => update(i, patch)} onUseAsMain={onUseAsMain} />
          ))}
        </ol>
      )}
      <GalleryAdd uploading={uploading} onUpload={onUpload} onAdd={(item) => onChange([...items, item])} />
    </fieldset>
  );
}

interface RowProps {
  item: GalleryItem;
  index: number;
  items: GalleryItem[];
  onChange: (items: GalleryItem[]) => void;
  onUpdate: (patch: Partial<GalleryItem>) => void;
  onUseAsMain: (url: string) => void;
}

/** One image of the gallery: its place, thumbnail, alt text and the moves that can be made with it. */
function GalleryRow({ item: it, index: i, items, onChange, onUpdate, onUseAsMain }: RowProps) {
  const { t } = useAdminTranslation();
  return (
    <li className="adm-gallery__item">
      <span className="adm-gallery__pos" aria-hidden="true">
        {i + 1}
      </span>
      <span className="adm-gallery__thumb">
        <ImagePreview src={it.image_url} alt={it.alt_text || `${t("cars.fields.gallery")} ${i + 1}`} />
      </span>
      <div className="adm-gallery__meta">
        <input
          className="adm-input adm-input--sm"
          value={it.alt_text}
          onChange={(e) => onUpdate({ alt_text: e.target.value })}
          placeholder={t("cars.fields.altText")}
          aria-label={`${t("cars.fields.altText")} ${i + 1}`}
        />
        <span className="adm-gallery__url" title={it.image_url}>
          {it.image_url}
        </span>
      </div>
      <div className="adm-gallery__actions">
        <button type="button" className="adm-icon-btn" onClick={() => onChange(moveItem(items, i, i - 1))} disabled={i === 0} aria-label={`${t("common.moveUp")} ${i + 1}`}>
          <IconArrowUp size={18} />
        </button>
        <button type="button" className="adm-icon-btn" onClick={() => onChange(moveItem(items, i, i + 1))} disabled={i === items.length - 1} aria-label={`${t("common.moveDown")} ${i + 1}`}>
          <IconArrowDown size={18} />
        </button>
        <button type="button" className="adm-icon-btn" onClick={() => onUseAsMain(it.image_url)} title={t("cars.fields.useAsMain")} aria-label={`${t("cars.fields.useAsMain")} ${i + 1}`}>
          <IconImage size={18} />
        </button>
        <button type="button" className="adm-icon-btn adm-icon-btn--danger" onClick={() => onChange(items.filter((_, j) => j !== i))} aria-label={`${t("common.remove")} ${i + 1}`}>
          <IconTrash size={18} />
        </button>
      </div>
    </li>
  );
}

/** Adding images: files to upload, or an address typed in. */
function GalleryAdd({ uploading, onUpload, onAdd }: { uploading: boolean; onUpload: (files: File[]) => void; onAdd: (item: GalleryItem) => void }) {
  const { t } = useAdminTranslation();
  const [url, setUrl] = useState("");
  return (
    <div className="adm-gallery__add">
      <FilePicker
        label={t("cars.fields.upload")}
        multiple
        disabled={uploading}
        onFiles={onUpload}
        testId="car-gallery-files"
      />
      <div className="adm-inline-form">
        <input
          type="url"
          className="adm-input"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder={t("cars.fields.imageUrlPlaceholder")}
          aria-label={t("cars.fields.addImageUrl")}
        />
        <button
          type="button"
          className="adm-btn adm-btn--secondary"
          disabled={!url.trim()}
          onClick={() => {
            onAdd(newGalleryItem(url.trim()));
            setUrl("");
          }}
        >
          <IconPlus size={18} /> {t("cars.fields.addImageUrl")}
        </button>
      </div>
    </div>
  );
}
