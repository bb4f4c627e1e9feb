import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../components/Icon";
import { toast } from "../../components/toast";
import { Section } from "../../components/sections";
import { SITE } from "../../config/site";
import { useFormat } from "../../lib/useFormat";
import { responsiveImage } from "../../lib/images";
import { contentAttrs, InFrenchNote } from "../../components/InFrench";
import type { Localized } from "../../lib/translated";
import type { BlogPost, BlogPostSummary } from "./api";
import { PostCard } from "./PostCard";

/** No published post under this slug. */
export function PostNotFound() {
  const { t } = useTranslation();
  return (
    <section className="container section center not-found" data-testid="post-not-found">
      <h1>{t("blog.notFound")}</h1>
      <Link to="/blog" className="btn btn-primary">
        {t("blog.back")}
      </Link>
    </section>
  );
}

/** The post's header: the way back, its title, date, author, reading time, share and tags. */
export function PostHeader({ post, title, tags, author }: { post: BlogPost; title: Localized<string>; tags: Localized<string[]>; author: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();

  async function share() {
    const url = window.location.href;
    if (navigator.share) {
      try {
        await navigator.share({ title: title.value, url });
      } catch {
        /* the visitor cancelled */
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast(t("blog.linkCopied"), "success");
    } catch {
      toast(url, "info");
    }
  }

  return (
    <header className="post-header">
      <div className="container narrow">
        <Link to="/blog" className="back-link">
          <Icon name="chevronStart" size={18} className="flip-rtl" /> {t("blog.back")}
        </Link>
        {/* A French title on the Arabic site reads left to right (lang and dir of its own). */}
        <h1 {...contentAttrs(title)}>{title.value}</h1>
        <p className="post-meta">
          <span>
            <Icon name="calendar" size={16} /> <time dateTime={post.created_at}>{fmt.instantDay(post.created_at)}</time>
          </span>
          <span>
            <Icon name="users" size={16} /> {author}
          </span>
          <span>
            <Icon name="clock" size={16} /> {t("blog.readingTime", { count: 5 })}
          </span>
          <button type="button" className="btn btn-outline btn-sm" onClick={share}>
            <Icon name="share" size={16} /> {t("blog.share")}
          </button>
        </p>
        {tags.value.length > 0 && (
          <ul className="tags" aria-label={t("blog.tags")} {...contentAttrs(tags)}>
            {tags.value.map((tag) => (
              <li key={tag} className="tag">
                {tag}
              </li>
            ))}
          </ul>
        )}
      </div>
    </header>
  );
}

/** The post's image, its content (sanitized HTML) and the box about its author. */
export function PostBody({
  post,
  title,
  content,
  html,
  author,
}: {
  post: BlogPost;
  title: Localized<string>;
  content: Localized<string>;
  html: string;
  author: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="container narrow">
      {post.featured_image && (
        <img
          className="post-image"
          {...responsiveImage(post.featured_image, "16:9", "(min-width: 820px) 790px, 100vw")}
          alt=""
          width="1280"
          height="720"
          fetchPriority="high"
        />
      )}
      {/* Sanitized by usePostText with DOMPurify. */}
      <InFrenchNote of={content.fallback ? content : title} />
      <div className="prose" {...contentAttrs(content)} data-testid="post-content" dangerouslySetInnerHTML={{ __html: html }} />
      <aside className="author-box" aria-label={t("blog.aboutAuthor")}>
        <span className="author-avatar" aria-hidden="true">
          {author.slice(0, 1).toUpperCase()}
        </span>
        <div>
          <p>
            <strong>{author}</strong>
          </p>
          <p className="muted">{t("blog.authorBio", { name: SITE.name })}</p>
        </div>
      </aside>
    </div>
  );
}

/** The posts like this one, when there are any. */
export function SimilarPosts({ similar }: { similar: BlogPostSummary[] }) {
  const { t } = useTranslation();
  if (similar.length === 0) return null;
  return (
    <Section titleId="similar-title" title={t("blog.similar")} alt plain>
      <div className="post-grid">
        {similar.map((p) => (
          <PostCard key={p.id} post={p} />
        ))}
      </div>
    </Section>
  );
}
