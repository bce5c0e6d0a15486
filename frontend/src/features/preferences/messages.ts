export const preferencesMessages = {
  emailLine: (email: string) => `Preferences for ${email}`,
  topicsLabel: 'Emails you receive',
  unsubscribeAll: 'Unsubscribe from all emails',
  unsubscribeAllHint: 'You will not receive any of our emails.',
  unsubscribed: 'You are unsubscribed from all our emails.',
  save: 'Save preferences',
  chooseOne: 'Choose at least one topic, or unsubscribe from all.',
  missingToken: 'This preferences link is not valid. Please use the link of a recent email.',
};
