import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { messages } from '@trackboard/contracts';
import { Invalid } from '@trackboard/server-kit';

// The length (10 at least) is in the request schema; here is what length alone cannot judge
// (NIST SP 800-63B §3.1.1.2: refuse common, expected and context-specific passwords). zxcvbn
// estimates the guesses an attacker needs from common-password lists, keyboard patterns,
// repeats and sequences, and the words of this account; score 3 means fewer than 10^10 are not
// enough (zxcvbn's "safely unguessable" against an online attack, and a slow offline one
// against our argon2id). It stays on the server: its lists would weigh ~1 MB in a browser bundle.
const MIN_SCORE = 3;

// Built on first use: the lists take ~40 ms and a few MB, which only registration needs.
// Levenshtein matching stays off: it measured 47 ms per check here against 1.3 ms without, and
// the near-misses it adds ("passwort12") already score below MIN_SCORE on their other patterns.
let estimator: ZxcvbnFactory | undefined;
const zxcvbn = () => (estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }));

const plain = (text: string) => text.trim().toLowerCase();
const wordsOf = (text: string) => plain(text).match(/\p{L}+/gu) ?? [];

/**
 * What a person builds a password from: the name and e-mail whole, and their words ("quentin",
 * "example", "quentinexample" for Quentin Example). Words of three letters or more: shorter ones
 * ("Li", "Jo") turn up inside unrelated words and would make good passphrases look weak.
 */
function personalWords(account: { email: string; name: string }): string[] {
  const localPart = account.email.slice(0, account.email.lastIndexOf('@'));
  const words = [...wordsOf(account.name), ...wordsOf(localPart), wordsOf(account.name).join('')];
  const whole = [account.email, localPart, account.name].map(plain);
  return [...new Set([...whole, ...words.filter((word) => word.length >= 3)])];
}

/**
 * The password with the person's words taken out, longest first: what is left to guess for an
 * attacker who knows whose account it is. zxcvbn alone rates "GraceHopper1906" 10^8 guesses (two
 * dictionary words and a year, multiplied), though it is the name and a birth year.
 */
function withoutPersonal(password: string, personal: string[]): string {
  const longestFirst = [...personal].sort((a, b) => b.length - a.length);
  return longestFirst.reduce((rest, word) => rest.split(word).join(' '), plain(password));
}

/** Throws a 400 with the catalogue's reason when `password` may not be this account's password. */
export function assertPasswordAllowed(password: string, account: { email: string; name: string; appName: string }) {
  const personal = personalWords(account);
  if (personal.includes(plain(password))) throw new Invalid(messages.passwordIsPersonal);
  const inputs = [...personal, plain(account.appName)];
  const { score, feedback } = zxcvbn().check(password, inputs);
  if (score < MIN_SCORE)
    throw new Invalid(feedback.warning === 'userInputs' ? messages.passwordIsPersonal : messages.passwordTooGuessable);
  // The name or e-mail with digits and symbols around it ("QuentinExample1", "Example.Quentin!!").
  const rest = withoutPersonal(password, personal);
  if (rest !== plain(password) && zxcvbn().check(rest, inputs).score < MIN_SCORE)
    throw new Invalid(messages.passwordIsPersonal);
}
