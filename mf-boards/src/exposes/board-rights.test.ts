/** @jest-environment node */
import { boardRights } from './board-rights';

/** The shown board as the rights read it: its lead, its viewers, whether they comment. */
const board = (leadId: string, viewerIds: string[] = [], viewersMayComment = true) => ({
  leadId,
  viewerIds,
  viewersMayComment,
});

// Ada (7) leads the board's project; Grace (8) is a member; comments by Ada and by Grace.
const lead = { id: '7', role: 'user' };
const member = { id: '8', role: 'user' };
const admin = { id: '1', role: 'admin' };
const flaggedAdmin = { id: '2', role: 'user', isAdmin: true };
// Spec §6 names a "project_lead" role, but the server goes by the project's lead: the role alone grants nothing.
const projectLeadRole = { id: '9', role: 'project_lead' };

describe('board rights (the server predicates)', () => {
  it.each([
    ['the lead', lead, { deleteIssue: true, editOwn: true, editOthers: false, deleteOthers: true }],
    ['a member', member, { deleteIssue: false, editOwn: true, editOthers: false, deleteOthers: false }],
    ['an admin', admin, { deleteIssue: true, editOwn: true, editOthers: false, deleteOthers: true }],
    ['an admin by flag', flaggedAdmin, { deleteIssue: true, editOwn: true, editOthers: false, deleteOthers: true }],
    [
      'a member with the project_lead role',
      projectLeadRole,
      { deleteIssue: false, editOwn: true, editOthers: false, deleteOthers: false },
    ],
  ])('%s', (_who, user, may) => {
    const rights = boardRights(user, board('7'));
    const viewer = rights.commentViewer!;
    const other = user.id === '8' ? '7' : '8';
    expect(rights.canDeleteIssue).toBe(may.deleteIssue);
    expect(viewer.id).toBe(user.id);
    expect(viewer.canEdit(user.id)).toBe(may.editOwn);
    expect(viewer.canDelete(user.id)).toBe(true);
    expect(viewer.canEdit(other)).toBe(may.editOthers);
    expect(viewer.canDelete(other)).toBe(may.deleteOthers);
    // A file goes by the comment's rule: its uploader, the lead or an admin.
    expect(rights.canDeleteAttachment(user.id)).toBe(true);
    expect(rights.canDeleteAttachment(other)).toBe(may.deleteOthers);
  });

  it('gives nothing to no one', () => {
    const rights = boardRights(null, board('7'));
    expect(rights).toMatchObject({ canDeleteIssue: false, commentViewer: null });
    expect(rights.canDeleteAttachment('7')).toBe(false);
  });

  it('lets a viewer edit nothing, and comment only where the project allows it', () => {
    const viewer = { id: '5', role: 'user' };
    expect(boardRights(viewer, board('7', ['5']))).toMatchObject({
      canEditIssues: false,
      canComment: true,
      canDeleteIssue: false,
    });
    expect(boardRights(viewer, board('7', ['5'], false)).canComment).toBe(false);
    // Members edit and comment whatever the viewers' switch says; an admin too.
    expect(boardRights(member, board('7', ['5'], false))).toMatchObject({ canEditIssues: true, canComment: true });
    expect(boardRights(admin, board('7', [], false))).toMatchObject({ canEditIssues: true, canComment: true });
  });

  it('draws no comments for a user without an id, and knows no lead before the board is there', () => {
    expect(boardRights({ role: 'admin' }, board('7'))).toMatchObject({ canDeleteIssue: true, commentViewer: null });
    expect(boardRights(lead, null).canDeleteIssue).toBe(false);
  });
});
