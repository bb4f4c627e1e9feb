import { formatDate } from "../../../lib/format";
import { DataTable, EditDeleteButtons, EmptyState, IconBlog, IconExternal, LanguageBadges, useAdminTranslation } from "../../admin-kit";
import { excerptPreview, postToForm, translationState, visibleTags } from "./blogForm";
import type { AdminBlogPost } from "./types";

interface Props {
  posts: AdminBlogPost[];
  searching: boolean;
  onEdit: (p: AdminBlogPost) => void;
  onDelete: (p: AdminBlogPost) => void;
}

function translationStates(p: AdminBlogPost) {
  const { translations } = postToForm(p);
  return { en: translationState(translations.en), ar: translationState(translations.ar) };
}

export function BlogTable({ posts, searching, onEdit, onDelete }: Props) {
  const { t } = useAdminTranslation();
  return (
    <DataTable
      rows={posts}
      empty={<EmptyState icon={<IconBlog size={32} />}>{searching ? t("blog.emptySearch") : t("blog.emptyAll")}</EmptyState>}
      testId="blog-table"
      columns={[t("blog.colTitle"), t("blog.colStatus"), t("blog.colTags"), t("blog.colCreated")]}
      renderRow={(p) => {
        const tags = visibleTags(p.tags);
        return (
          <tr key={p.id} data-testid="post-row" data-post-title={p.title}>
            <td data-label={t("blog.colTitle")} className="adm-table__wide">
              <strong>{p.title}</strong>
              <span className="adm-muted adm-block">{excerptPreview(p.excerpt)}</span>
            </td>
            <td data-label={t("blog.colStatus")}>
              <span className={`adm-badge ${p.status === "published" ? "adm-badge--green" : "adm-badge--gray"}`}>
                {p.status === "published" ? t("blog.published") : t("blog.draft")}
              </span>{" "}
              <LanguageBadges states={translationStates(p)} />
            </td>
            <td data-label={t("blog.colTags")}>
              <span className="adm-tags">
                {tags.shown.map((tag) => (
                  <span key={tag} className="adm-tag">
                    {tag}
                  </span>
                ))}
                {tags.more > 0 && <span className="adm-tag adm-tag--more">+{tags.more}</span>}
              </span>
            </td>
            <td data-label={t("blog.colCreated")}>{formatDate(p.created_at)}</td>
            <td className="adm-table__actions">
              {p.status === "published" && (
                <a className="adm-icon-btn" href={`/blog/${p.slug}`} target="_blank" rel="noopener" aria-label={`${t("blog.view")} : ${p.title}`} title={t("blog.view")}>
                  <IconExternal size={18} />
                </a>
              )}
              <EditDeleteButtons name={p.title} onEdit={() => onEdit(p)} onDelete={() => onDelete(p)} />
            </td>
          </tr>
        );
      }}
    />
  );
}
