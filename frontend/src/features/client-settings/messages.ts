/** The client settings screen's words (spec 5.10's labels: Time Zone, Site Key, Site Secret). */
export const clientSettingsMessages = {
  title: 'Client Settings',
  intro: 'Your time zone, and how public forms check that a visitor is not a robot.',
  timeZone: 'Time Zone',
  timeZoneHint: 'Reports, schedules and dates are shown in this zone.',
  captcha: 'Robot check on public forms',
  altcha: 'Built-in proof of work (no outside request, nothing for visitors to solve)',
  recaptcha: 'Google reCAPTCHA with your own keys',
  siteKey: 'Site Key',
  siteSecret: 'Site Secret',
  secretSaved: 'Saved: leave empty to keep it',
  save: 'Save',
  saved: 'Client settings saved.',
  loadFailed: 'The client settings could not be loaded.',
};
