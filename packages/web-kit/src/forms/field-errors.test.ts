import { ISSUE_TITLE_MAX_LENGTH, messages, PASSWORD_MIN_LENGTH } from '@trackboard/contracts';
import { ApiError } from '../api/api-client';
import { setLanguage } from '../i18n/i18n';
import { fieldErrorFromMessage, fieldErrorOf, fieldRule, lengthError } from './field-errors';

const rules = {
  title: { label: 'Title', max: ISSUE_TITLE_MAX_LENGTH },
  password: { label: 'Password', min: PASSWORD_MIN_LENGTH },
};

describe('field errors from the server', () => {
  it('words "field: reason" with the limit from the contracts', () => {
    expect(fieldErrorFromMessage('title: is too long', rules)).toEqual({
      field: 'title',
      text: 'Title can be at most 300 characters.',
    });
    expect(fieldErrorFromMessage('password: must be at least 10 characters', rules)).toEqual({
      field: 'password',
      text: 'Password must be at least 10 characters.',
    });
    expect(fieldErrorFromMessage('title: is required', rules)?.text).toBe('Title is required.');
    expect(fieldErrorFromMessage('password: must not be your name or e-mail address.', rules)?.text).toBe(
      'Password must not be your name or e-mail address.',
    );
  });

  it('reads every field message of the catalogue as a sentence about its field ("URL has …", not "URL the …")', () => {
    const reasons = Object.values(messages as Record<string, unknown>)
      .filter((m): m is string => typeof m === 'string')
      .map((m) => /^[a-z][\w.]*: (.+)$/s.exec(m)?.[1])
      .filter((reason): reason is string => reason !== undefined);
    expect(reasons.length).toBeGreaterThan(5);
    for (const reason of reasons) expect(reason).toMatch(/^(is|must|has|names|matches|appears)\b/);
  });

  it('leaves messages that name no field of the form to the form', () => {
    expect(fieldErrorFromMessage('An account with this email already exists.', rules)).toBeUndefined();
    expect(fieldErrorFromMessage('columnId: must be an id', rules)).toBeUndefined();
    expect(fieldErrorFromMessage('constructor: x', rules)).toBeUndefined();
  });

  it('reads only 400 answers', () => {
    const body = { message: 'title: is too long' };
    expect(fieldErrorOf(new ApiError(400, body.message, body), rules)?.text).toBe(
      'Title can be at most 300 characters.',
    );
    expect(fieldErrorOf(new ApiError(500, body.message, body), rules)).toBeUndefined();
    expect(fieldErrorOf(new Error('title: is too long'), rules)).toBeUndefined();
  });

  describe('on a German page', () => {
    const german = { title: { label: 'Titel', max: ISSUE_TITLE_MAX_LENGTH }, password: { label: 'Passwort' } };
    beforeEach(() => setLanguage('de'));
    afterEach(() => setLanguage(null));

    it('says the limits and the server’s reasons in German', () => {
      expect(fieldErrorFromMessage('title: is too long', german)?.text).toBe(
        'Titel darf höchstens 300 Zeichen lang sein.',
      );
      expect(lengthError('ab', { ...german.title, min: 3 })).toBe('Titel muss mindestens 3 Zeichen lang sein.');
      const guessable = new ApiError(400, messages.passwordTooGuessable, { message: messages.passwordTooGuessable });
      expect(fieldErrorOf(guessable, german)?.text).toBe(
        'Passwort ist zu leicht zu erraten. Verwenden Sie eine längere Passphrase, die kein gängiges Passwort ist.',
      );
      expect(fieldErrorFromMessage(`title: ${messages.controlCharacters}`, german)?.text).toBe(
        'Titel darf keine Steuerzeichen enthalten.',
      );
    });
  });

  it('checks a value in the browser with the same words', () => {
    expect(lengthError('x'.repeat(301), rules.title)).toBe('Title can be at most 300 characters.');
    expect(lengthError(` ${'x'.repeat(300)} `, rules.title)).toBeUndefined();
    expect(lengthError('short', rules.password)).toBe('Password must be at least 10 characters.');
    expect(lengthError('', rules.password)).toBeUndefined();
  });

  it('names a field as its label reads when the message is made, not when the rule was', () => {
    let label = 'Title';
    const title = fieldRule(() => label, { max: 3 });
    expect(lengthError('abcd', title)).toBe('Title can be at most 3 characters.');
    label = 'Titel';
    expect(fieldErrorFromMessage('title: is too long', { title })?.text).toBe('Titel can be at most 3 characters.');
    expect(fieldRule(() => label)).toEqual({ label: 'Titel' });
  });
});
