import { createEditor, emailDocument, PLACEHOLDER_IMAGE } from './grapes-editor';

const init = vi.hoisted(() => vi.fn());
vi.mock('grapesjs', () => ({ default: { init } }));
vi.mock('grapesjs-preset-newsletter', () => ({ default: vi.fn() }));

function fakeEditor() {
  const handlers: Record<string, () => void> = {};
  const blocks = [
    { content: '<img src="https://via.placeholder.com/250x150/78c5d6/fff/" alt="Image"/>', set: vi.fn() },
    { content: '<p>Text</p>', set: vi.fn() },
  ].map((block) => ({ ...block, get: () => block.content }));
  return {
    handlers,
    blocks,
    on: vi.fn((event: string, handler: () => void) => (handlers[event] = handler)),
    Blocks: { getAll: () => blocks },
    Panels: { getPanels: () => [] },
    AssetManager: { add: vi.fn() },
  };
}

const image = {
  id: 3,
  name: 'hero.png',
  type: 'image/png',
  size: 10,
  width: 320,
  height: 160,
  folderId: null,
  dateCreated: '2026-11-23T10:00:00Z',
  createdByEmail: 'a@b.c',
  filePath: 'http://plain.localhost/files/x/hero.png',
};

test('the editor asks no other host for anything: telemetry off, no cdnjs icons, no typed image URLs, no placeholder service', () => {
  const editor = fakeEditor();
  init.mockReturnValue(editor);
  const container = document.createElement('div');
  createEditor({ container, projectData: null, html: '<p>Hi</p>', images: [image], upload: vi.fn(), onUploadError: vi.fn(), onChange: vi.fn() });

  const config = init.mock.calls[0][0];
  expect(config.telemetry).toBe(false);
  expect(config.cssIcons).toBe('');
  expect(config.storageManager).toBe(false);
  expect(config.components).toBe('<p>Hi</p>');
  expect(config.assetManager).toMatchObject({ showUrlInput: false, embedAsBase64: false, disableUpload: false });
  expect(config.assetManager.assets).toEqual([{ type: 'image', src: image.filePath, name: 'hero.png', width: 320, height: 160 }]);

  editor.handlers.load();
  expect(editor.blocks[0].set).toHaveBeenCalledWith('content', `<img src="${PLACEHOLDER_IMAGE}" alt="Image"/>`);
  expect(editor.blocks[1].set).not.toHaveBeenCalled();
});

test('a saved project reopens as it was; uploads go to the file manager and join the assets', async () => {
  const editor = fakeEditor();
  init.mockReturnValue(editor);
  const upload = vi.fn(async () => image);
  const onUploadError = vi.fn();
  const projectData = { pages: [{ id: 'p' }] };
  createEditor({ container: document.createElement('div'), projectData, html: '<p>old</p>', images: [], upload, onUploadError, onChange: vi.fn() });
  const config = init.mock.calls.at(-1)![0];
  expect(config.projectData).toBe(projectData);
  expect(config.components).toBeUndefined();

  const file = new File(['x'], 'hero.png', { type: 'image/png' });
  await config.assetManager.uploadFile({ target: { files: [file] } });
  expect(upload).toHaveBeenCalledWith(file);
  expect(editor.AssetManager.add).toHaveBeenCalledWith(expect.objectContaining({ src: image.filePath }));

  upload.mockRejectedValueOnce(new Error('File size should be less than 4MB'));
  await config.assetManager.uploadFile({ target: { files: [file] } });
  expect(onUploadError).toHaveBeenCalledWith('File size should be less than 4MB');
});

test('the saved html is a whole document carrying the design stylesheet for the server to inline', () => {
  expect(emailDocument('<body><p>Hi</p></body>', 'p{color:red}')).toBe(
    '<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
      '<style>p{color:red}</style></head><body><p>Hi</p></body></html>',
  );
  expect(emailDocument('<p>Hi</p>', '')).toContain('<body><p>Hi</p></body></html>');
});
