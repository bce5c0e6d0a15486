// The GrapesJS editor behind /createlp, loaded only with that page (its own chunk), with the
// webpage preset. As the email designer's (templates/designer/grapes-editor.ts), nothing here
// reaches another host: telemetry off, icons bundled, images from the file manager only. What
// the canvas shows was cleaned by the server (the untrusted-content rule) and runs under the
// app's Content-Security-Policy; visitors get the page on the pages host only.
import grapesjs, { type Editor, type Plugin } from 'grapesjs';
import webpageModule from 'grapesjs-preset-webpage';
import 'grapesjs/dist/css/grapes.min.css';
import 'font-awesome/css/font-awesome.min.css';
import '../../components/designer/editor-chrome.css';
import type { FileItem } from '../../components/designer/assets';
import { commitEditing, labelControls, makeBlocksKeyboardReachable, makePanelButtonsAccessible } from '../../components/designer/grapes-a11y';
import { lpMessages as text } from './messages';

export type { Editor };

const webpage = ((webpageModule as unknown as { default?: Plugin }).default ?? webpageModule) as Plugin;

export interface LpEditorOptions {
  container: HTMLElement;
  projectData: Record<string, unknown> | null;
  html: string;
  css: string;
  images: FileItem[];
  upload: (file: File) => Promise<FileItem>;
  onUploadError: (message: string) => void;
  onChange: () => void;
}

function toAsset(file: FileItem) {
  return { type: 'image', src: file.filePath, name: file.name, width: file.width, height: file.height };
}

function hasPages(project: Record<string, unknown> | null): project is Record<string, unknown> {
  return Boolean(project && Array.isArray(project.pages) && project.pages.length);
}

export function createLpEditor({ container, projectData, html, css, images, upload, onUploadError, onChange }: LpEditorOptions): Editor {
  const editor = grapesjs.init({
    container,
    height: '100%',
    width: 'auto',
    telemetry: false,
    cssIcons: '',
    storageManager: false,
    ...(hasPages(projectData) ? { projectData } : { components: html || '', style: css || '' }),
    assetManager: {
      assets: images.map(toAsset),
      embedAsBase64: false,
      showUrlInput: false,
      multiUpload: true,
      autoAdd: true,
      uploadFile: async (event: DragEvent | Event) => {
        const source = 'dataTransfer' in event && event.dataTransfer ? event.dataTransfer.files : (event.target as HTMLInputElement | null)?.files;
        for (const file of Array.from(source ?? [])) {
          try {
            editor.AssetManager.add(toAsset(await upload(file)));
          } catch (caught) {
            onUploadError(caught instanceof Error ? caught.message : String(caught));
          }
        }
      },
    } as never,
    deviceManager: {
      devices: [
        { id: 'desktop', name: 'Desktop', width: '' },
        { id: 'mobile', name: 'Mobile', width: '375px', widthMedia: '426px' },
      ],
    },
    plugins: [(instance: Editor) => webpage(instance, { blocks: ['link-block', 'quote', 'text-basic'], useCustomTheme: false } as never)],
  });
  editor.on('load', () => {
    makePanelButtonsAccessible(editor, container, text.editor);
    labelControls(container, text.editor);
    makeBlocksKeyboardReachable(editor, container, text.editor);
    editor.on('component:toggled run', () => setTimeout(() => labelControls(container, text.editor)));
    editor.on('update', onChange);
  });
  return editor;
}

/** What a save sends: the body's HTML, the page's CSS and the project to reopen it with. */
export async function lpSnapshot(editor: Editor): Promise<{ html: string; css: string; project: Record<string, unknown> }> {
  await commitEditing(editor);
  const body = editor.getHtml().replace(/^\s*<body[^>]*>/i, '').replace(/<\/body>\s*$/i, '');
  return { html: body, css: editor.getCss() ?? '', project: editor.getProjectData() as Record<string, unknown> };
}

/** Adds a piece of the page: at the top (a sticky header: nothing may go above it) or after the selected component (else at the end). */
export function lpInsert(editor: Editor, html: string, atTop = false) {
  const wrapper = editor.getWrapper();
  if (!wrapper) return;
  const selected = atTop ? undefined : editor.getSelected();
  const parent = selected?.parent();
  const added = atTop
    ? wrapper.components().add(html as never, { at: 0 })
    : parent
      ? parent.components().add(html as never, { at: selected!.index() + 1 })
      : wrapper.append(html as never);
  const first = Array.isArray(added) ? added[0] : added;
  if (first) editor.select(first);
}

/** A whole document of the page for the preview frame (sandboxed, no scripts). */
export function previewDocument(html: string, css: string): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><style>${css}</style></head><body>${html}</body></html>`;
}
