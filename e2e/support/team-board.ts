import type { BoardDto, SessionResponse } from '@trackboard/contracts';
import type { Page } from 'playwright-core';
import { apiOf, signIn } from './api';
import { ADMIN, startEmbeddedApp, type RunningApp } from './app-process';
import { launchChromium, type Chromium } from './browser';

export type Person = SessionResponse & { email: string; password: string };

/** Polls until `read()` equals `expected` (then the last reading is asserted, for a readable diff). */
export async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  expect(last).toEqual(expected);
}

export type TeamBoard = {
  app: RunningApp;
  browsers: Chromium[];
  admin: SessionResponse;
  ada: Person;
  bob: Person;
  /** This test's board: the first board of a project of its own. */
  board: BoardDto;
  adaPage: Page;
  bobPage: Page;
};

/**
 * Two people on one board, each in a browser of their own: the journeys where what one does shows
 * up for the other without a reload. The app, the two browsers and the two people are made once
 * per file; every test gets a project of its own (Ada leads it, Bob is on its team, keys start
 * with `keyPrefix`), its first board and fresh pages signed in, so any test runs alone (`-t`) or
 * in any order. Call it inside a `describe`: the object it returns is filled by the hooks it
 * registers, before the file's own hooks of the same kind run.
 */
export function teamBoard(keyPrefix: string, projectName: string): TeamBoard {
  const team = { browsers: [] as Chromium[] } as TeamBoard;
  const api = () => apiOf(team.app);
  let projects = 0;

  beforeAll(async () => {
    [team.app, ...team.browsers] = await Promise.all([startEmbeddedApp(), launchChromium(), launchChromium()]);
    team.admin = await api().login(ADMIN.email, ADMIN.password);
    team.ada = await api().activeUser(team.admin, 'Ada Lovelace');
    team.bob = await api().activeUser(team.admin, 'Bob Builder');
  });
  afterAll(async () => {
    await Promise.all(team.browsers.map((b) => b.close()));
    await team.app?.stop();
  });

  beforeEach(async () => {
    const { ada, bob, browsers } = team;
    const key = `${keyPrefix}${++projects}${Date.now().toString(36).toUpperCase()}`.slice(0, 10);
    const project = await api().createProject(ada, `${projectName} ${projects}`, key);
    await api().addMember(ada, key, bob.email);
    team.board = await api().call<BoardDto>('GET', `/api/boards/${project.boards[0]!.id}`, undefined, ada.token);
    [team.adaPage, team.bobPage] = await Promise.all([browsers[0]!.browser.newPage(), browsers[1]!.browser.newPage()]);
    await Promise.all([signIn(team.adaPage, ada), signIn(team.bobPage, bob)]);
  });
  afterEach(async () => {
    await Promise.all([team.adaPage, team.bobPage].map((page) => page?.close()));
  });
  return team;
}
