import { useMemo, useState } from "react";
import { ConfirmDialog } from "../components/ConfirmDialog";
import { IconPlus, IconSearch } from "../components/icons";
import { PageHeader } from "../components/PageHeader";
import { PageLoading } from "../components/Spinner";
import { fr } from "../i18n/fr";
import { notify } from "../lib/notify";
import { useConfirmDelete } from "../lib/useConfirmDelete";
import { useLoad } from "../lib/useLoad";
import { deletePost, listPosts } from "./api";
import { BlogEditorDialog } from "./BlogEditorDialog";
import { matchesPost } from "./blogForm";
import { BlogTable } from "./BlogTable";
import type { AdminBlogPost } from "./types";

const t = fr.blog;

export default function BlogPage() {
  const posts = useLoad(listPosts, () => notify.error(t.messages.loadError));
  const [query, setQuery] = useState("");
  const [editing, setEditing] = useState<AdminBlogPost | "new" | null>(null);
  const del = useConfirmDelete({ list: posts, remove: (p) => deletePost(p.id), messages: t.messages, logLabel: "post delete failed" });

  const shown = useMemo(() => (posts.data ?? []).filter((p) => matchesPost(p, query)), [posts.data, query]);

  return (
    <section className="adm-page">
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={
          <button type="button" className="adm-btn adm-btn--primary" onClick={() => setEditing("new")}>
            <IconPlus size={18} /> {t.add}
          </button>
        }
      />
      <div className="adm-toolbar-row">
        <label className="adm-search">
          <IconSearch size={18} />
          <span className="adm-visually-hidden">{fr.common.search}</span>
          <input type="search" className="adm-input" placeholder={t.searchPlaceholder} value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
      </div>
      {posts.loading && !posts.data ? (
        <PageLoading label={fr.common.loading} />
      ) : (
        <BlogTable posts={shown} searching={query.trim() !== ""} onEdit={setEditing} onDelete={del.ask} />
      )}
      <BlogEditorDialog
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void posts.reload();
        }}
      />
      <ConfirmDialog
        open={del.target !== null}
        title={t.confirmDeleteTitle}
        message={del.target ? t.confirmDelete(del.target.title) : ""}
        busy={del.busy}
        onConfirm={() => void del.confirm()}
        onCancel={del.cancel}
      />
    </section>
  );
}
