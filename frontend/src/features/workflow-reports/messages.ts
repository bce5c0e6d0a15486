/** The workflow report screens' words (spec 2.2, 3's history statuses). */
export const reportMessages = {
  dashboardTitle: 'Enrollment Dashboard',
  dashboardIntro: "Every client's workflows and where their enrollments are, for super-admins.",
  dashboardEmpty: 'No clients yet.',
  window: 'Entered',
  today: 'Last 24 hours',
  lastDays: (days: number) => `Last ${days} days`,
  allTime: 'All time',
  client: 'Client',
  workflows: 'Workflows',
  published: 'Published',
  counts: {
    entered: 'Entered',
    inProcess: 'In process',
    completed: 'Completed',
    dropped: 'Dropped',
    terminated: 'Terminated',
    failed: 'Failed',
  },
  totals: (clients: number, counts: string) => `${clients} clients · ${counts}`,
};
