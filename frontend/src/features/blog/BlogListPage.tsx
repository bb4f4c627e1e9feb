import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHero } from "../../components/ui";
import { Spinner } from "../../components/Spinner";
import { usePageMeta } from "../../lib/usePageMeta";
import { postsQuery } from "./queries";
import { PostCard } from "./PostCard";

export default function BlogListPage() {
  const { t } = useTranslation();
  usePageMeta(t("meta.blog.title"), t("meta.blog.description"), "/blog");
  const posts = useQuery(postsQuery).data ?? null;
  return (
    <>
      <PageHero title={t("blog.title")} subtitle={t("blog.subtitle")} />
      <section className="section" aria-label={t("blog.title")}>
        <div className="container">
          {posts === null ? (
            <Spinner label={t("blog.loading")} />
          ) : posts.length === 0 ? (
            <div className="empty center">
              <p>{t("blog.empty")}</p>
              <Link to="/" className="btn btn-primary">
                {t("common.backHome")}
              </Link>
            </div>
          ) : (
            <div className="post-grid">
              {posts.map((p, i) => (
                <PostCard key={p.id} post={p} index={i} headingLevel={2} />
              ))}
            </div>
          )}
        </div>
      </section>
    </>
  );
}
