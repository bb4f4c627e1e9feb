export type BlogStatus = "draft" | "published";

/** A row of public.blog_posts (docs/schema.md). */
export interface AdminBlogPost {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string | null;
  featured_image: string | null;
  status: BlogStatus;
  meta_title: string | null;
  meta_description: string | null;
  tags: string[];
  /** English and Arabic versions (the `translations` column); blank fields are left out. */
  translations: BlogTranslations;
  created_at: string;
  updated_at: string;
}

export type BlogRowInput = Omit<AdminBlogPost, "id" | "created_at" | "updated_at">;

export type TranslatedLanguage = "en" | "ar";
// A type alias (not an interface): the typed client takes it as JSON.
export type BlogTranslation = {
  title?: string;
  excerpt?: string;
  content?: string;
  tags?: string[];
  meta_title?: string;
  meta_description?: string;
};
export type BlogTranslations = Partial<Record<TranslatedLanguage, BlogTranslation>>;
