import { text } from '../../ui-messages';

// What export and import say. Kept beside the feature rather than in ui-messages.ts; the words
// are in the app's catalogue.
export const transferMessages = {
  get exportTitle() {
    return text('exportTitle');
  },
  get exportHint() {
    return text('exportHint');
  },
  exportAs: {
    get json() {
      return text('exportJson');
    },
    get zip() {
      return text('exportZip');
    },
    get csv() {
      return text('exportCsv');
    },
  },
  get exporting() {
    return text('exporting');
  },
  exportFailed: (reason: string) => text('exportFailed', { reason }),
  get exportDefault() {
    return text('exportDefault');
  },

  get importButton() {
    return text('importButton');
  },
  get importTitle() {
    return text('importTitle');
  },
  get importDescription() {
    return text('importDescription');
  },
  get fileLabel() {
    return text('importFileLabel');
  },
  get formatLabel() {
    return text('importFormatLabel');
  },
  formats: {
    get trackboard() {
      return text('importFormatTrackboard');
    },
    get csv() {
      return text('importFormatCsv');
    },
    get trello() {
      return text('importFormatTrello');
    },
  },
  get strictLabel() {
    return text('importStrictLabel');
  },
  get keyLabel() {
    return text('importKeyLabel');
  },
  get nameLabel() {
    return text('importNameLabel');
  },
  get start() {
    return text('importStart');
  },
  get cancel() {
    return text('cancel');
  },
  get close() {
    return text('close');
  },
  get fileRequired() {
    return text('importFileRequired');
  },
  get keyAndNameRequired() {
    return text('nameAndKeyRequired');
  },
  get uploading() {
    return text('importUploading');
  },
  progress: (done: number, total: number) => (total ? text('importProgress', { done, total }) : text('importReading')),
  succeeded: (total: number, key: string) => text('importSucceeded', { total, key }),
  openProject: (key: string) => text('importOpenProject', { key }),
  get summaryTitle() {
    return text('importSummaryTitle');
  },
  summaryCounts: (s: { labels: number; checklists: number; comments: number; attachments: number }) =>
    text('importSummaryCounts', {
      labels: text.plural('importLabels', s.labels),
      checklists: text.plural('importChecklists', s.checklists),
      comments: text.plural('importComments', s.comments),
      attachments: text.plural('importAttachments', s.attachments),
    }),
  get leftOutTitle() {
    return text('importLeftOutTitle');
  },
  get warningsTitle() {
    return text('importWarningsTitle');
  },
  moreNotListed: (n: number) => text('importMoreNotListed', { n }),
  get failed() {
    return text('importFailed');
  },
  get problemsTitle() {
    return text('importProblemsTitle');
  },
  startFailed: (reason: string) => text('importStartFailed', { reason }),
  get startDefault() {
    return text('importStartDefault');
  },

  get peopleTitle() {
    return text('importPeopleTitle');
  },
  peopleHint: (key: string) => text('importPeopleHint', { key }),
  assignedInFile: (n: number) => text.plural('importAssigned', n),
  addPeople: (key: string) => text('importAddPeople', { key }),
  peopleAdded: (n: number, key: string) => text.plural('importPeopleAdded', n, { key }),
  addPeopleFailed: (reason: string) => text('importAddPeopleFailed', { reason }),
};
