import { supabase } from "../../../lib/supabase";
import { check } from "../lib/errors";
import { normalizeBlogStatus } from "./blogForm";
import type { AdminBlogPost, BlogRowInput } from "./types";

// blog_posts for administrators (SPEC section 7): all posts newest first,
// insert, update by id, delete by id.

function normalize(p: AdminBlogPost): AdminBlogPost {
  return { ...p, status: normalizeBlogStatus(p.status), tags: p.tags ?? [], translations: p.translations ?? {} };
}

export async function listPosts(): Promise<AdminBlogPost[]> {
  const rows = check(await supabase.from("blog_posts").select("*").order("created_at", { ascending: false })) as AdminBlogPost[];
  return rows.map(normalize);
}

export async function createPost(row: BlogRowInput): Promise<AdminBlogPost> {
  return normalize(check(await supabase.from("blog_posts").insert(row).select().single()) as AdminBlogPost);
}

export async function updatePost(id: string, row: BlogRowInput): Promise<AdminBlogPost> {
  return normalize(check(await supabase.from("blog_posts").update(row).eq("id", id).select().single()) as AdminBlogPost);
}

export async function deletePost(id: string): Promise<void> {
  const rows = check(await supabase.from("blog_posts").delete().eq("id", id).select("id"));
  if (!rows || rows.length === 0) throw new Error("post not deleted");
}
