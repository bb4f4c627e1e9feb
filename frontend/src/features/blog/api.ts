import { db } from "../../lib/db";

export interface BlogPostSummary {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  featured_image: string | null;
  tags: string[] | null;
  created_at: string;
}

export interface BlogPost extends BlogPostSummary {
  content: string | null;
  author: string | null;
  meta_title: string | null;
  meta_description: string | null;
  updated_at: string;
}

const SUMMARY = "id, title, slug, excerpt, featured_image, tags, created_at";

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
