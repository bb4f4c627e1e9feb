// The blog's public entry (eslint.layers.js): what other features may use.
export { loadLatestPosts, type BlogPostSummary } from "./api";
export { PostCard } from "./PostCard";
