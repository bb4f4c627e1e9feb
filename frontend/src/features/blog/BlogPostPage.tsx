import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Icon } from "../../components/Icon";
import { toast } from "../../components/toast";
import { ScrollTopButton, Spinner } from "../../components/ui";
import { SITE } from "../../config/site";
import { useFormat } from "../../lib/useFormat";
import { usePageMeta } from "../../lib/usePageMeta";
import { loadPost, loadSimilarPosts, type BlogPost, type BlogPostSummary } from "./api";
import { PostCard } from "./PostCard";
import { responsiveImage } from "../../lib/images";
import { pageData } from "../../lib/pageData";
import { sanitizeHtml } from "./sanitize";

/** A new slug is a new page: remounting resets every piece of state. */
export default function BlogPostPage() {
  const { slug = "" } = useParams();
  return <BlogPostView key={slug} slug={slug} />;
}

function BlogPostView({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  // undefined: loading; null: no such published post.
  const [post, setPost] = useState<BlogPost | null | undefined>(() => pageData<BlogPost | null>("post"));
  const [similar, setSimilar] = useState<BlogPostSummary[]>(() => pageData<BlogPostSummary[]>("similarPosts") ?? []);
  const [fromServer] = useState(post !== undefined);

  useEffect(() => {
    if (fromServer) return;
    let live = true;
    void loadPost(slug).then((p) => live && setPost(p));
    void loadSimilarPosts(slug).then((p) => live && setSimilar(p));
    return () => {
      live = false;
    };
  }, [slug, fromServer]);

  const html = useMemo(() => (post?.content ? sanitizeHtml(post.content) : ""), [post]);
  usePageMeta(
    post ? post.meta_title || post.title : post === null ? t("blog.notFound") : undefined,
    post ? post.meta_description || post.excerpt || undefined : undefined,
    `/blog/${slug}`,
    post?.featured_image,
  );

  async function share() {
    const url = window.location.href;
    if (navigator.share) {
      try {
        await navigator.share({ title: post?.title, url });
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
      <section className="container section center not-found">
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
            {/* Posts are written in one language whatever the site's: dir="auto" lets a
                French post read left to right on the Arabic site, and the reverse. */}
            <h1 dir="auto">{post.title}</h1>
            <p className="post-meta">
              <span>
                <Icon name="calendar" size={16} /> <time dateTime={post.created_at}>{fmt.instantDay(post.created_at)}</time>
              </span>
              <span>
                <Icon name="users" size={16} /> {author}
              </span>
              <span>
                <Icon name="clock" size={16} /> {t("blog.readingTime", { minutes: 5 })}
              </span>
              <button type="button" className="btn btn-outline btn-sm" onClick={share}>
                <Icon name="share" size={16} /> {t("blog.share")}
              </button>
            </p>
            {post.tags && post.tags.length > 0 && (
              <ul className="tags" aria-label={t("blog.tags")}>
                {post.tags.map((tag) => (
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
          <div className="prose" dir="auto" data-testid="post-content" dangerouslySetInnerHTML={{ __html: html }} />
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
        <section className="section section-alt" aria-labelledby="similar-title">
          <div className="container">
            <h2 id="similar-title">{t("blog.similar")}</h2>
            <div className="post-grid">
              {similar.map((p) => (
                <PostCard key={p.id} post={p} />
              ))}
            </div>
          </div>
        </section>
      )}
      <ScrollTopButton />
    </>
  );
}
