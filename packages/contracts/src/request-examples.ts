import type { ZodType } from 'zod';
import { AccessTokenCreate } from './access-tokens';
import { RejectRequest, RoleChangeRequest, SuspensionRequest, UserDeletionRequest, UserUpdateRequest } from './admin';
import {
  LoginRequest,
  ProfileUpdate,
  RegisterRequest,
  ResendVerificationRequest,
  SsoLinkRequest,
  VerifyEmailRequest,
} from './auth';
import { InvitationCreate, InvitedAccountRequest, RegistrationSettings } from './invitations';
import {
  CreateBoardRequest,
  CreateColumnRequest,
  CreateCommentRequest,
  CreateIssueRequest,
  CreateLabelRequest,
  MoveIssueRequest,
  ReactionRequest,
  RenameBoardRequest,
  TickTaskRequest,
  UpdateColumnRequest,
  UpdateCommentRequest,
  UpdateIssueRequest,
  UpdateLabelRequest,
} from './boards';
import { SetCoverRequest } from './attachments';
import { UpdateCycleSettingsRequest } from './cycles';
import { BulkEditRequest } from './bulk-edit';
import { CreateRelationRequest, SetParentRequest } from './issue-links';
import { NotificationSettingsUpdate } from './notifications';
import { PasswordChange, PasswordResetConfirm, PasswordResetRequest } from './passwords';
import { ReleaseUpdateRequest, RemoteLoadFailure } from './remotes';
import { ImportPeopleBody } from './project-transfer';
import { AddMemberRequest, ChangeMemberRoleRequest, CreateProjectRequest, UpdateProjectRequest } from './projects';
import { CreateSavedViewRequest, UpdateSavedViewRequest } from './saved-views';
import { CreateWebhookRequest } from './webhooks';

// What a person would send, one body per request schema of the public API; each passes its
// schema (openapi-forms.test.ts). Ids are placeholders: put in one of yours.
const examples: [ZodType, Record<string, unknown>][] = [
  [RegisterRequest, { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical-engine-1843' }],
  [LoginRequest, { email: 'ada@example.com', password: 'analytical-engine-1843' }],
  [SsoLinkRequest, { password: 'analytical-engine-1843' }],
  [InvitationCreate, { email: 'grace@example.com' }],
  [RegistrationSettings, { invitedNeedApproval: true }],
  [
    InvitedAccountRequest,
    { token: 'q3Vt8mZk1HcR0yXw9pLbN4sTfJ2aG6uEoYdKiC5vQ7e', name: 'Grace Hopper', password: 'compiler-pioneer-1952' },
  ],
  [VerifyEmailRequest, { token: 'the-token-from-the-verification-link' }],
  [ResendVerificationRequest, { email: 'ada@example.com' }],
  [PasswordResetRequest, { email: 'ada@example.com' }],
  [PasswordResetConfirm, { token: 'the-token-from-the-reset-link', password: 'difference-engine-1822' }],
  [PasswordChange, { currentPassword: 'analytical-engine-1843', password: 'difference-engine-1822' }],
  [ProfileUpdate, { name: 'Ada King', bio: 'Writes the notes.' }],
  [AccessTokenCreate, { name: 'CI script', expiresAt: '2030-01-01T00:00:00Z' }],
  [CreateProjectRequest, { name: 'Website Relaunch', key: 'WEB', description: 'The new public site.' }],
  [UpdateProjectRequest, { description: 'The new public site, live in June.' }],
  [AddMemberRequest, { email: 'grace@example.com', role: 'viewer' }],
  [ChangeMemberRoleRequest, { role: 'member' }],
  [CreateBoardRequest, { name: 'Sprint board', columns: ['To Do', 'In Progress', 'Done'] }],
  [RenameBoardRequest, { name: 'Release board' }],
  [CreateColumnRequest, { name: 'Review', wipLimit: 3 }],
  [UpdateColumnRequest, { name: 'In Review' }],
  [CreateLabelRequest, { name: 'frontend', color: 'blue' }],
  [UpdateLabelRequest, { color: 'green' }],
  [
    BulkEditRequest,
    { ids: ['12', '13', '17'], versions: { '12': 4, '13': 1, '17': 0 }, set: { columnId: '3', priority: 'HIGH' } },
  ],
  [
    CreateIssueRequest,
    { projectId: '1', columnId: '1', title: 'Fix the login redirect', description: 'It loops on Safari.', type: 'BUG' },
  ],
  [UpdateIssueRequest, { title: 'Fix the login redirect loop', priority: 'HIGH', dueDate: '2030-06-30' }],
  [MoveIssueRequest, { sourceColumnId: '1', destinationColumnId: '2', position: 0, boardId: '1' }],
  [TickTaskRequest, { checked: true, text: 'Write the release notes' }],
  [CreateCommentRequest, { body: 'Reproduced on Safari 17.' }],
  [UpdateCommentRequest, { body: 'Reproduced on Safari 17 and 18.' }],
  [ReactionRequest, { type: 'thumbsup' }],
  [SetCoverRequest, { coverAttachmentId: '1' }],
  [SetParentRequest, { parentId: '1' }],
  [CreateRelationRequest, { type: 'blocks', issueKey: 'WEB-12' }],
  [ImportPeopleBody, { emails: ['grace@example.com'] }],
  [RejectRequest, { reason: 'Not part of the team.' }],
  [RoleChangeRequest, { role: 'admin', reason: 'Runs the team now.' }],
  [SuspensionRequest, { status: 'SUSPENDED', reason: 'Left the company.' }],
  [UserDeletionRequest, { reason: 'Asked to be removed.' }],
  [UserUpdateRequest, { name: 'Ada King' }],
  [NotificationSettingsUpdate, { mentioned: 'app+email', comment: 'off' }],
  [
    CreateWebhookRequest,
    { url: 'https://hooks.example.com/trackboard', secret: 'a-long-shared-secret', events: ['issue.created'] },
  ],
  [
    CreateSavedViewRequest,
    { name: 'My open bugs', boardId: '1', query: 'view=list&type=BUG&assignee=me', shared: false },
  ],
  [UpdateSavedViewRequest, { name: 'Open bugs', shared: true }],
  [UpdateCycleSettingsRequest, { enabled: true, weeks: 2, startDay: 1 }],
  [ReleaseUpdateRequest, { canary: { version: '2.1.0', share: 10 } }],
  [RemoteLoadFailure, { remote: 'mf_boards', version: '2.1.0', message: 'Loading chunk 7 failed' }],
];
/** A request schema's example body, by the schema. */
export const requestExamples: ReadonlyMap<unknown, Record<string, unknown>> = new Map(examples);
