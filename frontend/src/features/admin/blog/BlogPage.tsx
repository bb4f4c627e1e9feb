import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { ConfirmDialog } from "../components/ConfirmDialog";
import { IconPlus, IconSearch } from "../components/icons";
import { PageHeader } from "../components/PageHeader";
import { PageLoading } from "../components/Spinner";
import { useAdminTranslation } from "../i18n";
import { useConfirmDelete } from "../lib/useConfirmDelete";
import { useAdminQuery } from "../lib/query";
import { adminKeys, invalidateAfter } from "../lib/queryKeys";
import { deletePost, listPosts } from "./api";
import { BlogEditorDialog } from "./BlogEditorDialog";
import { matchesPost } from "./blogForm";
import { BlogTable } from "./BlogTable";
import type { AdminBlogPost } from "./types";

export default function BlogPage() {
  const { t } = useAdminTranslation();
  const client = useQueryClient();
  const posts = useAdminQuery({ queryKey: adminKeys.posts, queryFn: listPosts, errorMessage: t("blog.messages.loadError") });
  const [query, setQuery] = useState("");
  const [editing, setEditing] = useState<AdminBlogPost | "new" | null>(null);
  const del = useConfirmDelete({
    list: adminKeys.posts,
    table: "blog_posts",
    remove: (p: AdminBlogPost) => deletePost(p.id),
    messages: { deleted: t("blog.messages.deleted"), deleteError: t("blog.messages.deleteError") },
    logLabel: "post delete failed",
  });

  const shown = useMemo(() => (posts.data ?? []).filter((p) => matchesPost(p, query)), [posts.data, query]);

  return (
    <section className="adm-page">
      <PageHeader
        title={t("blog.title")}
        subtitle={t("blog.subtitle")}
        actions={
          <button type="button" className="adm-btn adm-btn--primary" onClick={() => setEditing("new")}>
            <IconPlus size={18} /> {t("blog.add")}
          </button>
        }
      />
      <div className="adm-toolbar-row">
        <label className="adm-search">
          <IconSearch size={18} />
          <span className="adm-visually-hidden">{t("common.search")}</span>
          <input type="search" className="adm-input" placeholder={t("blog.searchPlaceholder")} value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
      </div>
      {posts.isPending ? (
        <PageLoading label={t("common.loading")} />
      ) : (
        <BlogTable posts={shown} searching={query.trim() !== ""} onEdit={setEditing} onDelete={del.ask} />
      )}
      <BlogEditorDialog
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void invalidateAfter(client, "blog_posts");
        }}
      />
      <ConfirmDialog
        open={del.target !== null}
        title={t("blog.confirmDeleteTitle")}
        message={del.target ? t("blog.confirmDelete", { title: del.target.title }) : ""}
        busy={del.busy}
        onConfirm={() => void del.confirm()}
        onCancel={del.cancel}
      />
    </section>
  );
}
