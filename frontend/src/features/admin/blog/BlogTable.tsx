import { formatDate } from "../../../lib/format";
import { DataTable } from "../components/DataTable";
import { EmptyState } from "../components/EmptyState";
import { IconBlog, IconEdit, IconExternal, IconTrash } from "../components/icons";
import { fr } from "../i18n/fr";
import { LanguageBadges } from "../components/LanguageTabs";
import { excerptPreview, postToForm, translationState, visibleTags } from "./blogForm";
import type { AdminBlogPost } from "./types";

const t = fr.blog;

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
  return (
    <DataTable
      rows={posts}
      empty={<EmptyState icon={<IconBlog size={32} />}>{searching ? t.emptySearch : t.emptyAll}</EmptyState>}
      testId="blog-table"
      columns={[t.colTitle, t.colStatus, t.colTags, t.colCreated]}
      renderRow={(p) => {
        const tags = visibleTags(p.tags);
        return (
          <tr key={p.id} data-testid="post-row" data-post-title={p.title}>
            <td data-label={t.colTitle} className="adm-table__wide">
              <strong>{p.title}</strong>
              <span className="adm-muted adm-block">{excerptPreview(p.excerpt)}</span>
            </td>
            <td data-label={t.colStatus}>
              <span className={`adm-badge ${p.status === "published" ? "adm-badge--green" : "adm-badge--gray"}`}>
                {p.status === "published" ? t.published : t.draft}
              </span>{" "}
              <LanguageBadges states={translationStates(p)} />
            </td>
            <td data-label={t.colTags}>
              <span className="adm-tags">
                {tags.shown.map((tag) => (
                  <span key={tag} className="adm-tag">
                    {tag}
                  </span>
                ))}
                {tags.more > 0 && <span className="adm-tag adm-tag--more">+{tags.more}</span>}
              </span>
            </td>
            <td data-label={t.colCreated}>{formatDate(p.created_at)}</td>
            <td className="adm-table__actions">
              {p.status === "published" && (
                <a className="adm-icon-btn" href={`/blog/${p.slug}`} target="_blank" rel="noopener" aria-label={`${t.view} : ${p.title}`} title={t.view}>
                  <IconExternal size={18} />
                </a>
              )}
              <button type="button" className="adm-icon-btn" onClick={() => onEdit(p)} aria-label={`${fr.common.edit} ${p.title}`}>
                <IconEdit size={18} />
              </button>
              <button type="button" className="adm-icon-btn adm-icon-btn--danger" onClick={() => onDelete(p)} aria-label={`${fr.common.delete} ${p.title}`}>
                <IconTrash size={18} />
              </button>
            </td>
          </tr>
        );
      }}
    />
  );
}
