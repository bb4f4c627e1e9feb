import Image from "@tiptap/extension-image";
import { TableKit } from "@tiptap/extension-table";
import TextAlign from "@tiptap/extension-text-align";
import StarterKit from "@tiptap/starter-kit";
import { IMAGE_ALIGN_STYLE, parseImageAlign, type ImageAlign } from "./imageAlign";

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    alignedImage: {
      setImageAlign: (align: ImageAlign) => ReturnType;
    };
  }
}

/** The image node with an `align` attribute (left, center, right, full). */
export const AlignedImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      align: {
        default: "center",
        parseHTML: (el: HTMLElement) => parseImageAlign(el.getAttribute("data-align")),
        renderHTML: (attrs: { align?: string }) => {
          const align = parseImageAlign(attrs.align);
          return { "data-align": align, style: IMAGE_ALIGN_STYLE[align] };
        },
      },
    };
  },
  addCommands() {
    return {
      ...this.parent?.(),
      setImageAlign:
        (align: ImageAlign) =>
        ({ commands }) =>
          commands.updateAttributes(this.name, { align }),
    };
  },
});

/**
 * Text alignment written as data-text-align as well as an inline style: the
 * public article's sanitizer drops style attributes, data attributes survive
 * (the public stylesheet maps them, see the admin README).
 */
export const DataTextAlign = TextAlign.extend({
  addGlobalAttributes() {
    const allowed = this.options.alignments;
    return [
      {
        types: this.options.types,
        attributes: {
          textAlign: {
            default: null,
            parseHTML: (el: HTMLElement) => {
              const v = el.getAttribute("data-text-align") || el.style.textAlign;
              return allowed.includes(v) ? v : null;
            },
            renderHTML: (attrs: { textAlign?: string | null }) =>
              attrs.textAlign && allowed.includes(attrs.textAlign)
                ? { "data-text-align": attrs.textAlign, style: `text-align: ${attrs.textAlign}` }
                : {},
          },
        },
      },
    ];
  },
});

export const editorExtensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    link: { openOnClick: false, autolink: true, defaultProtocol: "https" },
  }),
  AlignedImage.configure({ inline: false, allowBase64: false }),
  TableKit.configure({ table: { resizable: false } }),
  DataTextAlign.configure({ types: ["heading", "paragraph"], alignments: ["left", "center", "right", "justify"] }),
];
