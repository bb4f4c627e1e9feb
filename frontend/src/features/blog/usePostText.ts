import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../lib/LanguageProvider";
import { usePageMeta } from "../../lib/usePageMeta";
import { localized, written } from "../../lib/translated";
import type { BlogPost } from "./api";
import { sanitizeHtml } from "./sanitize";

/**
 * A post's title, content and tags in the visitor's language (else the French),
 * its content as sanitized HTML, and the page's meta from them.
 */
export function usePostText(post: BlogPost | null | undefined, slug: string) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  // Each field in the visitor's language where written, else the French.
  const tr = post?.translations;
  const title = localized(post?.title ?? "", tr, language, "title");
  const content = localized(post?.content ?? "", tr, language, "content");
  const tags = localized(post?.tags ?? [], tr, language, "tags");
  // As public.page_meta: the translation's SEO field, its title/excerpt, then the French.
  const metaTitle = written(tr, language, "meta_title") ?? written(tr, language, "title") ?? (post?.meta_title || post?.title);
  const metaDescription =
    written(tr, language, "meta_description") ?? written(tr, language, "excerpt") ?? (post?.meta_description || post?.excerpt || undefined);
  const html = useMemo(() => (content.value ? sanitizeHtml(content.value) : ""), [content.value]);
  usePageMeta(
    post ? metaTitle : post === null ? t("blog.notFound") : undefined,
    post ? metaDescription : undefined,
    `/blog/${slug}`,
    post?.featured_image,
  );
  return { title, content, tags, html };
}
