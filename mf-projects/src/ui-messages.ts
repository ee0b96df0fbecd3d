import { messages } from '@trackboard/contracts';

// What the projects screens say (spec §2.7–§2.9, §5, §8.2), word for word. Where the rule is
// also the server's, the wording comes from the server's catalogue so the two never drift.
export const uiMessages = {
  // Projects, /projects (spec §2.7, §5, §8.2)
  noProjects: 'No projects found. Create one to get started!',
  noDescription: 'No description provided.',
  loadingProjects: 'Loading projects...',
  nameAndKeyRequired: 'Please provide both a project name and key.',
  projectsLoadFailed: (reason: string) => `Error loading projects: ${reason}`,
  createFailed: (reason: string) => `Failed to create project: ${reason}`,

  // The projects page's description at creation, search and sort (issue 15)
  createDescriptionLabel: 'Description (optional)',
  searchLabel: 'Search projects',
  searchPlaceholder: 'Search by name or key',
  sortLabel: 'Sort by',
  sortRecent: 'Recently active',
  sortName: 'Name',
  sortKey: 'Key',
  noMatches: (term: string) => `No projects match “${term}”.`,
  // Archived projects (issue 15): hidden from the list unless shown, marked on their cards and page
  showArchived: 'Show archived',
  archivedBadge: 'Archived',
  archive: 'Archive',
  unarchive: 'Unarchive',
  processing: 'Processing...',
  confirmArchive: (name: string) =>
    `Archive ${name}? It becomes read-only for everyone and leaves the projects list until it is unarchived.`,
  archivedNotice: messages.projectArchivedNotice,
  archiveDefault: 'Failed to archive the project.',
  unarchiveDefault: 'Failed to unarchive the project.',

  // The fields' names in their errors ("Project name can be at most 100 characters.") and the key's hint (issue 16)
  projectNameField: 'Project name',
  projectKeyField: 'Project key',
  descriptionField: 'Description',
  projectKeyHint: (max: number) => `1 to ${max} characters, A–Z and 0–9`,

  // Project details, /projects/{key} (spec §2.8, §4.4, §5, §8.2)
  projectsCrumb: 'Projects',
  loadingProject: 'Loading project details...',
  projectNotFound: 'Project not found or you may not have access.',
  projectLoadFailed: (reason: string) => `Error loading project: ${reason}`,
  updateFailed: (reason: string) => `Update failed: ${reason}`,
  nameRequired: 'Project name cannot be empty.',
  invalidEmail: 'Please enter a valid email address.',
  alreadyMember: messages.alreadyMember,
  addMemberFailed: (reason: string) => `Failed to add member. ${reason}`,
  addMemberDefault: 'User not found or server error.',
  sameLead: messages.sameLead,
  leadMustBeMember: messages.leadMustBeMember,
  confirmNewLead: (name: string) =>
    `Are you sure you want to make ${name} the new project lead? You will lose editing rights for this project.`,
  changeLeadFailed: (reason: string) => `Failed to change lead. ${reason}`,
  confirmRemoveMember: (name: string) => `Are you sure you want to remove ${name} from this project?`,

  // Deleting a project, typing its key to confirm (issue 15)
  deleteProject: 'Delete Project',
  deleteProjectTitle: (name: string) => `Delete ${name}?`,
  deleteProjectWarning:
    'This permanently removes the project with its boards, issues, comments, labels, activity and notifications. It cannot be undone.',
  deleteProjectTypeKey: (key: string) => `Type ${key} to confirm`,
  deleteProjectConfirm: 'Delete this project',
  deleting: 'Deleting...',
  cancel: 'Cancel',
  deleteProjectFailed: (reason: string) => `Failed to delete project: ${reason}`,
  deleteProjectDefault: 'Failed to delete project',

  // A project's boards on its details page (issue 15): list, add, rename, delete by typing the name
  boardsTitle: (count: number) => `Boards (${count})`,
  issueCount: (count: number) => (count === 1 ? '1 issue' : `${count} issues`),
  boardNameField: 'Board name',
  newBoardPlaceholder: 'Name of the new board',
  newBoard: 'New board',
  addingBoard: 'Adding...',
  createBoardFailed: (reason: string) => `Failed to add board: ${reason}`,
  createBoardDefault: 'Failed to add board',
  renameBoard: 'Rename',
  renameBoardLabel: (name: string) => `Rename ${name}`,
  newBoardName: (name: string) => `New name for ${name}`,
  save: 'Save',
  saving: 'Saving...',
  renameBoardFailed: (reason: string) => `Failed to rename board: ${reason}`,
  renameBoardDefault: 'Failed to rename board',
  deleteBoard: 'Delete',
  deleteBoardLabel: (name: string) => `Delete ${name}`,
  deleteBoardTitle: (name: string) => `Delete ${name}?`,
  deleteBoardWarning:
    'This permanently removes the board with its columns, issues, comments and labels. It cannot be undone.',
  deleteBoardTypeName: (name: string) => `Type ${name} to confirm`,
  deleteBoardConfirm: 'Delete this board',
  deleteBoardFailed: (reason: string) => `Failed to delete board: ${reason}`,
  deleteBoardDefault: 'Failed to delete board',
  lastBoard: messages.lastBoard,

  // Project redirect, /board/{key} (spec §2.9)
  boardLoadFailedTitle: 'Error',
  boardLoadFailed: 'Could not load board information.',
  keyMissing: 'Project key not found in URL.',
  noBoard: 'Project found, but it does not have an associated board.',
  projectFetchFailed: 'Failed to fetch project details.',

  // Service defaults (spec §8.2): used when neither the server nor the error says more.
  fetchProjectsDefault: 'Failed to fetch projects',
  fetchProjectDefault: 'Failed to fetch project',
  createProjectDefault: 'Failed to create project',
  updateProjectDefault: 'Failed to update project',
  removeMemberDefault: 'Failed to remove project member',
} as const;
