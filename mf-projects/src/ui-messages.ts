import { defineCatalogue, serverText } from '@trackboard/web-kit';
import english from './messages/en.json';

/** This app's words ('projects'), in the page's language: `text('key', { name })`. */
export const text = defineCatalogue('projects', english, { de: () => import('./messages/de.json') });

// What the projects screens say (spec §2.7–§2.9, §5, §8.2), word for word, in the reader's language.
// Where the rule is also the server's, the wording comes from the server's catalogue so the two
// never drift.
export const uiMessages = {
  // Projects, /projects
  get projectsTitle() {
    return text('projectsTitle');
  },
  get yourProjects() {
    return text('yourProjects');
  },
  get noProjects() {
    return text('noProjects');
  },
  get noDescription() {
    return text('noDescription');
  },
  get loadingProjects() {
    return text('loadingProjects');
  },
  get nameAndKeyRequired() {
    return text('nameAndKeyRequired');
  },
  projectsLoadFailed: (reason: string) => text('projectsLoadFailed', { reason }),
  createFailed: (reason: string) => text('createFailed', { reason }),
  get details() {
    return text('details');
  },
  get board() {
    return text('board');
  },

  // The create form
  get createProjectTitle() {
    return text('createProjectTitle');
  },
  get projectNameLabel() {
    return text('projectNameLabel');
  },
  get projectKeyLabel() {
    return text('projectKeyLabel');
  },
  get createProject() {
    return text('createProject');
  },
  get creating() {
    return text('creating');
  },

  // The projects page's description at creation, search and sort
  get createDescriptionLabel() {
    return text('createDescriptionLabel');
  },
  get searchLabel() {
    return text('searchLabel');
  },
  get searchPlaceholder() {
    return text('searchPlaceholder');
  },
  get sortLabel() {
    return text('sortLabel');
  },
  get sortRecent() {
    return text('sortRecent');
  },
  get sortName() {
    return text('sortName');
  },
  get sortKey() {
    return text('sortKey');
  },
  noMatches: (term: string) => text('noMatches', { term }),
  // Archived projects: hidden from the list unless shown, marked on their cards and page
  get showArchived() {
    return text('showArchived');
  },
  get archivedBadge() {
    return text('archivedBadge');
  },
  get archive() {
    return text('archive');
  },
  get archiveTitle() {
    return text('archiveTitle');
  },
  get unarchive() {
    return text('unarchive');
  },
  get processing() {
    return text('processing');
  },
  confirmArchive: (name: string) => text('confirmArchive', { name }),
  get archivedNotice() {
    return serverText('projectArchivedNotice');
  },
  get archiveDefault() {
    return text('archiveDefault');
  },
  get unarchiveDefault() {
    return text('unarchiveDefault');
  },

  // The fields' names in their errors ("Project name can be at most 100 characters.") and the key's hint
  get projectNameField() {
    return text('projectNameField');
  },
  get projectKeyField() {
    return text('projectKeyField');
  },
  get descriptionField() {
    return text('descriptionField');
  },
  projectKeyHint: (max: number) => text('projectKeyHint', { max }),
  /** A typed or pasted key loses what a key can't hold: said, not done silently. */
  projectKeyCleaned: (left: string, max: number) => text('projectKeyCleaned', { left, max }),

  // Project details, /projects/{key}
  get projectsCrumb() {
    return text('projectsCrumb');
  },
  get loadingProject() {
    return text('loadingProject');
  },
  get projectNotFound() {
    return text('projectNotFound');
  },
  projectLoadFailed: (reason: string) => text('projectLoadFailed', { reason }),
  get viewBoard() {
    return text('viewBoard');
  },
  get editProject() {
    return text('editProject');
  },
  get projectLeadTitle() {
    return text('projectLeadTitle');
  },
  teamMembersTitle: (n: number) => text('teamMembersTitle', { n }),
  /** The tag beside the lead's name in the member list. */
  get leadTag() {
    return text('leadTag');
  },
  /** A member's role as people read it (the lead's is the lead tag). */
  roles: {
    get member() {
      return text('roleMember');
    },
    get viewer() {
      return text('roleViewer');
    },
  },
  roleOf: (name: string) => text('roleOf', { name }),
  get newMemberRole() {
    return text('newMemberRole');
  },
  roleChangeFailed: (reason: string) => text('roleChangeFailed', { reason }),
  get viewersTitle() {
    return text('viewersTitle');
  },
  get viewersHint() {
    return text('viewersHint');
  },
  get viewersMayComment() {
    return text('viewersMayComment');
  },
  viewersSaveFailed: (reason: string) => text('viewersSaveFailed', { reason }),
  get saveDescription() {
    return text('saveDescription');
  },
  updateFailed: (reason: string) => text('updateFailed', { reason }),
  get nameRequired() {
    return text('nameRequired');
  },
  get invalidEmail() {
    return text('invalidEmail');
  },
  // The server's wording too; it has a value in it, so it is this catalogue's to translate.
  alreadyMember: (email: string) => text('alreadyMember', { email }),
  get addMemberTitle() {
    return text('addMemberTitle');
  },
  get memberEmailLabel() {
    return text('memberEmailLabel');
  },
  get memberEmailPlaceholder() {
    return text('memberEmailPlaceholder');
  },
  addMemberFailed: (reason: string) => text('addMemberFailed', { reason }),
  get addMemberDefault() {
    return text('addMemberDefault');
  },
  get changeLeadTitle() {
    return text('changeLeadTitle');
  },
  /** After the lead's name in the Change Project Lead choices. */
  get currentLead() {
    return text('currentLead');
  },
  get confirmNewLeadSubmit() {
    return text('confirmNewLeadSubmit');
  },
  get sameLead() {
    return serverText('sameLead');
  },
  get leadMustBeMember() {
    return serverText('leadMustBeMember');
  },
  get newLeadTitle() {
    return text('newLeadTitle');
  },
  get confirmNewLeadButton() {
    return text('confirmNewLeadButton');
  },
  confirmNewLead: (name: string) => text('confirmNewLead', { name }),
  changeLeadFailed: (reason: string) => text('changeLeadFailed', { reason }),
  get estimatesTitle() {
    return text('estimatesTitle');
  },
  get saveEstimates() {
    return text('saveEstimates');
  },
  /** The project's estimate scale, as its settings offer it. */
  estimateScales: {
    get none() {
      return text('estimateScaleNone');
    },
    get points() {
      return text('estimateScalePoints');
    },
    get tshirt() {
      return text('estimateScaleTshirt');
    },
  },
  get estimatesHint() {
    return text('estimatesHint');
  },
  get estimatesSaved() {
    return text('estimatesSaved');
  },
  estimatesFailed: (reason: string) => text('estimatesFailed', { reason }),
  confirmRemoveMember: (name: string) => text('confirmRemoveMember', { name }),
  // The Add Member field's suggestions, found by part of a name or e-mail as it is typed
  get memberSuggestions() {
    return text('memberSuggestions');
  },
  candidatesFound: (count: number) => text.plural('candidatesFound', count),
  get noCandidates() {
    return text('noCandidates');
  },
  moreCandidates: (limit: number) => text('moreCandidates', { limit }),

  // Deleting a project, typing its key to confirm
  get deleteProject() {
    return text('deleteProject');
  },
  deleteProjectTitle: (name: string) => text('deleteProjectTitle', { name }),
  get deleteProjectWarning() {
    return text('deleteProjectWarning');
  },
  deleteProjectTypeKey: (key: string) => text('deleteProjectTypeKey', { key }),
  get deleteProjectConfirm() {
    return text('deleteProjectConfirm');
  },
  get deleting() {
    return text('deleting');
  },
  get cancel() {
    return text('cancel');
  },
  get close() {
    return text('close');
  },
  deleteProjectFailed: (reason: string) => text('deleteProjectFailed', { reason }),
  get deleteProjectDefault() {
    return text('deleteProjectDefault');
  },

  // A project's boards on its details page: list, add, rename, delete by typing the name
  boardsTitle: (count: number) => text('boardsTitle', { n: count }),
  issueCount: (count: number) => text.plural('issueCount', count),
  get boardNameField() {
    return text('boardNameField');
  },
  get newBoardPlaceholder() {
    return text('newBoardPlaceholder');
  },
  get newBoard() {
    return text('newBoard');
  },
  get addingBoard() {
    return text('addingBoard');
  },
  createBoardFailed: (reason: string) => text('createBoardFailed', { reason }),
  get createBoardDefault() {
    return text('createBoardDefault');
  },
  get renameBoard() {
    return text('renameBoard');
  },
  renameBoardLabel: (name: string) => text('renameBoardLabel', { name }),
  newBoardName: (name: string) => text('newBoardName', { name }),
  get save() {
    return text('save');
  },
  get saving() {
    return text('saving');
  },
  renameBoardFailed: (reason: string) => text('renameBoardFailed', { reason }),
  get renameBoardDefault() {
    return text('renameBoardDefault');
  },
  get deleteBoard() {
    return text('deleteBoard');
  },
  deleteBoardLabel: (name: string) => text('deleteBoardLabel', { name }),
  deleteBoardTitle: (name: string) => text('deleteBoardTitle', { name }),
  get deleteBoardWarning() {
    return text('deleteBoardWarning');
  },
  deleteBoardTypeName: (name: string) => text('deleteBoardTypeName', { name }),
  get deleteBoardConfirm() {
    return text('deleteBoardConfirm');
  },
  deleteBoardFailed: (reason: string) => text('deleteBoardFailed', { reason }),
  get deleteBoardDefault() {
    return text('deleteBoardDefault');
  },
  get lastBoard() {
    return serverText('lastBoard');
  },

  // Project redirect, /board/{key}
  get loadingBoard() {
    return text('loadingBoard');
  },
  get boardLoadFailedTitle() {
    return text('boardLoadFailedTitle');
  },
  get boardLoadFailed() {
    return text('boardLoadFailed');
  },
  boardLoadDetails: (details: string) => text('boardLoadDetails', { details }),
  get keyMissing() {
    return text('keyMissing');
  },
  get noBoard() {
    return text('noBoard');
  },
  get projectFetchFailed() {
    return text('projectFetchFailed');
  },

  // A project's webhooks: for its lead and administrators
  webhooksTitle: (count: number) => text('webhooksTitle', { n: count }),
  get webhooksIntro() {
    return text('webhooksIntro');
  },
  get noWebhooks() {
    return text('noWebhooks');
  },
  webhooksLoadFailed: (reason: string) => text('webhooksLoadFailed', { reason }),
  get webhooksDefault() {
    return text('webhooksDefault');
  },
  get webhookUrlField() {
    return text('webhookUrlField');
  },
  get webhookUrlPlaceholder() {
    return text('webhookUrlPlaceholder');
  },
  get webhookSecretField() {
    return text('webhookSecretField');
  },
  webhookSecretHint: (min: number, max: number) => text('webhookSecretHint', { min, max }),
  get webhookEventsField() {
    return text('webhookEventsField');
  },
  get webhookEventsRequired() {
    return text('webhookEventsRequired');
  },
  get addWebhook() {
    return text('addWebhook');
  },
  get addingWebhook() {
    return text('addingWebhook');
  },
  createWebhookFailed: (reason: string) => text('createWebhookFailed', { reason }),
  get createWebhookDefault() {
    return text('createWebhookDefault');
  },
  get webhookEnabled() {
    return text('webhookEnabled');
  },
  get webhookDisabled() {
    return text('webhookDisabled');
  },
  get webhookDisabledNote() {
    return text('webhookDisabledNote');
  },
  webhookSecretShown: (hint: string) => text('webhookSecretShown', { hint }),
  get webhookNeverDelivered() {
    return text('webhookNeverDelivered');
  },
  get webhookLastDelivery() {
    return text('webhookLastDelivery');
  },
  get sendTest() {
    return text('sendTest');
  },
  get sendingTest() {
    return text('sendingTest');
  },
  sendTestLabel: (url: string) => text('sendTestLabel', { url }),
  testSucceeded: (code: number | null) =>
    code === null ? text('testSucceeded') : text('testSucceededWithCode', { code }),
  testFailed: (reason: string) => text('testFailed', { reason }),
  get testDefault() {
    return text('testDefault');
  },
  get showDeliveries() {
    return text('showDeliveries');
  },
  get hideDeliveries() {
    return text('hideDeliveries');
  },
  deliveriesLabel: (url: string) => text('deliveriesLabel', { url }),
  get deliveriesCaption() {
    return text('deliveriesCaption');
  },
  get olderDeliveries() {
    return text('olderDeliveries');
  },
  get loadingOlderDeliveries() {
    return text('loadingOlderDeliveries');
  },
  get noDeliveries() {
    return text('noDeliveries');
  },
  deliveriesLoadFailed: (reason: string) => text('deliveriesLoadFailed', { reason }),
  get deliveryStatus() {
    return text('deliveryStatus');
  },
  get deliveryTime() {
    return text('deliveryTime');
  },
  get deliveryEvent() {
    return text('deliveryEvent');
  },
  get deliveryResponse() {
    return text('deliveryResponse');
  },
  get deliveryDuration() {
    return text('deliveryDuration');
  },
  deliveryStatusText: {
    get PENDING() {
      return text('deliveryStatusPending');
    },
    get SUCCEEDED() {
      return text('deliveryStatusSucceeded');
    },
    get FAILED() {
      return text('deliveryStatusFailed');
    },
    get RETRYING() {
      return text('deliveryStatusRetrying');
    },
  },
  get deleteWebhook() {
    return text('deleteWebhook');
  },
  get deleteWebhookTitle() {
    return text('deleteWebhookTitle');
  },
  deleteWebhookLabel: (url: string) => text('deleteWebhookLabel', { url }),
  confirmDeleteWebhook: (url: string) => text('confirmDeleteWebhook', { url }),
  deleteWebhookFailed: (reason: string) => text('deleteWebhookFailed', { reason }),
  get deleteWebhookDefault() {
    return text('deleteWebhookDefault');
  },

  // Inviting people by e-mail: for the lead or an admin, while the project is not archived
  get inviteTitle() {
    return text('inviteTitle');
  },
  inviteIntro: (days: number) => text('inviteIntro', { days }),
  get inviteEmailField() {
    return text('inviteEmailField');
  },
  get inviteEmailPlaceholder() {
    return text('inviteEmailPlaceholder');
  },
  get sendInvitation() {
    return text('sendInvitation');
  },
  get sendingInvitation() {
    return text('sendingInvitation');
  },
  invitationSent: (email: string) => text('invitationSent', { email }),
  inviteFailed: (reason: string) => text('inviteFailed', { reason }),
  get inviteDefault() {
    return text('inviteDefault');
  },
  get pendingInvitationsTitle() {
    return text('pendingInvitationsTitle');
  },
  get noPendingInvitations() {
    return text('noPendingInvitations');
  },
  invitationsLoadFailed: (reason: string) => text('invitationsLoadFailed', { reason }),
  get invitationsDefault() {
    return text('invitationsDefault');
  },
  invitedBy: (name: string) => text('invitedBy', { name }),
  get invitationExpires() {
    return text('invitationExpires');
  },
  get invitationExpired() {
    return text('invitationExpired');
  },
  get resendInvitation() {
    return text('resendInvitation');
  },
  resendInvitationLabel: (email: string) => text('resendInvitationLabel', { email }),
  invitationResent: (email: string) => text('invitationResent', { email }),
  resendFailed: (reason: string) => text('resendFailed', { reason }),
  get resendDefault() {
    return text('resendDefault');
  },
  get withdrawInvitation() {
    return text('withdrawInvitation');
  },
  withdrawInvitationLabel: (email: string) => text('withdrawInvitationLabel', { email }),
  get withdrawInvitationTitle() {
    return text('withdrawInvitationTitle');
  },
  confirmWithdrawInvitation: (email: string) => text('confirmWithdrawInvitation', { email }),
  invitationWithdrawn: (email: string) => text('invitationWithdrawn', { email }),
  withdrawFailed: (reason: string) => text('withdrawFailed', { reason }),
  get withdrawDefault() {
    return text('withdrawDefault');
  },

  // Service defaults: used when neither the server nor the error says more.
  get fetchProjectsDefault() {
    return text('fetchProjectsDefault');
  },
  get fetchProjectDefault() {
    return text('fetchProjectDefault');
  },
  get createProjectDefault() {
    return text('createProjectDefault');
  },
  get updateProjectDefault() {
    return text('updateProjectDefault');
  },
  get removeMemberDefault() {
    return text('removeMemberDefault');
  },
  get removeMemberTitle() {
    return text('removeMemberTitle');
  },
  get removeMemberButton() {
    return text('removeMemberButton');
  },
  /** The admin's wording of the removal button (member-removal.ts). */
  get removeMemberAdmin() {
    return text('removeMemberAdmin');
  },
};
