import { folderNameError } from './folder-rules';
import { footerPreview, groupCampaigns, sameColors } from './header-footer-rules';
import { isPlainTextEmpty, plainTextErrors } from './plain-text-rules';
import { editHref, editorOf, folderFromValue, folderOptions, folderValue } from './template-types';
import { insertAtCaret } from './text-insert';

vi.mock('../../lib/toast', () => ({ toast: vi.fn() }));

test('a merge tag goes in place of the selection, the caret just after it', () => {
  expect(insertAtCaret('Hello !', 6, 6, '<% firstName %>')).toEqual({ value: 'Hello <% firstName %>!', caret: 21 });
  expect(insertAtCaret('Hello NAME!', 6, 10, '<% firstName %>')).toEqual({ value: 'Hello <% firstName %>!', caret: 21 });
  // No caret known: at the end; a stale caret past the end is clamped.
  expect(insertAtCaret('Hi ', null, null, 'X')).toEqual({ value: 'Hi X', caret: 4 });
  expect(insertAtCaret('Hi', 9, 12, 'X')).toEqual({ value: 'HiX', caret: 3 });
});

test('spec 5.1: the plain-text placeholder counts as empty, like blank text', () => {
  const placeholder = 'Type your email text here…';
  expect(isPlainTextEmpty('   \n', placeholder)).toBe(true);
  expect(isPlainTextEmpty(`  ${placeholder}\n`, placeholder)).toBe(true);
  expect(isPlainTextEmpty('Hello', placeholder)).toBe(false);
  expect(plainTextErrors({ name: ' ', text: placeholder }, placeholder)).toEqual(['Please fill Name ', 'Please fill Text ']);
  expect(plainTextErrors({ name: 'News', text: 'Hello' }, placeholder)).toEqual([]);
});

test('spec 5.4: a folder name is required and at most 20 characters', () => {
  expect(folderNameError('  ')).toBe('Please fill Folder name ');
  expect(folderNameError('a'.repeat(21))).toBe('The name can be at most 20 characters.');
  expect(folderNameError('a'.repeat(20))).toBeNull();
});

test('spec 7: affected campaigns grouped by Draft, Published, Unpublished, and Scheduled for footers only', () => {
  const campaigns = [
    { CampaignName: 'June', Status: 'Published' },
    { CampaignName: 'July', Status: 'Draft' },
    { CampaignName: 'May', Status: 'published' },
    { CampaignName: 'Soon', Status: 'Scheduled' },
  ];
  expect(groupCampaigns('footer', campaigns)).toEqual([
    { status: 'Draft', names: ['July'] },
    { status: 'Published', names: ['June', 'May'] },
    { status: 'Scheduled', names: ['Soon'] },
  ]);
  // A header knows no Scheduled group: such a campaign still shows, under its own status.
  expect(groupCampaigns('header', campaigns).map((group) => group.status)).toEqual(['Draft', 'Published', 'Scheduled']);
  expect(groupCampaigns('header', [])).toEqual([]);
});

test('spec 5.2: footer colours compare as colours', () => {
  expect(sameColors('#FFFFFF', '#fff')).toBe(true);
  expect(sameColors('#ffffff', '#000000')).toBe(false);
  expect(footerPreview('<p>x</p>', '#112233', 'red;background:url(x)')).toBe(
    '<div style="background-color:#112233;color:inherit;padding:16px"><p>x</p></div>',
  );
});

test('each type opens in its editor; folder options list paths with "No folder" first', () => {
  expect(editHref({ id: 3, type: 'designer' })).toBe('/beeeditor?templateId=3');
  expect(editHref({ id: 3, type: 'html' })).toBe('/htmlUpload?templateId=3');
  expect(editHref({ id: 3, type: 'lpHtml' })).toBe('/htmlUpload?templateId=3');
  expect(editHref({ id: 3, type: 'plainText' })).toBe('/plaintexteditor?templateId=3');
  expect(editorOf('poll')).toBe('designer');
  const tree = [{ _id: 1, name: 'A', path: 'A', templateCount: 0, subfolders: [{ _id: 2, name: 'B', path: 'A/B', templateCount: 1, subfolders: [] }] }];
  expect(folderOptions(tree, 'No folder')).toEqual([
    { value: 'none', label: 'No folder' },
    { value: '1', label: 'A' },
    { value: '2', label: 'A/B' },
  ]);
  expect(folderFromValue(folderValue(null))).toBeNull();
  expect(folderFromValue(folderValue(2))).toBe(2);
});
