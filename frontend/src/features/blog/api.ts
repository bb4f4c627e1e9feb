import { db } from "../../lib/db";
import type { Translations } from "../../lib/translated";

export interface BlogPostSummary {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  featured_image: string | null;
  tags: string[] | null;
  created_at: string;
  /** English and Arabic title, excerpt and tags (computed field, migration 20260124000000). */
  summary_translations?: Translations<"title" | "excerpt" | "tags"> | null;
}

export interface BlogPost extends BlogPostSummary {
  content: string | null;
  author: string | null;
  meta_title: string | null;
  meta_description: string | null;
  updated_at: string;
  /** Every field in English and Arabic (lib/translated.ts). */
  translations?: Translations<"title" | "excerpt" | "content" | "tags" | "meta_title" | "meta_description"> | null;
}

// summary_translations: a list carries each post's translated title, excerpt and
// tags, not its content in three languages (server/pages_test.go compares).
const SUMMARY = "id, title, slug, excerpt, featured_image, tags, created_at, summary_translations";

// Public blog fetch errors are logged only (SPEC section 8).
function logged<T>(what: string, fallback: T) {
  return (e: unknown): T => {
    console.error(what, e);
    return fallback;
  };
}

export async function loadLatestPosts(limit = 3): Promise<BlogPostSummary[]> {
  return db()
    .then((supabase) =>
      supabase
    .from("blog_posts")
    .select(SUMMARY)
    .eq("status", "published")
    .order("created_at", { ascending: false })
    .limit(limit)
    .then(({ data, error }) => {
      if (error) throw error;
      return (data ?? []) as BlogPostSummary[];
    })
    )
    .then((x) => x, logged("latest posts read failed", [] as BlogPostSummary[]));
}

export async function loadPublishedPosts(): Promise<BlogPostSummary[]> {
  return db()
    .then((supabase) =>
      supabase
    .from("blog_posts")
    .select(SUMMARY)
    .eq("status", "published")
    .order("created_at", { ascending: false })
    .then(({ data, error }) => {
      if (error) throw error;
      return (data ?? []) as BlogPostSummary[];
    })
    )
    .then((x) => x, logged("posts read failed", [] as BlogPostSummary[]));
}

export async function loadPost(slug: string): Promise<BlogPost | null> {
  return db()
    .then((supabase) =>
      supabase
    .from("blog_posts")
    .select("*")
    .eq("slug", slug)
    .eq("status", "published")
    .single()
    .then(({ data, error }) => {
      if (error) throw error;
      return data as BlogPost;
    })
    )
    .then((x) => x, logged("post read failed", null));
}

export async function loadSimilarPosts(slug: string): Promise<BlogPostSummary[]> {
  return db()
    .then((supabase) =>
      supabase
    .from("blog_posts")
    .select(SUMMARY)
    .eq("status", "published")
    .neq("slug", slug)
    .order("created_at", { ascending: false })
    .limit(3)
    .then(({ data, error }) => {
      if (error) throw error;
      return (data ?? []) as BlogPostSummary[];
    })
    )
    .then((x) => x, logged("similar posts read failed", [] as BlogPostSummary[]));
}
