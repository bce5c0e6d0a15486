export const optOutMessages = {
  title: 'Unsubscribe',
  question: (email: string) => `Stop receiving these emails at ${email}?`,
  already: (email: string) => `${email} is unsubscribed. You will not receive these emails any more.`,
  preferencesInstead: 'Rather choose which emails you get?',
  preferencesLink: 'Update your email preferences',
  missingToken: 'This unsubscribe link is not valid. Please use the link of a recent email.',
  reasonLegend: 'Why are you unsubscribing? (optional)',
  groupsLegend: 'Or leave only these lists:',
  thanksTitle: 'Thank you',
  thanks: 'You are unsubscribed. You will not receive these emails any more.',
  leftGroups: 'You have left the lists you chose. You will still receive the others.',
  thanksFrame: 'Message from the sender',
  // After a save of the update-preferences page (features/preferences).
  preferencesSaved: 'Your email preferences are saved.',
};
