import { db } from "../../lib/db";
import type { Tables } from "../../lib/database";

/** A published post as the blog reads it (select "*"): every column, `translations` holding each field in English and Arabic. */
export type BlogPost = Omit<Tables<"blog_posts">, "summary_translations">;

/** A post in a list: title, excerpt and tags, with their English and Arabic (computed field, migration 20260124000000). */
export type BlogPostSummary = Pick<Tables<"blog_posts">, "id" | "title" | "slug" | "excerpt" | "featured_image" | "tags" | "created_at" | "summary_translations">;

// summary_translations: a list carries each post's translated title, excerpt and
// tags, not its content in three languages (cmd/server/pages_test.go compares).
const SUMMARY = "id, title, slug, excerpt, featured_image, tags, created_at, summary_translations";

const noPosts: BlogPostSummary[] = [];

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
      return data ?? [];
    })
    )
    .then((x) => x, logged("latest posts read failed", noPosts));
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
      return data ?? [];
    })
    )
    .then((x) => x, logged("posts read failed", noPosts));
}

export async function loadPost(slug: string): Promise<BlogPost | null> {
  return db()
    .then((supabase) =>
      supabase
    .from("blog_posts")
    .select("*")
    .eq("slug", slug)
    .eq("status", "published")
    .maybeSingle()
    .then(({ data, error }) => {
      if (error) throw error;
      return data;
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
      return data ?? [];
    })
    )
    .then((x) => x, logged("similar posts read failed", noPosts));
}
