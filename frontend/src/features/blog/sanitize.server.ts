// The server bundle has no DOM for DOMPurify: the Go server hands the renderer its
// own HTML sanitizer (bluemonday, with the rules of ./sanitize.ts: see server/ssr)
// as the global __sanitizeHTML. What ./sanitize.ts's hook adds is added here, on
// bluemonday's normalised output.
declare const __sanitizeHTML: (html: string) => string;

export function sanitizeHtml(html: string): string {
  return __sanitizeHTML(html)
    .replace(/<a ([^>]*\btarget="_blank"[^>]*)>/g, (tag, attrs: string) => (/\brel=/.test(attrs) ? tag : `<a ${attrs} rel="noopener noreferrer">`))
    .replace(/<img (?![^>]*\bloading=)/g, '<img loading="lazy" decoding="async" ');
}
