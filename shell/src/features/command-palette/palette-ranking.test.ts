import { groupCommands, rankCommands } from './palette-ranking';
import { shellCommands, type PaletteCommand } from './shell-commands';

const createIssue: PaletteCommand = {
  id: 'board.create-issue',
  label: 'Create issue on this board',
  group: 'Board',
  keywords: ['add issue', 'new issue'],
  run: () => {},
};
const commands = (admin = false) => [
  createIssue,
  ...shellCommands({
    user: { id: '1', email: 'a@example.com', role: admin ? 'admin' : 'user' },
    theme: 'system',
    navigate: () => {},
    switchTheme: async () => {},
  }),
];
const labels = (list: PaletteCommand[]) => list.map((c) => c.label);

describe('palette ranking', () => {
  it('puts commands a word of which starts with the text before the hits, loose matches after', () => {
    expect(labels(rankCommands(commands(), 'dash').before)).toEqual(['Go to Dashboard']);
    const the = rankCommands(commands(), 'the');
    expect(labels(the.before)).toEqual(['Switch theme: Light', 'Switch theme: Dark', 'Switch theme: System']);
    expect(labels(the.after)).toContain('Create issue on this board');
    expect(labels(rankCommands(commands(), 'new issue').before)).toEqual(['Create issue on this board']);
    expect(rankCommands(commands(), 'flux capa')).toEqual({ before: [], after: [] });
  });

  it('lists the shell’s pages for everyone and the admin pages for admins only', () => {
    expect(labels(commands()).filter((l) => l.startsWith('Go to'))).toEqual([
      'Go to Dashboard',
      'Go to Projects',
      'Go to My Issues',
      'Go to Profile',
    ]);
    expect(labels(commands(true)).filter((l) => l.startsWith('Go to'))).toEqual([
      'Go to Dashboard',
      'Go to Projects',
      'Go to My Issues',
      'Go to Profile',
      'Go to User Approval',
      'Go to Users',
      'Go to Moderation Log',
      'Go to Releases',
    ]);
    expect(commands().find((c) => c.id === 'theme.system')?.current).toBe(true);
  });

  it('groups commands under their headings in the order the groups first come', () => {
    expect(groupCommands(commands()).map(([group, list]) => [group, list.length])).toEqual([
      ['Board', 1],
      ['Go to', 4],
      ['Theme', 3],
    ]);
  });
});
