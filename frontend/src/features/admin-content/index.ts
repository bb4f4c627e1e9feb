export { default as BlogPage } from "./blog/BlogPage";
export { default as KeyFactsPage } from "./keyfacts/KeyFactsPage";
