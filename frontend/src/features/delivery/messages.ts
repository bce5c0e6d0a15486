// What the Sending Health screen says, beside the app's shared catalogue.
const percent = (rate: number) => `${(rate * 100).toFixed(2)} %`;

export const deliveryMessages = {
  // Reputation Dashboard (spec 2.2): in the menu, its figures not collected yet
  reputationTitle: 'Reputation Dashboard',
  reputationIntro: 'How mailbox providers rate the domains your campaigns are sent from.',
  reputationPending: 'Reputation figures are not collected yet.',
  reputationWillShow:
    'This dashboard will show, for each of your sending domains, its reputation at the large mailbox providers, the share of your mail placed in the inbox, and any blocklist listing. Until then, Sending Health shows your bounce and complaint rates, your monthly allowance and the warm-up of new domains.',
  reputationToHealth: 'Open Sending Health',
  title: 'Sending Health',
  intro: 'Whether your mail may go out now, how much of the monthly send allowance is used, how new sending domains warm up, and your own delivery rates.',
  adminOnly: 'Accessed only by Admin Users',
  // The breaker
  breakerTitle: 'Bounces and complaints',
  okHint: 'Sending is on. It stops by itself when hard bounces or spam complaints run above their limits.',
  windowSince: (since: string) => `Counted since ${since}`,
  trippedAt: (at: string) => `Stopped on ${at}`,
  adminsAlerted: 'Your admins were told by email.',
  lastResumed: (at: string, by: string) => `Last resumed on ${at} by ${by}`,
  sent: 'Messages sent',
  hardBounces: 'Hard bounces',
  complaints: 'Spam complaints',
  rateOf: (rate: number, limit: number) => `${percent(rate)} (limit ${percent(limit)})`,
  minSent: (count: number) => `Rates are judged once at least ${count.toLocaleString('en-US')} messages were sent.`,
  resume: 'Resume sending',
  resumeTitle: 'Resume sending?',
  resumeConfirm:
    'Sending starts again and bounces and complaints are counted afresh from now. Paused campaigns stay paused: resume them one by one. Clean the audience first, or the breaker stops sending again.',
  resumed: 'Sending resumed. Resume paused campaigns one by one.',
  // The monthly allowance
  allowanceTitle: 'Monthly send allowance',
  noLimit: 'No monthly limit',
  used: (used: number, limit: number | null) =>
    limit === null ? `${used.toLocaleString('en-US')} messages` : `${used.toLocaleString('en-US')} of ${limit.toLocaleString('en-US')} messages`,
  allowanceHint: 'Sent, still to go and scheduled in the month. A campaign that would go over the limit cannot be scheduled or started.',
  // Warm-up
  warmupTitle: 'Warm-up of new sending domains',
  warmupEmpty: 'No sending domain is warming up.',
  warmupEmptyHint: 'A domain verified in the last days may send a little more each day until its warm-up ends.',
  warmupRule:
    'A new domain sends at most its daily allowance; a larger campaign goes on over the following days. Campaigns of any size may be sent: only a campaign marked as a warm-up campaign needs a minimum number of recipients.',
  domain: 'Domain',
  warmupDay: 'Day',
  dayOf: (day: number, days: number) => `${day} of ${days}`,
  today: 'Sent today',
  // Delivery rates
  pacesTitle: 'Delivery rates',
  pacesIntro: 'Messages per minute to a receiving domain (such as gmail.com) or from one of your sending domains. Without a rate of yours, the platform default holds.',
  addPace: 'Add rate',
  editPace: 'Edit rate',
  kind: 'Applies to',
  kinds: { recipientDomain: 'Receiving domain', sender: 'Sending domain' } as Record<string, string>,
  perMinute: 'Messages per minute',
  perMinuteHint: '0 means no limit.',
  defaultRate: 'Default',
  noLimitRate: 'No limit',
  updated: 'Updated',
  actions: 'Actions',
  editRow: (domain: string) => `Edit the rate of ${domain}`,
  deleteRow: (domain: string) => `Delete the rate of ${domain}`,
  domainRequired: 'Please enter a domain.',
  rateInvalid: 'Please enter a whole number from 0.',
  paceSaved: 'Delivery rate saved.',
  paceDeleted: 'Delivery rate deleted.',
  deleteTitle: 'Delete delivery rate',
  deleteConfirm: (domain: string) => `Delete the rate of ${domain}? The platform default holds again.`,
  pacesEmpty: 'No delivery rates of your own yet.',
  pacesEmptyHint: 'The platform defaults hold: gmail.com, outlook.com and the other big providers have theirs.',
  search: 'Search domains',
  noMatches: 'No rate matches this search.',
};
