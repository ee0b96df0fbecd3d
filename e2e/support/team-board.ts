import type { BoardDto, SessionResponse } from '@trackboard/contracts';
import type { Page } from 'playwright-core';
import { journey, type Journey, type Person } from './journey';
import type { SharedApp } from './shared';
import { uniqueKey } from './unique';

export type { Person };
export { eventually } from './poll';

export type TeamBoard = {
  app: SharedApp;
  journey: Journey;
  admin: SessionResponse;
  ada: Person;
  bob: Person;
  /** This test's board: the first board of a project of its own. */
  board: BoardDto;
  adaPage: Page;
  bobPage: Page;
};

/**
 * Two people on one board, each in a browser context of their own: the journeys where what one
 * does shows up for the other without a reload. On the shared app and Chromium; every test gets
 * its own two people (Ada leads a project of its own, Bob is on its team; keys start with
 * `keyPrefix`), its first board and fresh pages signed in, so any test runs alone (`-t`) or in any
 * order. Call it inside a `describe`: the object it returns is filled by the hooks it registers,
 * before the file's own hooks of the same kind run.
 */
export function teamBoard(keyPrefix: string, projectName: string): TeamBoard {
  const j = journey();
  const team = { app: j.app, journey: j } as TeamBoard;

  beforeEach(async () => {
    team.admin = await j.admin();
    [team.ada, team.bob] = await Promise.all([j.activeUser('Ada Lovelace'), j.activeUser('Bob Builder')]);
    const { ada, bob } = team;
    const key = uniqueKey(keyPrefix);
    const project = await j.api.createProject(ada, `${projectName} ${key}`, key);
    await j.api.addMember(ada, key, bob.email);
    team.board = await j.api.call<BoardDto>('GET', `/api/boards/${project.boards[0]!.id}`, undefined, ada.token);
    [team.adaPage, team.bobPage] = await Promise.all([j.newPage({ as: ada }), j.newPage({ as: bob })]);
  });
  return team;
}
