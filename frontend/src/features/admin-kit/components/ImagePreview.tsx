import { useState } from "react";

/** An image preview that hides itself when the URL does not load (SPEC: blog featured image). */
export function ImagePreview({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src.trim() || failedSrc === src) return null;
  return <img src={src} alt={alt} className={className ?? "adm-preview"} onError={() => setFailedSrc(src)} loading="lazy" />;
}
