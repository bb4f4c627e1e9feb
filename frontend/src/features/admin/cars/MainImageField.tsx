import { Field } from "../components/Field";
import { FilePicker } from "../components/FilePicker";
import { IconUpload } from "../components/icons";
import { ImagePreview } from "../components/ImagePreview";
import { fr } from "../i18n/fr";

const t = fr.cars.fields;

interface Props {
  value: string;
  error?: string | undefined;
  uploading: boolean;
  onChange: (url: string) => void;
  onUpload: (files: File[]) => void;
}

/** The required main image: a URL typed or filled by an upload, with its preview. */
export function MainImageField({ value, error, uploading, onChange, onUpload }: Props) {
  return (
    <div className="adm-main-image">
      <ImagePreview src={value} alt={t.preview} className="adm-main-image__preview" />
      <div className="adm-main-image__inputs">
        <Field label={t.imageUrl} error={error} required>
          <input
            type="url"
            className="adm-input"
            value={value}
            placeholder={t.imageUrlPlaceholder}
            onChange={(e) => onChange(e.target.value)}
          />
        </Field>
        <FilePicker
          label={
            <>
              <IconUpload size={18} /> {t.uploadMain}
            </>
          }
          disabled={uploading}
          onFiles={onUpload}
          testId="car-main-image-file"
        />
      </div>
    </div>
  );
}
