import { useMemo, useState } from "react";
import { adminKeys, ConfirmDeleteDialog, Loaded, PageHeader, SearchField, useAdminQuery, useAdminTranslation, useConfirmDelete } from "../../admin-kit";
import { deletePost, listPosts } from "./api";
import { BlogEditorDialog } from "./BlogEditorDialog";
import { matchesPost } from "./blogForm";
import { BlogTable } from "./BlogTable";
import type { AdminBlogPost } from "./types";

export default function BlogPage() {
  const { t } = useAdminTranslation();
  const posts = useAdminQuery({ queryKey: adminKeys.posts, queryFn: listPosts, errorMessage: t("blog.messages.loadError") });
  const [query, setQuery] = useState("");
  const [editing, setEditing] = useState<AdminBlogPost | "new" | null>(null);
  const del = useConfirmDelete<AdminBlogPost>({
    list: adminKeys.posts,
    table: "blog_posts",
    remove: deletePost,
    messages: { deleted: t("blog.messages.deleted"), deleteError: t("blog.messages.deleteError") },
  });

  const shown = useMemo(() => (posts.data ?? []).filter((p) => matchesPost(p, query)), [posts.data, query]);

  return (
    <section className="adm-page">
      <PageHeader
        title={t("blog.title")}
        subtitle={t("blog.subtitle")}
        add={{ label: t("blog.add"), onClick: () => setEditing("new") }}
      />
      <div className="adm-toolbar-row">
        <SearchField placeholder={t("blog.searchPlaceholder")} value={query} onChange={setQuery} />
      </div>
      <Loaded pending={posts.isPending}>
        <BlogTable posts={shown} searching={query.trim() !== ""} onEdit={setEditing} onDelete={del.ask} />
      </Loaded>
      <BlogEditorDialog target={editing} onClose={() => setEditing(null)} />
      <ConfirmDeleteDialog del={del} title={t("blog.confirmDeleteTitle")} message={(p) => t("blog.confirmDelete", { title: p.title })} />
    </section>
  );
}
