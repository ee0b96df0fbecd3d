import { render, screen } from '@testing-library/react';
import type { ActivityDto } from '@trackboard/contracts';
import { MemoryRouter } from 'react-router';
import { RecentActivity } from './recent-activity';
import { wholeItemsHeight } from './use-whole-items-height';

// The Recent Activity list stopped at 15rem wherever that fell, cutting its
// last visible item mid-line. It now ends at the bottom of the last item that fits whole.
// jsdom lays nothing out: each item is given a height here, as a browser would measure it.

const activity: ActivityDto[] = Array.from({ length: 8 }, (_, i) => ({
  id: `a${i}`,
  description: `Change ${i + 1}`,
  timestamp: new Date(Date.UTC(2026, 0, 10 - i)).toISOString(),
}));

/** Item heights in px, in order: a two-line item (72) among one-line ones (48). */
const heights = [48, 72, 48, 48, 48, 48, 48, 48];

function layOut(listTop: number) {
  jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (this.tagName === 'UL') return DOMRect.fromRect({ x: 0, y: listTop, width: 400, height: 240 });
    if (this.tagName === 'LI') {
      const index = Array.from(this.parentElement!.children).indexOf(this);
      const top = listTop + heights.slice(0, index).reduce((sum, h) => sum + h, 0);
      return DOMRect.fromRect({ x: 0, y: top, width: 400, height: heights[index]! });
    }
    return DOMRect.fromRect();
  });
}

afterEach(() => jest.restoreAllMocks());

describe('the Recent Activity list', () => {
  it('is as tall as the items that fit whole in 15rem, so none is cut mid-line', () => {
    layOut(300);
    render(
      <MemoryRouter>
        <RecentActivity activity={activity} />
      </MemoryRouter>,
    );
    // 15rem = 240px at 16px: 48 + 72 + 48 + 48 = 216 fits, a fifth item (264) does not.
    const list = screen.getByRole('list', { name: 'Recent Activity' });
    expect(list).toHaveStyle({ maxHeight: '216px' });
  });

  it('needs no limit when every item fits', () => {
    layOut(0);
    render(
      <MemoryRouter>
        <RecentActivity activity={activity.slice(0, 3)} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('list', { name: 'Recent Activity' }).style.maxHeight).toBe('');
  });
});

describe('wholeItemsHeight', () => {
  it('ends at the last whole item within the limit', () => {
    expect(wholeItemsHeight([48, 120, 168, 216, 264], 240)).toBe(216);
    expect(wholeItemsHeight([48, 120, 240, 300], 240)).toBe(240);
  });

  it('keeps a first item taller than the limit whole, and sets no limit when all fit or there is nothing', () => {
    expect(wholeItemsHeight([300, 360], 240)).toBe(300);
    expect(wholeItemsHeight([48, 96], 240)).toBeUndefined();
    expect(wholeItemsHeight([], 240)).toBeUndefined();
  });
});
