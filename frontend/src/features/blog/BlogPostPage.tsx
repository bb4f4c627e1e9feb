/* eslint-disable max-lines-per-function -- over the house limit since before the rule: the post, its meta and related posts in one view; to split into header, body and related. */
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Icon } from "../../components/Icon";
import { toast } from "../../components/toast";
import { Section } from "../../components/sections";
import { ScrollTopButton } from "../../components/ui";
import { Spinner } from "../../components/Spinner";
import { SITE } from "../../config/site";
import { useFormat } from "../../lib/useFormat";
import { usePageMeta } from "../../lib/usePageMeta";
import { postQuery, similarPostsQuery } from "./queries";
import { PostCard } from "./PostCard";
import { responsiveImage } from "../../lib/images";
import { sanitizeHtml } from "./sanitize";
import { useLanguage } from "../../lib/LanguageProvider";
import { contentAttrs, InFrenchNote } from "../../components/InFrench";
import { localized, written } from "../../lib/translated";

/** A new slug is a new page: remounting resets every piece of state. */
export default function BlogPostPage() {
  const { slug = "" } = useParams();
  return <BlogPostView key={slug} slug={slug} />;
}

function BlogPostView({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { language } = useLanguage();
  // undefined: loading; null: no such published post.
  const { data: post } = useQuery(postQuery(slug));
  const { data: similar = [] } = useQuery(similarPostsQuery(slug));

  // Each field in the visitor's language where written, else the French.
  const tr = post?.translations;
  const title = localized(post?.title ?? "", tr, language, "title");
  const content = localized(post?.content ?? "", tr, language, "content");
  const tags = localized(post?.tags ?? [], tr, language, "tags");
  // As public.page_meta: the translation's SEO field, its title/excerpt, then the French.
  const metaTitle = written(tr, language, "meta_title") ?? written(tr, language, "title") ?? (post?.meta_title || post?.title);
  const metaDescription =
    written(tr, language, "meta_description") ?? written(tr, language, "excerpt") ?? (post?.meta_description || post?.excerpt || undefined);
  const html = useMemo(() => (content.value ? sanitizeHtml(content.value) : ""), [content.value]);
  usePageMeta(
    post ? metaTitle : post === null ? t("blog.notFound") : undefined,
    post ? metaDescription : undefined,
    `/blog/${slug}`,
    post?.featured_image,
  );

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

  if (post === undefined) return <Spinner label={t("blog.loading")} />;
  if (post === null) {
    return (
      <section className="container section center not-found" data-testid="post-not-found">
        <h1>{t("blog.notFound")}</h1>
        <Link to="/blog" className="btn btn-primary">
          {t("blog.back")}
        </Link>
      </section>
    );
  }

  const author = post.author || SITE.name;
  return (
    <>
      <article className="post">
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
          {/* Sanitized above with DOMPurify. */}
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
      </article>
      {similar.length > 0 && (
        <Section titleId="similar-title" title={t("blog.similar")} alt plain>
          <div className="post-grid">
            {similar.map((p) => (
              <PostCard key={p.id} post={p} />
            ))}
          </div>
        </Section>
      )}
      <ScrollTopButton />
    </>
  );
}
