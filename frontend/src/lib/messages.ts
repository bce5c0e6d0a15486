// Every message shown to users, in the specification's wording where it gives one.
export const messages = {
  somethingWentWrong: 'Something went wrong.',
  somethingWentWrongTryLater: 'Something went wrong. Please try again later.',
  somethingWentWrongTryAgain: 'Something went wrong. Please try again.',
  accessUpdateFailed: 'Something went wrong please try again later.',
  invalidRequest: 'Invalid Request',
  errorOccured: 'Error occured',
  networkRequestFailed: 'Network request failed',
  limitExceeds: 'Limit Exceeds',
  errorTitle: 'Error',
  noMarketingAccess: 'You do not have access to Marketing Manager, please contact your administrator',
  repNotificationsOnly: 'This option not available when only rep notifications enabled',
  adminOnly: 'Accessed only by Admin Users',
  userAccessTitle: 'Access for users',
  emailStatsTitle: 'Email Stats',
  // The specification names "the profiles error message" for the popup without its wording.
  profilesError: 'Something went wrong. Please try again.',
  refresh: 'Refresh',
  sessionExpiredTitle: 'Session expired',
  sessionExpired: 'Your session has expired. Please sign in again to continue.',
  signIn: 'Sign in',
  accessDeniedTitle: 'Access denied',
  setupTitle: 'Setup',
  setupIncomplete:
    'The setup of your account is not complete yet. Finish the setup to start using Marketing Manager.',
  marketingDisabled:
    'Marketing Manager is disabled for your account. Contact your administrator to enable it.',
  repNotificationsEnabled:
    'Only rep notifications are enabled for your account, so this option is not available. Campaigns and Workflows remain available.',
  loginTitle: 'Sign in to Mailcraft',
  email: 'Email',
  password: 'Password',
  waitStart: ['Getting things ready…', 'Warming up…', 'Fetching your workspace…'],
  waitMid: ['Still working on it…', 'Sorting your data…', 'Thanks for your patience…'],
  waitEnd: ['Almost there…', 'Just a moment more…', 'Putting on the finishing touches…'],
} as const;
