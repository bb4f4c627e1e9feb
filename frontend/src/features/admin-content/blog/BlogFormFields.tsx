import { lazy, Suspense } from "react";
import { type ContentLanguage, Field, FilePicker, ImagePreview, notify, Select, Spinner, tAdmin, uploadImage, useAdminTranslation, validateImageFile } from "../../admin-kit";
import { EXCERPT_COUNTER, META_DESCRIPTION_RECOMMENDED, META_TITLE_RECOMMENDED, type BlogFormErrors, type BlogFormValues, type BlogTranslationValues } from "./blogForm";

// The groups of the post form (BlogEditorDialog.tsx).

// The editor (TipTap and ProseMirror) is the heaviest code of the back office: it
// loads when the dialog first opens, not with the blog list.
const RichTextEditor = lazy(() => import("./editor/RichTextEditor"));

/** Uploads an image to blog-images with SPEC's messages; null on refusal or failure. */
async function uploadBlogImage(file: File): Promise<string | null> {
  const invalid = validateImageFile(file);
  if (invalid) {
    notify.error(invalid);
    return null;
  }
  try {
    const url = await uploadImage("blog-images", file);
    notify.success(tAdmin("blog.messages.uploaded"));
    return url;
  } catch (e) {
    console.error("blog image upload failed", e);
    notify.error(tAdmin("blog.messages.uploadError"));
    return null;
  }
}

function Counter({ n, max, hardHint }: { n: number; max: number; hardHint?: boolean }) {
  const { t } = useAdminTranslation();
  return <span className={n > max && hardHint ? "adm-over" : undefined}>{t("blog.counter", { n, max })}</span>;
}

type SetField = <K extends keyof BlogFormValues>(key: K, value: BlogFormValues[K]) => void;

/** The post's address (typed, or made from the title until typed) and whether it is published. */
export function SlugAndStatus({ values, set, onSlugTyped }: { values: BlogFormValues; set: SetField; onSlugTyped: () => void }) {
  const { t } = useAdminTranslation();
  return (
    <div className="adm-grid adm-grid--2">
      <Field label={t("blog.fields.slug")} hint={t("blog.fields.slugHint")}>
        <input
          className="adm-input"
          name="slug"
          value={values.slug}
          onChange={(e) => {
            onSlugTyped();
            set("slug", e.target.value);
          }}
        />
      </Field>
      <Field label={t("blog.fields.status")}>
        <Select
          name="status"
          value={values.status}
          onChange={(v) => set("status", v)}
          options={[
            ["draft", t("blog.draft")],
            ["published", t("blog.published")],
          ]}
        />
      </Field>
    </div>
  );
}

interface LanguageFieldsProps {
  lang: ContentLanguage;
  values: BlogFormValues;
  errors: BlogFormErrors;
  /** The post being edited, null for a new one: the editor starts again for another post. */
  postId: string | null;
  setText: (lang: ContentLanguage, key: keyof BlogTranslationValues, value: string) => void;
}

/** One language's texts: title, excerpt, content, tags and what search engines show (French required). */
export function BlogLanguageFields({ lang, values, errors, postId, setText }: LanguageFieldsProps) {
  const { t } = useAdminTranslation();
  const v = lang === "fr" ? values : values.translations[lang];
  const fr_ = lang === "fr";
  const suffix = fr_ ? "" : `_${lang}`;
  const attrs = { lang, dir: lang === "ar" ? ("rtl" as const) : ("ltr" as const) };
  const name = fr_ ? "" : ` (${t(`contentLanguages.names.${lang}`)})`;
  return (
    <>
      <Field label={t("blog.fields.title") + name} error={fr_ ? errors.title : undefined} required={fr_}>
        <input className="adm-input" name={`title${suffix}`} {...attrs} value={v.title} onChange={(e) => setText(lang, "title", e.target.value)} />
      </Field>
      <Field
        label={t("blog.fields.excerpt") + name}
        error={fr_ ? errors.excerpt : undefined}
        hint={t("blog.fields.excerptHint")}
        counter={<Counter n={v.excerpt.length} max={EXCERPT_COUNTER} />}
        required={fr_}
      >
        <textarea className="adm-input" name={`excerpt${suffix}`} {...attrs} rows={3} value={v.excerpt} onChange={(e) => setText(lang, "excerpt", e.target.value)} />
      </Field>
      <Field label={t("blog.fields.content") + name} error={fr_ ? errors.content : undefined} required={fr_}>
        <Suspense fallback={<Spinner label={t("common.loading")} />}>
          <RichTextEditor
            key={`${postId ?? "new"}-${lang}`}
            initialHtml={v.content}
            onChange={(html) => setText(lang, "content", html)}
            upload={uploadBlogImage}
            aria-invalid={fr_ && Boolean(errors.content)}
            label={t("blog.fields.content") + name}
            {...attrs}
          />
        </Suspense>
      </Field>
      <Field label={t("blog.fields.tags") + name} hint={t("blog.fields.tagsHint")}>
        <input className="adm-input" name={`tags${suffix}`} {...attrs} value={v.tags} onChange={(e) => setText(lang, "tags", e.target.value)} placeholder={fr_ ? "voyage, conseils, Casablanca" : undefined} />
      </Field>
      <fieldset className="adm-fieldset">
        <legend>{t("blog.fields.seo") + name}</legend>
        <Field label={t("blog.fields.metaTitle")} hint={t("blog.fields.metaTitleHint")} counter={<Counter n={v.meta_title.length} max={META_TITLE_RECOMMENDED} hardHint />}>
          <input className="adm-input" name={`meta_title${suffix}`} {...attrs} value={v.meta_title} onChange={(e) => setText(lang, "meta_title", e.target.value)} />
        </Field>
        <Field
          label={t("blog.fields.metaDescription")}
          hint={t("blog.fields.metaDescriptionHint")}
          counter={<Counter n={v.meta_description.length} max={META_DESCRIPTION_RECOMMENDED} hardHint />}
        >
          <textarea
            className="adm-input"
            name={`meta_description${suffix}`}
            {...attrs}
            rows={2}
            value={v.meta_description}
            onChange={(e) => setText(lang, "meta_description", e.target.value)}
          />
        </Field>
      </fieldset>
    </>
  );
}

/** The featured image: a URL, or a file uploaded to blog-images. */
export function FeaturedImageField({ value, onChange, uploading, setUploading }: { value: string; onChange: (url: string) => void; uploading: boolean; setUploading: (on: boolean) => void }) {
  const { t } = useAdminTranslation();
  return (
    <fieldset className="adm-fieldset">
      <legend>{t("blog.fields.featuredImage")}</legend>
      <div className="adm-main-image">
        <ImagePreview src={value} alt={t("blog.fields.featuredImage")} className="adm-main-image__preview" />
        <div className="adm-main-image__inputs">
          <Field label={t("blog.fields.featuredImageUrl")}>
            <input className="adm-input" type="url" name="featured_image" value={value} onChange={(e) => onChange(e.target.value)} placeholder="https://" />
          </Field>
          <div className="adm-inline-form">
            <FilePicker
              label={t("blog.fields.upload")}
              disabled={uploading}
              testId="blog-featured-file"
              onFiles={async (files) => {
                const file = files[0];
                if (!file) return;
                setUploading(true);
                const url = await uploadBlogImage(file);
                setUploading(false);
                if (url) onChange(url);
              }}
            />
            {uploading && <Spinner size="sm" label={t("cars.fields.uploading")} />}
          </div>
        </div>
      </div>
    </fieldset>
  );
}
