import { Field, FilePicker, ImagePreview, useAdminTranslation } from "../admin-kit";

interface Props {
  value: string;
  error?: string | undefined;
  uploading: boolean;
  onChange: (url: string) => void;
  onUpload: (files: File[]) => void;
}

/** The required main image: a URL typed or filled by an upload, with its preview. */
export function MainImageField({ value, error, uploading, onChange, onUpload }: Props) {
  const { t } = useAdminTranslation();
  return (
    <div className="adm-main-image">
      <ImagePreview src={value} alt={t("cars.fields.preview")} className="adm-main-image__preview" />
      <div className="adm-main-image__inputs">
        <Field label={t("cars.fields.imageUrl")} error={error} required>
          <input
            type="url"
            className="adm-input"
            value={value}
            placeholder={t("cars.fields.imageUrlPlaceholder")}
            onChange={(e) => onChange(e.target.value)}
          />
        </Field>
        <FilePicker
          label={t("cars.fields.uploadMain")}
          disabled={uploading}
          onFiles={onUpload}
          testId="car-main-image-file"
        />
      </div>
    </div>
  );
}
