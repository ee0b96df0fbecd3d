// The words of the project page's progress panel (a lazy chunk: its strings stay with it).

const dayLabel = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const oneDecimal = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
const plural = (n: number, one: string, many: string) => {
  const shown = oneDecimal.format(n);
  return `${shown} ${shown === '1' ? one : many}`;
};

export const progressTexts = {
  title: 'Progress',
  loading: 'Loading progress…',
  loadFailed: 'Could not load the progress.',
  /** A week's last day, "Mar 12". */
  weekEnd: (end: string) => dayLabel.format(new Date(`${end}T00:00:00Z`)),
  weekColumn: 'Week ending',
  open: 'Open',
  done: 'Done',
  created: 'Created',
  closed: 'Closed',
  openDoneTitle: 'Open and done issues',
  openDoneDescription: 'Open and done issues at the end of each of the last 8 weeks, oldest first.',
  createdClosedTitle: 'Issues created and closed',
  createdClosedDescription: 'Issues created and closed in each of the last 8 weeks, oldest first.',
  /** Under a day in hours, otherwise in days: "Median time from start to done: 2.5 days". */
  median: (hours: number) =>
    `Median time from start to done: ${hours < 24 ? plural(hours, 'hour', 'hours') : plural(hours / 24, 'day', 'days')}`,
  medianOf: (issues: number) => (issues === 1 ? 'over 1 finished issue' : `over ${issues} finished issues`),
  noMedian: 'Median time from start to done: no issue has gone from started to done yet.',
};
