import { EditorContent, useEditor, type Extensions } from "@tiptap/react";
import { useEffect, useState } from "react";
import { FormDialog, Spinner, useAdminTranslation } from "../../../admin-kit";
import { ImageForm, type ImageInput } from "./ImageForm";
import { LinkForm, type LinkInput } from "./LinkForm";
import { TableForm } from "./TableForm";
import { Toolbar } from "./Toolbar";

interface Props {
  /** Initial HTML (read once, when the editor mounts). */
  initialHtml: string;
  onChange: (html: string) => void;
  upload: (file: File) => Promise<string | null>;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  /** The language written in: Arabic is edited right to left. */
  lang?: string;
  dir?: "ltr" | "rtl";
  /** The editable area's accessible name (default: "Contenu"). */
  label?: string;
}

type Open = "link" | "image" | "table" | null;

/**
 * The article body editor (TipTap): SPEC section 5's tables, links, images and
 * alignments. The extensions load as a chunk of their own (with the editor core
 * shared), keeping each download of the back office reasonable.
 */
export default function RichTextEditor(props: Props) {
  const { t } = useAdminTranslation();
  const [extensions, setExtensions] = useState<Extensions | null>(null);
  useEffect(() => {
    let live = true;
    import("./extensions")
      .then((m) => live && setExtensions(m.editorExtensions))
      .catch((e) => console.error("editor failed to load", e));
    return () => {
      live = false;
    };
  }, []);
  if (!extensions) return <Spinner label={t("common.loading")} />;
  return <Editor {...props} extensions={extensions} />;
}

function Editor({ initialHtml, onChange, upload, id, extensions, lang, dir, label, ...aria }: Props & { extensions: Extensions }) {
  const { t } = useAdminTranslation();
  const [open, setOpen] = useState<Open>(null);
  const editor = useEditor({
    extensions,
    content: initialHtml,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        class: "adm-editor__content",
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label ?? t("blog.fields.content"),
        ...(lang ? { lang } : {}),
        ...(dir ? { dir } : {}),
        ...(aria["aria-invalid"] ? { "aria-invalid": "true" } : {}),
        ...(aria["aria-describedby"] ? { "aria-describedby": aria["aria-describedby"] } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });

  if (!editor) return null;
  const { from, to } = editor.state.selection;
  const close = () => setOpen(null);

  const insertLink = ({ href, text, newTab }: LinkInput) => {
    const attrs = { href, target: newTab ? "_blank" : null, rel: newTab ? "noopener noreferrer" : null };
    const chain = editor.chain().focus();
    if (from === to && !editor.isActive("link")) {
      chain.insertContent({ type: "text", text: text || href, marks: [{ type: "link", attrs }] }).run();
    } else {
      chain.extendMarkRange("link").setLink(attrs).run();
    }
    setOpen(null);
  };

  const insertImage = ({ src, alt, align }: ImageInput) => {
    // A paragraph after the image takes the cursor, so the next insertion does
    // not replace the (selected) image.
    editor
      .chain()
      .focus()
      .insertContent([{ type: "image", attrs: { src, alt: alt || null, align } }, { type: "paragraph" }])
      .run();
    setOpen(null);
  };

  return (
    <div className={`adm-editor${aria["aria-invalid"] ? " adm-editor--invalid" : ""}`} id={id} data-testid="rich-text-editor">
      <Toolbar editor={editor} onLink={() => setOpen("link")} onImage={() => setOpen("image")} onTable={() => setOpen("table")} />
      <EditorContent editor={editor} />
      <FormDialog open={open === "link"} title={t("blog.editor.linkDialog")} onClose={close} size="sm">
        {() => (
          <LinkForm
            initialUrl={(editor.getAttributes("link").href as string | undefined) ?? ""}
            hasSelection={from !== to || editor.isActive("link")}
            onClose={close}
            onInsert={insertLink}
          />
        )}
      </FormDialog>
      <FormDialog open={open === "image"} title={t("blog.editor.imageDialog")} onClose={close}>
        {() => <ImageForm onClose={close} onInsert={insertImage} upload={upload} />}
      </FormDialog>
      <FormDialog open={open === "table"} title={t("blog.editor.tableDialog")} onClose={close} size="sm">
        {() => (
          <TableForm
            onClose={close}
            onInsert={({ rows, cols, withHeaderRow }) => {
              editor.chain().focus().insertTable({ rows, cols, withHeaderRow }).run();
              close();
            }}
          />
        )}
      </FormDialog>
    </div>
  );
}
