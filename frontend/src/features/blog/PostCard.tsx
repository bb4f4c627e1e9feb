import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../components/Icon";
import { useFormat } from "../../lib/useFormat";
import { thumbnailUrl } from "../../lib/images";
import { useLanguage } from "../../lib/LanguageProvider";
import { contentAttrs, InFrenchNote } from "../../components/InFrench";
import { localized } from "../../lib/translated";
import type { BlogPostSummary } from "./api";

export function PostCard({ post, index, headingLevel = 3 }: { post: BlogPostSummary; index?: number; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { language } = useLanguage();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  // The visitor's language where written, else the French.
  const tr = post.summary_translations;
  const title = localized(post.title, tr, language, "title");
  const excerpt = localized(post.excerpt, tr, language, "excerpt");
  const tags = localized(post.tags ?? [], tr, language, "tags");
  return (
    <article className="post-card" data-testid="post-card">
      <div className="post-card-media">
        {post.featured_image ? (
          <img src={thumbnailUrl(post.featured_image, 800, 450)} alt="" width="400" height="225" loading="lazy" decoding="async" />
        ) : (
          <div className="post-card-placeholder" aria-hidden="true">
            <Icon name="plane" size={40} />
          </div>
        )}
        {index !== undefined && (
          <span className="post-number" aria-hidden="true">
            {String(index + 1).padStart(2, "0")}
          </span>
        )}
      </div>
      <div className="post-card-body">
        <p className="muted small">
          <Icon name="calendar" size={14} /> <time dateTime={post.created_at}>{fmt.instantDay(post.created_at)}</time>
        </p>
        <Heading className="post-card-title" {...contentAttrs(title)}>
          <Link to={`/blog/${post.slug}`}>{title.value}</Link>
        </Heading>
        {excerpt.value && (
          <p className="post-excerpt" {...contentAttrs(excerpt)}>
            {excerpt.value}
          </p>
        )}
        <InFrenchNote of={title.fallback ? title : excerpt} />
        {tags.value.length > 0 && (
          <ul className="tags" aria-label={t("blog.tags")} {...contentAttrs(tags)}>
            {tags.value.slice(0, 3).map((tag) => (
              <li key={tag} className="tag">
                {tag}
              </li>
            ))}
          </ul>
        )}
        {/* The title is in the link's text, not only in an aria-label: link-text audits
            (Lighthouse's SEO) read the text, and "Read more" alone says nothing. */}
        <Link to={`/blog/${post.slug}`} className="read-more">
          <span aria-hidden="true">{t("blog.readMore")}</span>
          <span className="visually-hidden">{t("blog.readMoreAria", { title: title.value })}</span>{" "}
          <Icon name="chevronEnd" size={16} className="flip-rtl" />
        </Link>
      </div>
    </article>
  );
}
