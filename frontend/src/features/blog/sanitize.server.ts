// The server bundle has no DOM for DOMPurify: the Go server hands the renderer its
// own HTML sanitizer (bluemonday, with the same rules as ./sanitize.ts: see
// server/ssr) as the global __sanitizeHTML.
declare const __sanitizeHTML: (html: string) => string;

export function sanitizeHtml(html: string): string {
  return __sanitizeHTML(html);
}
