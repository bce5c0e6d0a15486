import type { FormDefinition } from './api';

/** What the theme editor previews when it has no form of its own: a field of each kind the
 * page draws, so that every style group shows. */
export const sampleDefinition: FormDefinition = {
  title: 'Join our newsletter',
  description: 'News and offers once a month.',
  sections: [
    {
      id: 's1',
      title: '',
      fields: [
        { key: 'email', type: 'email', label: 'Email', required: true, placeholder: 'you@example.com' },
        { key: 'firstName', type: 'text', label: 'First Name', required: false, placeholder: '' },
      ],
    },
  ],
  submitText: 'Subscribe',
};
