import { useEffect } from "react";
import { SITE } from "../config/site";

function upsertMeta(attr: "name" | "property", key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement("meta");
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/**
 * Title, description and canonical address of the current page. The server
 * already writes Open Graph tags for cars and blog posts into the HTML; this
 * keeps them right after client-side navigation.
 */
export function usePageMeta(title: string | undefined, description: string | undefined, path: string, image?: string | null) {
  useEffect(() => {
    if (!title) return;
    const full = title.includes(SITE.name) ? title : `${title} | ${SITE.name}`;
    document.title = full;
    if (description) upsertMeta("name", "description", description);
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!link) {
      link = document.createElement("link");
      link.rel = "canonical";
      document.head.appendChild(link);
    }
    const url = new URL(path, window.location.origin).toString();
    link.href = url;
    upsertMeta("property", "og:title", full);
    upsertMeta("property", "og:url", url);
    if (description) upsertMeta("property", "og:description", description);
    if (image) upsertMeta("property", "og:image", new URL(image, window.location.origin).toString());
  }, [title, description, path, image]);
}
