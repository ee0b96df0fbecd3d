/** @jest-environment node */
import { pageTitle } from './page-title';

describe('pageTitle', () => {
  it.each([
    ['/dashboard', 'Dashboard'],
    ['/projects', 'Projects'],
    ['/projects/', 'Projects'],
    ['/projects/WEB', 'Project Details'],
    ['/boards/42', 'Board'],
    ['/boards/42/issues/WEB-7', 'Board'],
    ['/board/WEB', 'Board'],
    ['/profile', 'Profile'],
    ['/search', 'Search'],
    ['/my-issues', 'My Issues'],
    ['/admin/user-approval', 'User Approval'],
    ['/admin/users', 'Users'],
    ['/admin/moderation-log', 'Moderation Log'],
    ['/admin/releases', 'Releases'],
    ['/', 'App'],
    ['/nope', 'App'],
    ['/projects/WEB/extra', 'App'],
  ])('%s → %s', (path, title) => {
    expect(pageTitle(path)).toBe(title);
  });
});
