import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Configuration } from 'oidc-provider';

// A real OpenID Connect provider in this process (oidc-provider, the certified Node
// implementation) for the tests of single sign-on: discovery, its own login and consent pages,
// PKCE, signed ID tokens, userinfo. Its login page takes the account's id and no password (the
// provider's own checks are not what is tested); consent is given on the page's first look, or
// refused for an account that declines.

export type OidcAccount = {
  email: string;
  emailVerified: boolean;
  name: string;
  groups?: string[];
  /** Refuses consent: the provider answers the client with `access_denied`. */
  declines?: boolean;
};

export type OidcTestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's people, by account id (the `sub`). */
  accounts: Map<string, OidcAccount>;
  /** The interaction prompts shown so far ("login", "consent"), in order. */
  prompts: string[];
  /**
   * Follows an authorization address through the provider's pages as a browser would, signing in
   * as `accountId`: the address the provider sends the browser back to (the client's redirect_uri).
   */
  signIn(authorizationUrl: string, accountId: string): Promise<URL>;
  close(): Promise<void>;
};

/**
 * oidc-provider warns, as it loads and starts, about what a production deployment must not use
 * (its in-memory store, its development keys, Node before 22): a provider that lives for one
 * test uses exactly those, so its warnings are left unsaid.
 */
async function quietly<T>(make: () => T | Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).startsWith('oidc-provider WARNING')) warn(...args);
  };
  try {
    return await make();
  } finally {
    console.warn = warn;
  }
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return new URLSearchParams(text);
}

export async function startOidcProvider({ redirectUris }: { redirectUris: string[] }): Promise<OidcTestProvider> {
  const accounts = new Map<string, OidcAccount>();
  const prompts: string[] = [];
  const clientId = 'trackboard';
  const clientSecret = 'a-test-client-secret-of-some-length';
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    scopes: ['openid', 'email', 'profile', 'groups'],
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name,
          groups: account.groups ?? [],
        }),
      };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['a-test-cookie-signing-key'] },
    // Codes live a minute; the client's own checks (state, nonce, PKCE) are what is tested.
    ttl: { AuthorizationCode: 60, Session: 3600, Grant: 3600, Interaction: 600, IdToken: 600, AccessToken: 600 },
  };
  const { default: Provider } = await quietly(() => import('oidc-provider'));
  const provider = await quietly(() => new Provider(issuer, configuration));
  const handle = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const { prompt, params, uid } = details;
    if (prompt.name === 'login') {
      if (req.method === 'GET') {
        prompts.push('login');
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            page(
              'Sign in to the test provider',
              `<form method="post" action="/interaction/${uid}"><label>Account <input name="login" autocomplete="username"></label> <button type="submit">Continue</button></form>`,
            ),
          );
        return;
      }
      const accountId = (await formBody(req)).get('login') ?? '';
      if (!accounts.has(accountId)) {
        res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end(page('Unknown account', ''));
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
      return;
    }
    prompts.push(prompt.name);
    const accountId = details.session!.accountId;
    if (accounts.get(accountId)?.declines) {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The person declined' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = details.grantId
      ? (await provider.Grant.find(details.grantId))!
      : new provider.Grant({ accountId, clientId: params.client_id as string });
    const missing = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/'))
      interaction(req, res).catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500).end(String(err));
      });
    else void handle(req, res);
  });

  /** Cookies of the provider's own, as a browser keeps them (name → value). */
  async function signIn(authorizationUrl: string, accountId: string): Promise<URL> {
    const jar = new Map<string, string>();
    const keep = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
    };
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let url = new URL(authorizationUrl);
    let init: RequestInit = {};
    for (let hop = 0; hop < 20; hop++) {
      if (url.origin !== issuer) return url; // back to the client
      const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, cookie: cookie() } });
      keep(res);
      init = {};
      const location = res.headers.get('location');
      if (location) {
        url = new URL(location, url);
        continue;
      }
      const text = await res.text();
      if (res.status === 200 && url.pathname.startsWith('/interaction/') && text.includes('name="login"')) {
        init = {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ login: accountId }).toString(),
        };
        continue;
      }
      throw new Error(`the test provider answered ${res.status} at ${url.pathname}: ${text.slice(0, 300)}`);
    }
    throw new Error('too many redirects at the test provider');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    prompts,
    signIn,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
