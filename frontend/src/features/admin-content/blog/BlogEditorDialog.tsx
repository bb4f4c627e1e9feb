import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { type ContentLanguage, invalidateAfter, LanguageTabs, notify, RecordDialog, reportFailure, useAdminMutation, useAdminTranslation, useResetOnTarget, useValidation } from "../../admin-kit";
import { createPost, updatePost } from "./api";
import { EMPTY_BLOG_FORM, postToForm, slugify, toBlogRow, translationState, validateBlogForm, type BlogFormValues, type BlogTranslationValues } from "./blogForm";
import { BlogLanguageFields, FeaturedImageField, SlugAndStatus } from "./BlogFormFields";
import type { AdminBlogPost } from "./types";

interface Props {
  target: AdminBlogPost | "new" | null;
  onClose: () => void;
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
      <SlugAndStatus values={values} set={set} onSlugTyped={() => setSlugTouched(true)} />
      {/* The texts in fr (required), en and ar; the slug, image and status are shared. */}
      <LanguageTabs
        active={tab}
        onChange={setTab}
        states={{ en: translationState(values.translations.en), ar: translationState(values.translations.ar) }}
        testId="blog-language-tabs"
      >
        {(lang) => <BlogLanguageFields lang={lang} values={values} errors={errors} postId={editing?.id ?? null} setText={setText} />}
      </LanguageTabs>
      <FeaturedImageField value={values.featured_image} onChange={(url) => set("featured_image", url)} uploading={uploading} setUploading={setUploading} />
    </RecordDialog>
  );
}
