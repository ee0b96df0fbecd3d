import { defineCatalogue, setLanguage } from './i18n';

// A catalogue of its own, so the forms tested are these and not an app's.
const text = defineCatalogue(
  'plural-test',
  {
    watchers_one: '{{count}} watcher',
    watchers_other: '{{count}} watchers',
    matches_one: '{{n}} issue matches “{{q}}”',
    matches_other: '{{n}} issues match “{{q}}”',
    hours_one: '{{n}} hour',
    hours_other: '{{n}} hours',
    title: 'Watchers',
  },
  {
    de: async () => ({
      default: {
        watchers_one: '{{count}} Beobachter',
        watchers_other: '{{count}} Beobachtende',
        matches_one: '{{n}} Vorgang passt zu „{{q}}“',
        matches_other: '{{n}} Vorgänge passen zu „{{q}}“',
        hours_one: '{{n}} Stunde',
        hours_other: '{{n}} Stunden',
        title: 'Beobachtende',
      },
    }),
  },
);

afterEach(() => setLanguage('en'));

it('picks the one or other form by the count', () => {
  expect([text.plural('watchers', 1), text.plural('watchers', 0), text.plural('watchers', 2)]).toEqual([
    '1 watcher',
    '0 watchers',
    '2 watchers',
  ]);
});

it('writes {{n}} as the language writes numbers, beside the other values', async () => {
  expect(text.plural('matches', 5000, { q: 'login' })).toBe('5,000 issues match “login”');
  await setLanguage('de');
  expect(text.plural('matches', 1, { q: 'login' })).toBe('1 Vorgang passt zu „login“');
  expect(text.plural('matches', 5000, { q: 'login' })).toBe('5.000 Vorgänge passen zu „login“');
});

it('takes an n of the caller’s, the count still choosing the form', () => {
  expect(text.plural('hours', 1.5, { n: '1.5' })).toBe('1.5 hours');
  expect(text.plural('hours', 1, { n: '1.0' })).toBe('1.0 hour');
});

it('accepts only the stems of counted texts', () => {
  // tsc holds these two lines to their errors; run, a key without forms reads as itself.
  // @ts-expect-error -- 'title' has no _one and _other forms
  expect(text.plural('title', 2)).toBe('Watchers');
  // @ts-expect-error -- a form's key is not a stem
  expect(text.plural('watchers_one', 2)).toBe('2 watcher');
});
