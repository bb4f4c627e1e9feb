import type { Json } from "../../../lib/database.types";
import { fold, slugify } from "../../../lib/slug";
import { type FieldErrors, isBlank, tAdmin } from "../../admin-kit";
import type { AdminBlogPost, BlogRowInput, BlogStatus, BlogTranslation, BlogTranslations, TranslatedLanguage } from "./types";

// The blog editor's rules of SPEC section 5 as pure functions.

export const EXCERPT_COUNTER = 200;
export const META_TITLE_RECOMMENDED = 60;
export const META_DESCRIPTION_RECOMMENDED = 160;

export { slugify };

/** The fields a translation has, as the form holds them. */
export interface BlogTranslationValues {
  title: string;
  excerpt: string;
  content: string;
  tags: string;
  meta_title: string;
  meta_description: string;
}

/** The form: the French texts (the row's own columns), then what every language shares. */
export interface BlogFormValues extends BlogTranslationValues {
  slug: string;
  featured_image: string;
  status: BlogStatus;
  /** The English and Arabic tabs. */
  translations: Record<TranslatedLanguage, BlogTranslationValues>;
}

export const EMPTY_TRANSLATION: BlogTranslationValues = { title: "", excerpt: "", content: "", tags: "", meta_title: "", meta_description: "" };

export type BlogFormErrors = FieldErrors<keyof BlogFormValues>;

export const EMPTY_BLOG_FORM: BlogFormValues = { ...EMPTY_TRANSLATION, slug: "", featured_image: "", status: "draft", translations: { en: EMPTY_TRANSLATION, ar: EMPTY_TRANSLATION } };

/** SPEC: tags are comma-separated, trimmed, empties dropped. */
export function parseTags(input: string): string[] {
  return input
    .split(",")
    .map((t) => t.trim())
    .filter((t) => t !== "");
}

export function tagsToInput(tags: readonly string[] | null | undefined): string {
  return (tags ?? []).join(", ");
}

/** SPEC section 4: any status other than 'published' is treated as draft. */
export function normalizeBlogStatus(status: unknown): BlogStatus {
  return status === "published" ? "published" : "draft";
}

/**
 * True when rich-text HTML carries nothing a reader would see: no text, no image,
 * no table (an empty editor produces "<p></p>").
 */
export function isEmptyHtml(html: string): boolean {
  if (/<(img|table|hr|iframe)\b/i.test(html)) return false;
  const text = html
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;|&#160;/g, " ")
    .trim();
  return text === "";
}

/** SPEC section 5: title, excerpt and content are required, each trimmed. */
export function validateBlogForm(v: BlogFormValues): BlogFormErrors {
  const errors: BlogFormErrors = {};
  if (isBlank(v.title)) errors.title = tAdmin("blog.errors.titleRequired");
  if (isBlank(v.excerpt)) errors.excerpt = tAdmin("blog.errors.excerptRequired");
  if (isEmptyHtml(v.content)) errors.content = tAdmin("blog.errors.contentRequired");
  return errors;
}

function blankToNull(value: string): string | null {
  return value.trim() === "" ? null : value.trim();
}

export function toBlogRow(v: BlogFormValues): BlogRowInput {
  const title = v.title.trim();
  return {
    title,
    slug: slugify(v.slug) || slugify(title),
    excerpt: v.excerpt.trim(),
    content: v.content.trim(),
    featured_image: blankToNull(v.featured_image),
    status: v.status,
    tags: parseTags(v.tags),
    meta_title: blankToNull(v.meta_title),
    meta_description: blankToNull(v.meta_description),
    translations: toTranslations(v.translations),
  };
}

/** The translations column: blank fields and empty languages left out (the site then shows the French). */
export function toTranslations(t: Record<TranslatedLanguage, BlogTranslationValues>): BlogTranslations {
  const out: BlogTranslations = {};
  for (const lang of ["en", "ar"] as const) {
    const v = t[lang];
    const row: BlogTranslation = {};
    for (const key of ["title", "excerpt", "meta_title", "meta_description"] as const) {
      if (v[key].trim() !== "") row[key] = v[key].trim();
    }
    if (!isEmptyHtml(v.content)) row.content = v.content.trim();
    const tags = parseTags(v.tags);
    if (tags.length > 0) row.tags = tags;
    if (Object.keys(row).length > 0) out[lang] = row;
  }
  return out;
}

function translationToForm(t: BlogTranslation | undefined): BlogTranslationValues {
  return {
    title: t?.title ?? "",
    excerpt: t?.excerpt ?? "",
    content: t?.content ?? "",
    tags: tagsToInput(t?.tags),
    meta_title: t?.meta_title ?? "",
    meta_description: t?.meta_description ?? "",
  };
}

/**
 * A translation's state for its tab and the table: missing (nothing written),
 * complete (title, excerpt and content written), else partial.
 */
export function translationState(v: BlogTranslationValues): "complete" | "partial" | "missing" {
  const core = [v.title.trim() !== "", v.excerpt.trim() !== "", !isEmptyHtml(v.content)];
  const any = core.some(Boolean) || v.tags.trim() !== "" || v.meta_title.trim() !== "" || v.meta_description.trim() !== "";
  if (!any) return "missing";
  return core.every(Boolean) ? "complete" : "partial";
}

export function postToForm(p: AdminBlogPost): BlogFormValues {
  return {
    title: p.title,
    slug: p.slug,
    excerpt: p.excerpt ?? "",
    content: p.content ?? "",
    featured_image: p.featured_image ?? "",
    status: normalizeBlogStatus(p.status),
    tags: tagsToInput(p.tags),
    meta_title: p.meta_title ?? "",
    meta_description: p.meta_description ?? "",
    translations: { en: translationToForm(p.translations?.en), ar: translationToForm(p.translations?.ar) },
  };
}

/** Search box of the blog table: title, excerpt, slug and tags, case- and accent-insensitive. */
export function matchesPost(p: AdminBlogPost, query: string): boolean {
  const q = fold(query.trim());
  if (!q) return true;
  return [p.title, p.excerpt ?? "", p.slug, ...(p.tags ?? [])].some((s) => fold(s).includes(q));
}

/** Table tags column: the first 3, then "+N". */
export function visibleTags(tags: readonly string[], max = 3): { shown: string[]; more: number } {
  return { shown: tags.slice(0, max), more: Math.max(0, tags.length - max) };
}

/** Table title column: the excerpt's first 100 characters. */
export function excerptPreview(excerpt: string | null, max = 100): string {
  const s = (excerpt ?? "").trim();
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

type JsonObject = { [key: string]: Json | undefined };

function isObject(v: Json | undefined): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function translation(v: JsonObject): BlogTranslation {
  const out: BlogTranslation = {};
  for (const k of ["title", "excerpt", "content", "meta_title", "meta_description"] as const) {
    const x = v[k];
    if (typeof x === "string") out[k] = x;
  }
  if (Array.isArray(v.tags)) out.tags = v.tags.filter((t): t is string => typeof t === "string");
  return out;
}

/** The English and Arabic versions stored in `translations` (anything else is left out). */
export function readTranslations(j: Json | null | undefined): BlogTranslations {
  const out: BlogTranslations = {};
  if (j === undefined || !isObject(j)) return out;
  for (const lang of ["en", "ar"] as const) {
    const v = j[lang];
    if (isObject(v)) out[lang] = translation(v);
  }
  return out;
}
