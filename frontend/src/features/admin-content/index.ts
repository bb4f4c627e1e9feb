// The agency's content: blog posts and the categories' key facts. Other features use only what is exported here.
export { default as BlogPage } from "./blog/BlogPage";
export { default as KeyFactsPage } from "./keyfacts/KeyFactsPage";
