import { db } from "../../lib/db";
import { loggedRead } from "../../lib/loggedRead";
import type { Tables } from "../../lib/database";

/** A published post as the blog reads it (select "*"): every column, `translations` holding each field in English and Arabic. */
export type BlogPost = Omit<Tables<"blog_posts">, "summary_translations">;

/** A post in a list: title, excerpt and tags, with their English and Arabic (a computed field). */
export type BlogPostSummary = Pick<Tables<"blog_posts">, "id" | "title" | "slug" | "excerpt" | "featured_image" | "tags" | "created_at" | "summary_translations">;

// summary_translations: a list carries each post's translated title, excerpt and
// tags, not its content in three languages (cmd/server/pages_test.go compares).
const SUMMARY = "id, title, slug, excerpt, featured_image, tags, created_at, summary_translations";

/** The published posts' summaries, newest first. */
function publishedSummaries(supabase: Awaited<ReturnType<typeof db>>) {
  return supabase.from("blog_posts").select(SUMMARY).eq("status", "published").order("created_at", { ascending: false });
}

export function loadLatestPosts(limit = 3): Promise<BlogPostSummary[]> {
  return loggedRead<BlogPostSummary[]>("latest posts read failed", [], async () => publishedSummaries(await db()).limit(limit));
}

export function loadPublishedPosts(): Promise<BlogPostSummary[]> {
  return loggedRead<BlogPostSummary[]>("posts read failed", [], async () => publishedSummaries(await db()));
}

export function loadPost(slug: string): Promise<BlogPost | null> {
  return loggedRead<BlogPost | null>("post read failed", null, async () =>
    (await db()).from("blog_posts").select("*").eq("slug", slug).eq("status", "published").maybeSingle(),
  );
}

export function loadSimilarPosts(slug: string): Promise<BlogPostSummary[]> {
  return loggedRead<BlogPostSummary[]>("similar posts read failed", [], async () => publishedSummaries(await db()).neq("slug", slug).limit(3));
}
