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
  created_at: string;
  updated_at: string;
}

export type BlogRowInput = Omit<AdminBlogPost, "id" | "created_at" | "updated_at">;
