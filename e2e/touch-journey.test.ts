import type { BoardDto, IssueDto, SessionResponse } from '@trackboard/contracts';
import type { Page } from 'playwright-core';
import { journey } from './support/journey';
import { eventually } from './support/poll';
import { uniqueKey } from './support/unique';

/** The long press that picks a card up (the board's touch backend), and a margin over it. */
const LONG_PRESS_MS = 350;
const PAST_LONG_PRESS_MS = LONG_PRESS_MS + 250;

// A phone (touch, 390×844). A long press picks a card up and a drag drops it in another column;
// the move is saved. The browser is a phone from the start: a context with touch and a mobile
// viewport (the shared default is a desktop window). Each test has a person and a board of its own.
describe('touch on a phone', () => {
  const j = journey();
  const { app } = j;
  let ada: SessionResponse & { email: string };
  let board: BoardDto;
  let page: Page;

  const api = () => j.api;
  const columnId = (name: string) => board.columns.find((c) => c.name === name)!.id;
  const column = (name: string) => page.getByRole('region', { name, exact: true });
  const titlesIn = (columnName: string) =>
    column(columnName)
      .locator('[data-issue-id]')
      .evaluateAll((cards) =>
        cards.map((card) => document.getElementById(card.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''),
      );
  /** An issue (in To Do unless told), made through the API. */
  const givenIssue = (title: string, columnName = 'To Do') =>
    api().call<IssueDto>(
      'POST',
      '/api/issues',
      {
        projectId: board.projectId,
        columnId: columnId(columnName),
        title,
        description: '',
        type: 'TASK',
        priority: 'MEDIUM',
      },
      ada.token,
    );
  const savedTitles = async (columnName: string) => {
    const saved = await api().call<BoardDto>('GET', `/api/boards/${board.id}`, undefined, ada.token);
    return saved.columns.find((c) => c.name === columnName)!.issues.map((i: IssueDto) => i.title);
  };

  beforeEach(async () => {
    ada = await j.activeUser('Ada Lovelace');
    const project = await api().createProject(ada, 'Touch journey', uniqueKey('TCH'));
    board = await api().call<BoardDto>('GET', `/api/boards/${project.boards[0]!.id}`, undefined, ada.token);
    page = await j.newPage({
      as: ada,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      deviceScaleFactor: 3,
    });
    // The page's clock is ours to move: a press held or a finger's pace is the page's time passing
    // (runFor fires the long press's timer at once), not the test waiting.
    await page.clock.install();
  });
  const holdFor = (ms: number) => page.clock.runFor(ms);
  /** Until the page has drawn its next frame: what the last touch event did is on screen. */
  const nextFrame = () => page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => drawn(null))));

  it('a long press and a drag move a card to the next column, and the move is saved', async () => {
    await givenIssue('Touch me');
    await givenIssue('Stay here');
    await page.goto(`${app.url}/boards/${board.id}`);
    await page.getByRole('heading', { level: 1, name: board.name }).waitFor();
    await eventually(() => titlesIn('To Do'), ['Touch me', 'Stay here']);

    // The layout: columns fit the phone's height (no fixed 600px), and swipes snap to a column.
    const layout = await page.getByTestId('board-columns').evaluate((el) => ({
      snap: getComputedStyle(el).scrollSnapType,
      columnBottom: Math.max(...Array.from(el.children, (c) => c.getBoundingClientRect().bottom)),
      columnHeight: el.children[0]!.getBoundingClientRect().height,
    }));
    expect(layout.snap).toMatch(/x mandatory/);
    expect(layout.columnBottom).toBeLessThanOrEqual(844);
    expect(layout.columnHeight).toBeGreaterThan(400);

    // The next column shows its left edge beside the first: the drop goes there.
    const card = (await column('To Do').locator('[data-issue-id]').first().boundingBox())!;
    const target = (await column('In Progress').boundingBox())!;
    const from = { x: card.x + card.width / 2, y: card.y + card.height / 2 };
    const to = { x: Math.min(target.x + 24, 380), y: target.y + 120 };
    expect(to.x).toBeGreaterThan(target.x);

    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: { x: number; y: number }) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [point] : [] });
    await touch('touchStart', from);
    // Time is the subject here: the finger rests longer than the long press before it moves.
    await holdFor(PAST_LONG_PRESS_MS);
    const steps = 8;
    for (let i = 1; i <= steps; i++) {
      await touch('touchMove', {
        x: from.x + ((to.x - from.x) * i) / steps,
        y: from.y + ((to.y - from.y) * i) / steps,
      });
      await nextFrame();
    }
    await touch('touchEnd');

    await eventually(() => titlesIn('In Progress'), ['Touch me']);
    await eventually(() => titlesIn('To Do'), ['Stay here']);
    await eventually(() => savedTitles('In Progress'), ['Touch me']);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: board.name }).waitFor();
    await eventually(() => titlesIn('In Progress'), ['Touch me']);
    await eventually(() => titlesIn('To Do'), ['Stay here']);
  });

  it('a quick swipe on a card scrolls and moves nothing', async () => {
    await givenIssue('Swipe over me');
    await page.goto(`${app.url}/boards/${board.id}`);
    await page.getByRole('heading', { level: 1, name: board.name }).waitFor();
    await eventually(async () => (await titlesIn('To Do')).includes('Swipe over me'), true);
    const before = await titlesIn('To Do');
    const card = (await column('To Do').locator('[data-issue-id]').first().boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const at = { x: card.x + card.width / 2, y: card.y + card.height / 2 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
    for (let i = 1; i <= 5; i++)
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: at.x - i * 40, y: at.y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    // Time is the subject: a pick-up would come a long press after the touch began; let that pass.
    await holdFor(PAST_LONG_PRESS_MS);
    expect(await titlesIn('To Do')).toEqual(before);
    expect(await savedTitles('To Do')).toEqual(before);
  });

  it('a slow swipe, longer than the press time but moving from the start, scrolls and moves nothing', async () => {
    await givenIssue('Slow swipe over me');
    await page.goto(`${app.url}/boards/${board.id}`);
    await page.getByRole('heading', { level: 1, name: board.name }).waitFor();
    await eventually(async () => (await titlesIn('To Do')).includes('Slow swipe over me'), true);
    const before = await titlesIn('To Do');
    const card = (await column('To Do').locator('[data-issue-id]').first().boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const at = { x: card.x + card.width / 2, y: card.y + card.height / 2 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
    // A finger that starts moving at once and keeps going for ~600 ms: a scroll, not a press.
    for (let i = 1; i <= 6; i++) {
      // Time is the subject: a slow finger, one step every 100 ms.
      await holdFor(100);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: at.x - i * 25, y: at.y }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    // Time is the subject: a pick-up would come a long press after the touch began; let that pass.
    await holdFor(PAST_LONG_PRESS_MS);
    expect(await titlesIn('To Do')).toEqual(before);
    expect(await savedTitles('To Do')).toEqual(before);
  });

  it('on a wider screen the columns still end inside the viewport and use its height', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${app.url}/boards/${board.id}`);
    await page.getByRole('heading', { level: 1, name: board.name }).waitFor();
    const layout = await page.getByTestId('board-columns').evaluate((el) => ({
      snap: getComputedStyle(el).scrollSnapType,
      bottom: el.children[0]!.getBoundingClientRect().bottom,
      height: el.children[0]!.getBoundingClientRect().height,
    }));
    expect(layout.snap).toBe('none');
    expect(layout.bottom).toBeLessThanOrEqual(800);
    expect(layout.height).toBeGreaterThan(450);
  });

  it('a long column (over 50 cards) stays virtualised in the viewport-high column, and scrolls', async () => {
    for (let i = 1; i <= 60; i++) await givenIssue(`Long ${i}`, 'Done');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${app.url}/boards/${board.id}`);
    await page.getByRole('heading', { level: 1, name: board.name }).waitFor();
    const done = column('Done');
    await done.locator('[data-virtualised="true"]').waitFor();
    await done.locator('[data-issue-id]').first().waitFor();
    const drawn = await done.locator('[data-issue-id]').count();
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(30);
    const body = done.locator('[data-virtualised="true"]').locator('xpath=..');
    expect(await body.evaluate((el) => el.scrollHeight > el.clientHeight + 1000)).toBe(true);
    // Scrolled to the end, the column draws its last cards instead of its first (it once did not:
    // the virtualiser looked for its scroll element before it was mounted).
    await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    expect(await body.evaluate((el) => el.scrollTop)).toBeGreaterThan(1000);
    const drawnTitles = () => done.locator('[data-issue-id]').evaluateAll((cards) => cards.map((c) => c.textContent));
    await eventually(async () => (await drawnTitles()).some((t) => t?.includes('Long 60')), true);
    // The first card stays drawn as the column's tab stop; the ones after it are gone.
    expect((await drawnTitles()).some((t) => /\bLong 5(?!\d)/.test(t ?? ''))).toBe(false);
  });
});
