// The GrapesJS editor behind /beeeditor, loaded only with that page (its own chunk). Nothing
// here may reach another host (issue 11, "self-hosted"): telemetry is off, the icon font is
// bundled from the font-awesome package instead of GrapesJS' cdnjs stylesheet (`cssIcons`),
// and the preset's blocks lose their via.placeholder.com pictures.
import grapesjs, { type Block, type Component, type Editor, type Plugin } from 'grapesjs';
import newsletterModule, { type PluginOptions } from 'grapesjs-preset-newsletter';
import 'grapesjs/dist/css/grapes.min.css';
import 'font-awesome/css/font-awesome.min.css';
import '../../../components/designer/editor-chrome.css';
import type { FileItem } from '../../../components/designer/assets';
import { commitEditing, labelControls, makeBlocksKeyboardReachable, makePanelButtonsAccessible } from '../../../components/designer/grapes-a11y';
import { designerMessages as text } from './messages';

export type { Editor };
export { commitEditing };

export interface EditorOptions {
  container: HTMLElement;
  /** The saved GrapesJS project; the html is parsed instead when there is none. */
  projectData: Record<string, unknown> | null;
  html: string;
  images: FileItem[];
  upload: (file: File) => Promise<FileItem>;
  onUploadError: (message: string) => void;
  /** Any change of the design (components, styles, assets chosen). */
  onChange: () => void;
}

// A grey picture with no request behind it, in place of the preset's placeholder service.
export const PLACEHOLDER_IMAGE =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='250' height='150'%3E%3Crect width='100%25' height='100%25' fill='%23dfe5e8'/%3E%3C/svg%3E";
const REMOTE_PLACEHOLDER = /https?:\/\/via\.placeholder\.com\/[^"')\s]*/g;

// The preset ships as UMD: its CommonJS export holds the plugin under `default`.
const newsletter = ((newsletterModule as unknown as { default?: Plugin<PluginOptions> }).default ?? newsletterModule) as Plugin<PluginOptions>;

function toAsset(file: FileItem) {
  return { type: 'image', src: file.filePath, name: file.name, width: file.width, height: file.height };
}

export function createEditor({ container, projectData, html, images, upload, onUploadError, onChange }: EditorOptions): Editor {
  const assetManager = {
    assets: images.map(toAsset),
    embedAsBase64: false,
    // Not in GrapesJS' types: without an upload URL it would disable the upload field.
    disableUpload: false,
    // Images come from the file manager only: a typed URL could point anywhere.
    showUrlInput: false,
    multiUpload: true,
    autoAdd: true,
    uploadFile: async (event: DragEvent | Event) => {
      const source = 'dataTransfer' in event && event.dataTransfer ? event.dataTransfer.files : (event.target as HTMLInputElement | null)?.files;
      for (const file of Array.from(source ?? [])) {
        try {
          const saved = await upload(file);
          editor.AssetManager.add(toAsset(saved));
        } catch (caught) {
          onUploadError(caught instanceof Error && caught.message ? caught.message : text.uploadFailed);
        }
      }
    },
  };

  const editor = grapesjs.init({
    container,
    height: '100%',
    width: 'auto',
    telemetry: false,
    cssIcons: '',
    storageManager: false,
    ...(projectData ? { projectData } : { components: html || '' }),
    assetManager,
    i18n: {
      messages: {
        en: { assetManager: { modalTitle: text.assetsTitle, uploadTitle: text.uploadImages } },
      },
    },
    // The preset's own dark theme is off: editor-chrome.css gives GrapesJS the app's light look.
    plugins: [(instance: Editor) => newsletter(instance, { showBlocksOnLoad: true, inlineCss: false, useCustomTheme: false })],
  });

  editor.on('load', () => {
    replaceRemotePlaceholders(editor);
    makePanelButtonsAccessible(editor, container, text);
    labelControls(container, text);
    makeBlocksKeyboardReachable(editor, container, text);
    // Panels render their controls when they open, and again for each selected component.
    editor.on('component:toggled run', () => setTimeout(() => labelControls(container, text)));
    editor.on('update', onChange);
  });
  return editor;
}

function replaceRemotePlaceholders(editor: Editor) {
  editor.Blocks.getAll().forEach((block: Block) => {
    const content = block.get('content');
    if (typeof content === 'string' && REMOTE_PLACEHOLDER.test(content)) {
      block.set('content', content.replace(REMOTE_PLACEHOLDER, PLACEHOLDER_IMAGE));
    }
    REMOTE_PLACEHOLDER.lastIndex = 0;
  });
}

/** A whole email document: the design's body with its stylesheet (the server inlines it). */
export function emailDocument(bodyHtml: string, css: string): string {
  const body = /^\s*<body[\s>]/i.test(bodyHtml) ? bodyHtml : `<body>${bodyHtml}</body>`;
  return (
    '<!DOCTYPE html><html><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<style>${css}</style></head>${body}</html>`
  );
}

export function isEditingText(editor: Editor): boolean {
  return Boolean(editor.getEditing());
}

/** What is saved: the email-safe document's source and the project to reopen it with. */
export async function snapshot(editor: Editor): Promise<{ html: string; projectData: Record<string, unknown> }> {
  await commitEditing(editor);
  return { html: emailDocument(editor.getHtml(), editor.getCss() ?? ''), projectData: editor.getProjectData() as Record<string, unknown> };
}

/** The caret in the text being edited, kept while focus moves to the merge-tag menu. */
export function rememberCaret(editor: Editor): Range | null {
  const editing = editor.getEditing();
  const element = editing?.getEl();
  const selection = element?.ownerDocument.getSelection();
  if (!element || !selection?.rangeCount) return null;
  const range = selection.getRangeAt(0);
  return element.contains(range.commonAncestorContainer) ? range.cloneRange() : null;
}

/**
 * Types a merge tag at the caret of the text block being edited (or at the end of a selected
 * text block). It goes in as text: `<% name %>` is saved in its escaped form, which the
 * renderer reads as the same tag. False when no text block is being edited or selected.
 */
export function insertMergeTag(editor: Editor, tag: string, caret: Range | null): boolean {
  const editing = editor.getEditing();
  const element = editing?.getEl();
  if (editing && element) {
    const doc = element.ownerDocument;
    const selection = doc.getSelection();
    element.focus();
    if (selection) {
      let range = caret && element.contains(caret.commonAncestorContainer) ? caret : null;
      if (!range && !(selection.rangeCount && element.contains(selection.getRangeAt(0).commonAncestorContainer))) {
        range = doc.createRange();
        range.selectNodeContents(element);
        range.collapse(false);
      }
      if (range) {
        selection.removeAllRanges();
        selection.addRange(range);
      }
    }
    doc.execCommand('insertText', false, tag);
    return true;
  }
  const selected: Component | undefined = editor.getSelected();
  if (selected?.is('text')) {
    selected.components().add({ type: 'textnode', content: ` ${tag}` });
    return true;
  }
  return false;
}
