/** The pop-up preview's words (/popupContainer). */
export const popupMessages = {
  title: (name: string) => `Pop-up: ${name}`,
  intro: 'The form as a pop-up over a sample page of your site, opened by its own triggers.',
  backToBuilder: (name: string) => `Back to ${name}`,
  noForm: 'There is no such form.',
  notPopup: 'This form is not set to show as a pop-up.',
  turnOn: 'Turn it on in the form’s settings.',
  replay: 'Show again',
  afterDelay: (seconds: number) => `${seconds} seconds after the page opened`,
  afterScroll: (percent: number) => `When ${percent}% of the page is scrolled`,
  onExit: 'When the pointer leaves the window (exit intent)',
  frequency: (times: string, days: string) => `On your site one visitor sees it at most ${times} ${days}.`,
  waiting: 'Waiting for a trigger…',
  closed: 'Closed. Show it again to wait for its triggers.',
  shownBy: { delay: 'Opened by the delay.', scroll: 'Opened by the scroll.', exit: 'Opened by exit intent.' } satisfies Record<string, string>,
  sampleSite: 'Sample page of your site',
};
