import type { Editor } from "@tiptap/react";
import type { ReactNode } from "react";
import { useAdminTranslation } from "../../../admin-kit";
import { ALIGN_LABELS } from "./ImageForm";
import { IMAGE_ALIGNS, type ImageAlign } from "./imageAlign";
import { ImageGlyph, LinkGlyph, OrderedListGlyph, TableGlyph, UnlinkGlyph } from "./toolIcons";

interface Props {
  editor: Editor;
  onLink: () => void;
  onImage: () => void;
  onTable: () => void;
}

function Btn({ label, active, disabled, onClick, children }: { label: string; active?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      className={`adm-tool${active ? " is-active" : ""}`}
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      // Keep the editor's selection: act on mousedown's default being prevented.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

const Sep = () => <span className="adm-toolbar__sep" aria-hidden="true" />;

const alignGlyph: Record<string, string> = { left: "⇤", center: "↔", right: "⇥", justify: "☰" };
const imageGlyph: Record<ImageAlign, string> = { left: "◧", center: "▣", right: "◨", full: "⬛" };

/** The editor's toolbar: text styles, lists, alignment, links, images, tables. */
export function Toolbar({ editor, onLink, onImage, onTable }: Props) {
  const { t } = useAdminTranslation();
  return (
    <div className="adm-toolbar" role="toolbar" aria-label={t("blog.editor.toolbar")}>
      <MarkTools editor={editor} />
      <Sep />
      <BlockTools editor={editor} />
      <Sep />
      <AlignTools editor={editor} />
      <Sep />
      <InsertTools editor={editor} onLink={onLink} onImage={onImage} onTable={onTable} />
      {editor.isActive("table") && (
        <>
          <Sep />
          <TableTools editor={editor} />
        </>
      )}
      <Sep />
      <HistoryTools editor={editor} />
    </div>
  );
}

/** One tool of a group: its name (label and tooltip), what it shows, what it does. */
interface Tool {
  label: string;
  glyph: ReactNode;
  onClick: () => void;
  /** Set for a tool that is on or off (aria-pressed). */
  active?: boolean;
  disabled?: boolean;
}

/** A group's tools, in order. */
function Tools({ tools }: { tools: Tool[] }) {
  return (
    <>
      {tools.map(({ glyph, ...tool }) => (
        <Btn key={tool.label} {...tool}>
          {glyph}
        </Btn>
      ))}
    </>
  );
}

/** What each group needs: the strings, and a command chain that keeps the editor focused. */
function useTools(editor: Editor) {
  const { t } = useAdminTranslation();
  return { t, c: () => editor.chain().focus() };
}

/** Bold, italic, struck through. */
function MarkTools({ editor }: { editor: Editor }) {
  const { t, c } = useTools(editor);
  return (
    <Tools
      tools={[
        { label: t("blog.editor.bold"), active: editor.isActive("bold"), onClick: () => c().toggleBold().run(), glyph: <b>B</b> },
        { label: t("blog.editor.italic"), active: editor.isActive("italic"), onClick: () => c().toggleItalic().run(), glyph: <i>I</i> },
        { label: t("blog.editor.strike"), active: editor.isActive("strike"), onClick: () => c().toggleStrike().run(), glyph: <s>S</s> },
      ]}
    />
  );
}

/** What a block is: a paragraph, a heading, a list, a quotation. */
function BlockTools({ editor }: { editor: Editor }) {
  const { t, c } = useTools(editor);
  return (
    <Tools
      tools={[
        { label: t("blog.editor.paragraph"), active: editor.isActive("paragraph"), onClick: () => c().setParagraph().run(), glyph: "¶" },
        { label: t("blog.editor.h2"), active: editor.isActive("heading", { level: 2 }), onClick: () => c().toggleHeading({ level: 2 }).run(), glyph: "H2" },
        { label: t("blog.editor.h3"), active: editor.isActive("heading", { level: 3 }), onClick: () => c().toggleHeading({ level: 3 }).run(), glyph: "H3" },
        { label: t("blog.editor.bulletList"), active: editor.isActive("bulletList"), onClick: () => c().toggleBulletList().run(), glyph: "•≡" },
        { label: t("blog.editor.orderedList"), active: editor.isActive("orderedList"), onClick: () => c().toggleOrderedList().run(), glyph: <OrderedListGlyph /> },
        { label: t("blog.editor.blockquote"), active: editor.isActive("blockquote"), onClick: () => c().toggleBlockquote().run(), glyph: "“" },
      ]}
    />
  );
}

/** The text's alignment. */
function AlignTools({ editor }: { editor: Editor }) {
  const { t, c } = useTools(editor);
  const labels = { left: t("blog.editor.alignLeft"), center: t("blog.editor.alignCenter"), right: t("blog.editor.alignRight"), justify: t("blog.editor.alignJustify") };
  return (
    <Tools
      tools={(["left", "center", "right", "justify"] as const).map((a) => ({
        label: labels[a],
        active: editor.isActive({ textAlign: a }),
        onClick: () => c().setTextAlign(a).run(),
        glyph: alignGlyph[a],
      }))}
    />
  );
}

/** Links, images and tables; with an image selected, where it sits. */
function InsertTools({ editor, onLink, onImage, onTable }: Props) {
  const { t, c } = useTools(editor);
  const imageAligns: Tool[] = editor.isActive("image")
    ? IMAGE_ALIGNS.map((a) => ({ label: ALIGN_LABELS[a], active: editor.isActive("image", { align: a }), onClick: () => c().setImageAlign(a).run(), glyph: imageGlyph[a] }))
    : [];
  return (
    <Tools
      tools={[
        { label: t("blog.editor.link"), active: editor.isActive("link"), onClick: onLink, glyph: <LinkGlyph /> },
        { label: t("blog.editor.unlink"), disabled: !editor.isActive("link"), onClick: () => c().extendMarkRange("link").unsetLink().run(), glyph: <UnlinkGlyph /> },
        { label: t("blog.editor.image"), onClick: onImage, glyph: <ImageGlyph /> },
        { label: t("blog.editor.table"), onClick: onTable, glyph: <TableGlyph /> },
        ...imageAligns,
      ]}
    />
  );
}

/** Rows and columns of the table the cursor is in. */
function TableTools({ editor }: { editor: Editor }) {
  const { t, c } = useTools(editor);
  return (
    <Tools
      tools={[
        { label: t("blog.editor.addRow"), onClick: () => c().addRowAfter().run(), glyph: "+≡" },
        { label: t("blog.editor.addColumn"), onClick: () => c().addColumnAfter().run(), glyph: "+‖" },
        { label: t("blog.editor.deleteRow"), onClick: () => c().deleteRow().run(), glyph: "−≡" },
        { label: t("blog.editor.deleteColumn"), onClick: () => c().deleteColumn().run(), glyph: "−‖" },
        { label: t("blog.editor.deleteTable"), onClick: () => c().deleteTable().run(), glyph: "✕▦" },
      ]}
    />
  );
}

/** Undo and redo. */
function HistoryTools({ editor }: { editor: Editor }) {
  const { t, c } = useTools(editor);
  return (
    <Tools
      tools={[
        { label: t("blog.editor.undo"), disabled: !editor.can().undo(), onClick: () => c().undo().run(), glyph: "↶" },
        { label: t("blog.editor.redo"), disabled: !editor.can().redo(), onClick: () => c().redo().run(), glyph: "↷" },
      ]}
    />
  );
}
