import type { FormDefinition } from './api';

/** What the theme editor previews when it has no form of its own: a field of each kind the
 * page draws and two steps (the preview then shows every section and the next, previous and
 * submit buttons), so that every style group shows. The choice fields are not in any
 * registry: the preview gives them sample options. */
export const sampleDefinition: FormDefinition = {
  title: 'Join our newsletter',
  description: 'News and offers once a month.',
  multiStep: true,
  sections: [
    {
      id: 's1',
      title: '',
      fields: [
        { key: 'email', type: 'email', label: 'Email', required: true, placeholder: 'you@example.com' },
        { key: 'firstName', type: 'text', label: 'First Name', required: false, placeholder: '' },
      ],
    },
    {
      id: 's2',
      title: '',
      fields: [
        { key: 'custom.sampleRadio', type: 'radio', label: 'How often?', asButtons: false },
        { key: 'custom.sampleButtons', type: 'radio', label: 'Your plan', asButtons: true },
        { key: 'custom.sampleBoxes', type: 'checkbox', label: 'Interests', separator: ',' },
      ],
    },
  ],
  submitText: 'Subscribe',
};
