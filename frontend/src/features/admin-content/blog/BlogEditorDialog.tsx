/* eslint-disable max-lines-per-function -- over the house limit since before the rule: the post form, its language tabs and its save in one body; to split as CarFormDialog was. */
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState, type FormEvent } from "react";
import { type ContentLanguage, Field, FilePicker, ImagePreview, invalidateAfter, LanguageTabs, notify, RecordDialog, reportFailure, Select, Spinner, tAdmin, uploadImage, useAdminMutation, useAdminTranslation, useResetOnTarget, useValidation, validateImageFile } from "../../admin-kit";
import { createPost, updatePost } from "./api";
import {
  EMPTY_BLOG_FORM,
  EXCERPT_COUNTER,
  META_DESCRIPTION_RECOMMENDED,
  META_TITLE_RECOMMENDED,
  postToForm,
  slugify,
  toBlogRow,
  translationState,
  validateBlogForm,
  type BlogFormValues,
  type BlogTranslationValues,
} from "./blogForm";
import type { AdminBlogPost } from "./types";

// The editor (TipTap and ProseMirror) is the heaviest code of the back office: it
// loads when the dialog first opens, not with the blog list.
const RichTextEditor = lazy(() => import("./editor/RichTextEditor"));

interface Props {
  target: AdminBlogPost | "new" | null;
  onClose: () => void;
}

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

/** A post to add or edit; it closes once saved (the screens showing posts read them again). */
export function BlogEditorDialog({ target, onClose }: Props) {
  const { t } = useAdminTranslation();
  const editing = target !== null && target !== "new" ? target : null;
  const [values, setValues] = useState<BlogFormValues>(EMPTY_BLOG_FORM);
  const [slugTouched, setSlugTouched] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [tab, setTab] = useState<ContentLanguage>("fr");
  const validation = useValidation(values, validateBlogForm);
  const errors = validation.errors;

  useResetOnTarget(target, (next) => {
    validation.clear();
    setTab("fr");
    setValues(next === "new" ? EMPTY_BLOG_FORM : postToForm(next));
    setSlugTouched(next !== "new");
  });

  const set = <K extends keyof BlogFormValues>(key: K, value: BlogFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  /** A text field of one language's tab (the French ones are the row's columns). */
  function setText(lang: ContentLanguage, key: keyof BlogTranslationValues, value: string) {
    if (lang === "fr") {
      if (key === "title") setTitle(value);
      else set(key, value);
      return;
    }
    setValues((v) => ({ ...v, translations: { ...v.translations, [lang]: { ...v.translations[lang], [key]: value } } }));
  }

  function setTitle(title: string) {
    // SPEC: the slug is generated from the title until the editor types one.
    setValues((v) => ({ ...v, title, slug: slugTouched ? v.slug : slugify(title) }));
  }

  // Insert or update asking the row back.
  const client = useQueryClient();
  const saving = useAdminMutation({
    mutationFn: (row: ReturnType<typeof toBlogRow>) => (editing ? updatePost(editing.id, row) : createPost(row)),
    onSuccess: () => {
      notify.success(editing ? t("blog.messages.updated") : t("blog.messages.created"));
      void invalidateAfter(client, "blog_posts");
      onClose();
    },
    onError: reportFailure("post save failed", t("blog.messages.saveError")),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!validation.check()) {
      setTab("fr"); // the required fields are the French ones: show them
      return;
    }
    saving.mutate(toBlogRow(values));
  }

  const texts = { create: { title: t("blog.dialogCreate"), submit: t("blog.submitCreate") }, edit: { title: t("blog.dialogEdit"), submit: t("blog.submitEdit") }, saving: t("blog.saving") };
  return (
    <RecordDialog target={target} formId="adm-blog-form" texts={texts} saving={saving.isPending} blocked={uploading} onClose={onClose} onSubmit={submit}>
      <div className="adm-grid adm-grid--2">
        <Field label={t("blog.fields.slug")} hint={t("blog.fields.slugHint")}>
          <input
            className="adm-input"
            name="slug"
            value={values.slug}
            onChange={(e) => {
              setSlugTouched(true);
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
      {/* The texts in fr (required), en and ar; the slug, image and status are shared. */}
      <LanguageTabs
        active={tab}
        onChange={setTab}
        states={{ en: translationState(values.translations.en), ar: translationState(values.translations.ar) }}
        testId="blog-language-tabs"
      >
        {(lang) => {
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
                    key={`${editing?.id ?? "new"}-${lang}`}
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
        }}
      </LanguageTabs>
      <fieldset className="adm-fieldset">
        <legend>{t("blog.fields.featuredImage")}</legend>
        <div className="adm-main-image">
          <ImagePreview src={values.featured_image} alt={t("blog.fields.featuredImage")} className="adm-main-image__preview" />
          <div className="adm-main-image__inputs">
            <Field label={t("blog.fields.featuredImageUrl")}>
              <input className="adm-input" type="url" name="featured_image" value={values.featured_image} onChange={(e) => set("featured_image", e.target.value)} placeholder="https://" />
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
                  if (url) set("featured_image", url);
                }}
              />
              {uploading && <Spinner size="sm" label={t("cars.fields.uploading")} />}
            </div>
          </div>
        </div>
      </fieldset>
    </RecordDialog>
  );
}
