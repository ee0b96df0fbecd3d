// What export and import say. Kept beside the feature rather than in ui-messages.ts.
const count = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`;

export const transferMessages = {
  exportTitle: 'Export',
  exportHint:
    'Everything in this project as JSON (it can be imported again), the same with its attached files as a ZIP, or its issues as CSV.',
  exportAs: { json: 'Download JSON', zip: 'Download with files (ZIP)', csv: 'Download CSV' },
  exporting: 'Preparing…',
  exportFailed: (reason: string) => `Export failed: ${reason}`,
  exportDefault: 'The export could not be made.',

  importButton: 'Import',
  importTitle: 'Import a project',
  importDescription:
    'Makes a new project from a Trackboard export (JSON, or the ZIP with its files), a CSV of issues (ours, or a Jira, Linear or Plane export; a Title or Summary column at least) or a Trello board export.',
  fileLabel: 'File',
  formatLabel: 'Format',
  formats: { trackboard: 'Trackboard JSON export', csv: 'CSV of issues', trello: 'Trello board (JSON)' },
  strictLabel: 'Fail on values the import does not know, rather than warn',
  keyLabel: 'New project key',
  nameLabel: 'New project name',
  start: 'Import',
  cancel: 'Cancel',
  close: 'Close',
  fileRequired: 'Please choose a file.',
  keyAndNameRequired: 'Please provide both a project name and key.',
  uploading: 'Uploading…',
  progress: (done: number, total: number) => (total ? `Importing… ${done} of ${total} issues` : 'Reading the file…'),
  succeeded: (total: number, key: string) => `Imported ${total} issues into ${key}.`,
  openProject: (key: string) => `Open ${key}`,
  summaryTitle: 'What came across',
  summaryCounts: (s: { labels: number; checklists: number; comments: number; attachments: number }) =>
    [
      count(s.labels, 'label'),
      count(s.checklists, 'checklist'),
      count(s.comments, 'comment'),
      `${count(s.attachments, 'attachment')} (as links)`,
    ].join(', ') + '.',
  leftOutTitle: 'Left out',
  warningsTitle: 'Warnings',
  moreNotListed: (n: number) => `…and ${n} more not listed.`,
  failed: 'Nothing was imported.',
  problemsTitle: 'Problems in the file',
  startFailed: (reason: string) => `Import failed: ${reason}`,
  startDefault: 'The file could not be sent.',

  peopleTitle: 'People named in the file',
  peopleHint: (key: string) =>
    `They have an account here. The import added no one and wrote everything as yours; tick who should join ${key}.`,
  assignedInFile: (n: number) => `${n} ${n === 1 ? 'issue' : 'issues'} assigned in the file`,
  addPeople: (key: string) => `Add to ${key}`,
  peopleAdded: (n: number, key: string) => `Added ${n} ${n === 1 ? 'person' : 'people'} to ${key}.`,
  addPeopleFailed: (reason: string) => `Adding people failed: ${reason}`,
};
