// The blog's public entry (eslint.layers.js): what other features may use.
export type { BlogPostSummary } from "./api";
export { latestPostsQuery } from "./queries";
export { PostCard } from "./PostCard";
