import { dateTimeFormat, numberFormat } from '@trackboard/web-kit';
import { text } from '../../ui-messages';

// The words of the project page's progress panel.

/** "2.5 hours", "1 day": one decimal at most, and "1" (however it was rounded to it) is one. */
const amount = (key: 'medianHours' | 'medianDays', value: number) => {
  const rounded = Math.round(value * 10) / 10;
  return text.plural(key, rounded, { n: numberFormat({ maximumFractionDigits: 1 }).format(rounded) });
};

export const progressTexts = {
  get title() {
    return text('progressTitle');
  },
  get loading() {
    return text('progressLoading');
  },
  get loadFailed() {
    return text('progressLoadFailed');
  },
  /** A week's last day, "Mar 12": a calendar date, the same day everywhere. */
  weekEnd: (end: string) =>
    dateTimeFormat({ day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${end}T00:00:00Z`)),
  get weekColumn() {
    return text('progressWeekColumn');
  },
  get open() {
    return text('progressOpen');
  },
  get done() {
    return text('progressDone');
  },
  get created() {
    return text('progressCreated');
  },
  get closed() {
    return text('progressClosed');
  },
  get openDoneTitle() {
    return text('openDoneTitle');
  },
  get openDoneDescription() {
    return text('openDoneDescription');
  },
  get createdClosedTitle() {
    return text('createdClosedTitle');
  },
  get createdClosedDescription() {
    return text('createdClosedDescription');
  },
  /** Under a day in hours, otherwise in days: "Median time from start to done: 2.5 days". */
  median: (hours: number) =>
    text('medianTime', { time: hours < 24 ? amount('medianHours', hours) : amount('medianDays', hours / 24) }),
  medianOf: (issues: number) => text.plural('medianOf', issues),
  get noMedian() {
    return text('noMedian');
  },
};
