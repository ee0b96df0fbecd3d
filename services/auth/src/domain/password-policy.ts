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

/** Throws a 400 with the catalogue's reason when `password` may not be this account's password. */
export function assertPasswordAllowed(password: string, account: { email: string; name: string; appName: string }) {
  const localPart = account.email.slice(0, account.email.lastIndexOf('@'));
  const personal = [account.email, localPart, account.name].map(plain);
  if (personal.includes(plain(password))) throw new Invalid(messages.passwordIsPersonal);
  const { score, feedback } = zxcvbn().check(password, [...personal, plain(account.appName)]);
  if (score >= MIN_SCORE) return;
  throw new Invalid(feedback.warning === 'userInputs' ? messages.passwordIsPersonal : messages.passwordTooGuessable);
}
