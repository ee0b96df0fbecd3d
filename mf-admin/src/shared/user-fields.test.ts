import { adminUser } from '../testing/render-admin';
import { describeFields, displayName, fieldLabel, formatDate } from './user-fields';

const medium = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

describe('dates', () => {
  it.each([null, undefined, ''])('a missing date (%p) reads "N/A"', (value) => {
    expect(formatDate(value)).toBe('N/A');
  });

  it.each(['yesterday', '2024-13-45', {}, true])('something that is no date (%p) reads "Invalid Date"', (value) => {
    expect(formatDate(value)).toBe('Invalid Date');
  });

  it('a date reads in the local format', () => {
    expect(formatDate('2024-05-01T10:00:00.000Z')).toBe(medium.format(new Date('2024-05-01T10:00:00.000Z')));
  });
});

describe('a user on this screen', () => {
  it('goes by the name, or by the e-mail when there is none', () => {
    expect(displayName({ name: 'Ada', email: 'ada@example.com' })).toBe('Ada');
    expect(displayName({ name: '  ', email: 'ada@example.com' })).toBe('ada@example.com');
  });

  it('shows every field, dates formatted, nested settings as their own rows', () => {
    const user = adminUser({ id: '7', bio: '', avatarUrl: null, isAdmin: false, updatedAt: 'garbage' });
    const rows = describeFields(user);
    expect(rows.map((row) => row.name)).toEqual(Object.keys(user));
    const row = (name: string) => rows.find((r) => r.name === name)!;
    expect(row('id')).toMatchObject({ label: 'ID', value: '7' });
    expect(row('avatarUrl')).toMatchObject({ label: 'Avatar URL', value: 'N/A' });
    expect(row('bio').value).toBe('N/A');
    expect(row('isAdmin')).toMatchObject({ label: 'Is Admin', value: 'No' });
    expect(row('createdAt')).toMatchObject({ label: 'Created At', value: medium.format(new Date(user.createdAt)) });
    expect(row('updatedAt').value).toBe('Invalid Date');
    expect(row('profileSettings').children).toEqual([
      { name: 'fontSize', label: 'Font Size', value: 'MEDIUM' },
      { name: 'highContrast', label: 'High Contrast', value: 'No' },
      { name: 'themePreference', label: 'Theme Preference', value: 'SYSTEM' },
      { name: 'language', label: 'Language', value: 'N/A' },
      { name: 'timeZone', label: 'Time Zone', value: 'N/A' },
    ]);
  });

  it('treats any field ending in At as a date, even a missing one', () => {
    expect(describeFields({ lastLoginAt: null, approvedAt: 'soon' })).toEqual([
      { name: 'lastLoginAt', label: 'Last Login At', value: 'N/A' },
      { name: 'approvedAt', label: 'Approved At', value: 'Invalid Date' },
    ]);
    expect(fieldLabel('email')).toBe('Email');
  });
});
