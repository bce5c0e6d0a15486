export const optOutMessages = {
  title: 'Unsubscribe',
  question: (email: string) => `Stop receiving these emails at ${email}?`,
  confirm: 'Unsubscribe',
  already: (email: string) => `${email} is unsubscribed. You will not receive these emails any more.`,
  preferencesInstead: 'Rather choose which emails you get?',
  preferencesLink: 'Update your email preferences',
  missingToken: 'This unsubscribe link is not valid. Please use the link of a recent email.',
  thanksTitle: 'Thank you',
  thanks: 'You are unsubscribed. You will not receive these emails any more.',
  // After a save of the update-preferences page (features/preferences).
  preferencesSaved: 'Your email preferences are saved.',
};
