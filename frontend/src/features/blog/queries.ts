import { queryOptions } from "@tanstack/react-query";
import { pageData, pageDataUpdatedAt } from "../../lib/pageData";
import { loadLatestPosts, loadPost, loadPublishedPosts, loadSimilarPosts, type BlogPost, type BlogPostSummary } from "./api";

// The blog's reads as TanStack Query options (lib/query.ts), each starting from
// the server's data for this page when it has some (lib/pageData.ts).

export const latestPostsQuery = queryOptions({
  queryKey: ["blog", "latest", 3],
  queryFn: () => loadLatestPosts(3),
  initialData: () => pageData<BlogPostSummary[]>("latestPosts"),
  initialDataUpdatedAt: pageDataUpdatedAt,
});

export const postsQuery = queryOptions({
  queryKey: ["blog", "posts"],
  queryFn: loadPublishedPosts,
  initialData: () => pageData<BlogPostSummary[]>("posts"),
  initialDataUpdatedAt: pageDataUpdatedAt,
});

/** One published post (null: there is none under this slug). */
export const postQuery = (slug: string) =>
  queryOptions({
    queryKey: ["blog", "post", slug],
    queryFn: () => loadPost(slug),
    initialData: () => pageData<BlogPost | null>("post"),
    initialDataUpdatedAt: pageDataUpdatedAt,
  });

export const similarPostsQuery = (slug: string) =>
  queryOptions({
    queryKey: ["blog", "similar", slug],
    queryFn: () => loadSimilarPosts(slug),
    initialData: () => pageData<BlogPostSummary[]>("similarPosts"),
    initialDataUpdatedAt: pageDataUpdatedAt,
  });
