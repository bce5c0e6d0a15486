import { fileRefusal, type FileFolderNode } from '../../api/files';
import { flattenFolders, folderTrail, formatFileSize, formatFileType, nameProblem } from './files-logic';

const node = (id: number, name: string, subfolders: FileFolderNode[] = []): FileFolderNode => ({
  id,
  name,
  parentId: null,
  fileCount: 0,
  dateCreated: '2026-03-01T14:05:00Z',
  subfolders,
});
const tree = [node(1, 'Brand', [node(2, 'Logos', [node(3, 'Dark')])]), node(4, 'Shop')];

test('folders flatten depth first with their paths', () => {
  expect(flattenFolders(tree)).toEqual([
    { id: 1, label: 'Brand', depth: 0 },
    { id: 2, label: 'Brand / Logos', depth: 1 },
    { id: 3, label: 'Brand / Logos / Dark', depth: 2 },
    { id: 4, label: 'Shop', depth: 0 },
  ]);
});

test('the trail runs from the root to the folder', () => {
  expect(folderTrail(tree, 3).map((folder) => folder.name)).toEqual(['Brand', 'Logos', 'Dark']);
  expect(folderTrail(tree, 4).map((folder) => folder.name)).toEqual(['Shop']);
  expect(folderTrail(tree, null)).toEqual([]);
  expect(folderTrail(tree, 99)).toEqual([]);
});

test('sizes and types read as people expect', () => {
  expect(formatFileSize(532)).toBe('532 B');
  expect(formatFileSize(1024)).toBe('1 KB');
  expect(formatFileSize(12_700)).toBe('12.4 KB');
  expect(formatFileSize(4 * 1024 * 1024)).toBe('4 MB');
  expect(formatFileSize(150 * 1024)).toBe('150 KB');
  expect(formatFileType('image/jpeg')).toBe('JPEG');
  expect(formatFileType('image/webp')).toBe('WEBP');
});

test('names: required, and a folder name at most 20 characters', () => {
  expect(nameProblem('  ', 'folder')).toBe('required');
  expect(nameProblem('', 'file')).toBe('required');
  expect(nameProblem('x'.repeat(21), 'folder')).toBe('tooLong');
  expect(nameProblem('x'.repeat(21), 'file')).toBeNull();
  expect(nameProblem(' Brand ', 'folder')).toBeNull();
});

test('only images of 4 MB at most may be sent (spec 5.10, 9)', () => {
  const file = (name: string, type: string, size = 100) => ({ name, type, size });
  expect(fileRefusal(file('logo.png', 'image/png'))).toBeNull();
  expect(fileRefusal(file('Photo.JPG', 'image/jpeg'))).toBeNull();
  expect(fileRefusal(file('anim.gif', 'image/gif', 4 * 1024 * 1024))).toBeNull();
  expect(fileRefusal(file('big.webp', 'image/webp', 4 * 1024 * 1024 + 1))).toBe('size');
  expect(fileRefusal(file('drawing.svg', 'image/svg+xml'))).toBe('type');
  expect(fileRefusal(file('notes.txt', 'text/plain'))).toBe('type');
  expect(fileRefusal(file('fake.png', 'text/html'))).toBe('type');
  expect(fileRefusal(file('page.html', 'image/png'))).toBe('type');
});
