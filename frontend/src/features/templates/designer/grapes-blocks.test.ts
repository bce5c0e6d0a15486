import { createEditor } from './grapes-editor';

const init = vi.hoisted(() => vi.fn());
vi.mock('grapesjs', () => ({ default: { init } }));
vi.mock('grapesjs-preset-newsletter', () => ({ default: vi.fn() }));

function fakeEditor() {
  const handlers: Record<string, () => void> = {};
  const text = { getLabel: () => 'Text', get: () => '<p>Text</p>', set: vi.fn() };
  const added = { id: 'new' };
  const sibling = { index: () => 0, parent: () => ({ components: () => ({ add: vi.fn(() => [added]) }) }) };
  const wrapper = { append: vi.fn(() => [added]) };
  return {
    handlers,
    added,
    wrapper,
    on: vi.fn((event: string, handler: () => void) => (handlers[event] = handler)),
    Blocks: { getAll: () => [text] },
    Panels: { getPanels: () => [] },
    AssetManager: { add: vi.fn() },
    getWrapper: () => wrapper,
    getSelected: () => sibling,
    select: vi.fn(),
  };
}

function openWithBlock() {
  const editor = fakeEditor();
  init.mockReturnValue(editor);
  const container = document.createElement('div');
  const block = document.createElement('div');
  block.className = 'gjs-block';
  block.title = 'Text';
  block.innerHTML = '<div class="gjs-block-label">Text</div>';
  container.append(block);
  createEditor({ container, projectData: null, html: '', images: [], upload: vi.fn(), onUploadError: vi.fn(), onChange: vi.fn() });
  editor.handlers.load();
  return { editor, block };
}

test('clicking a block adds it at the end of the email and selects it', () => {
  const { editor, block } = openWithBlock();
  (block.querySelector('.gjs-block-label') as HTMLElement).click();
  expect(editor.wrapper.append).toHaveBeenCalledWith('<p>Text</p>');
  expect(editor.select).toHaveBeenCalledWith(editor.added);
});

test('the designer uses the light chrome: the preset’s dark theme is off', async () => {
  openWithBlock();
  const config = init.mock.calls.at(-1)![0];
  const { default: newsletter } = await import('grapesjs-preset-newsletter');
  config.plugins[0]({});
  expect(newsletter).toHaveBeenCalledWith({}, expect.objectContaining({ useCustomTheme: false }));
});
