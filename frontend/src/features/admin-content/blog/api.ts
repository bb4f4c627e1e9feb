import type { Tables } from "../../../lib/database.types";
import { supabase } from "../../../lib/supabase";
import { check, db } from "../../admin-kit";
import { normalizeBlogStatus, readTranslations } from "./blogForm";
import type { AdminBlogPost, BlogRowInput } from "./types";

// blog_posts for administrators (SPEC section 7): all posts newest first,
// insert, update by id, delete by id. Rows come typed by the generated schema
// (lib/db.ts); the JSON column `translations` is read field by field.

type PostRow = Pick<
  Tables<"blog_posts">,
  "id" | "title" | "slug" | "excerpt" | "content" | "featured_image" | "status" | "meta_title" | "meta_description" | "tags" | "translations" | "created_at" | "updated_at"
>;

function normalize(p: PostRow): AdminBlogPost {
  return {
    id: p.id,
    title: p.title,
    slug: p.slug,
    excerpt: p.excerpt,
    content: p.content,
    featured_image: p.featured_image,
    status: normalizeBlogStatus(p.status),
    meta_title: p.meta_title,
    meta_description: p.meta_description,
    tags: p.tags ?? [],
    translations: readTranslations(p.translations),
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

export async function listPosts(): Promise<AdminBlogPost[]> {
  return check(await db.from("blog_posts").select("*").order("created_at", { ascending: false })).map(normalize);
}

// Writes go through the untyped client: the form's translations (BlogTranslations,
// an interface) are not the generated Json type; the row sent back is read the same way.
export async function createPost(row: BlogRowInput): Promise<AdminBlogPost> {
  return normalize(check(await supabase.from("blog_posts").insert(row).select().single()));
}

export async function updatePost(id: string, row: BlogRowInput): Promise<AdminBlogPost> {
  return normalize(check(await supabase.from("blog_posts").update(row).eq("id", id).select().single()));
}

export async function deletePost(id: string): Promise<void> {
  const rows = check(await supabase.from("blog_posts").delete().eq("id", id).select("id"));
  if (!rows || rows.length === 0) throw new Error("post not deleted");
}
