import { secureHeaders } from 'hono/secure-headers';

/** Where each remote is loaded from: its manifest's origin, unless it is served here. */
export function remoteOrigins(remoteUrls: (string | undefined)[]): string[] {
  const origins = remoteUrls.flatMap((url) => (url && URL.canParse(url) ? [new URL(url).origin] : []));
  return [...new Set(origins)];
}

/**
 * Headers every gateway response starts with. HSTS only when users reach the app over HTTPS
 * (PUBLIC_URL): sent over plain HTTP it is ignored at best, and it would pin a host that
 * has no certificate.
 */
export function edgeHeaders(publicUrl: string | undefined): Record<string, string> {
  return publicUrl?.startsWith('https:') ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {};
}

/**
 * The page's policy (the shell and every remote run under it): scripts only from here and
 * from the remotes' origins, no inline script and no eval; the remotes' manifests are
 * fetched, so their origins are in connect-src too ('self' covers the API and, in CSP3, the
 * socket's ws:/wss: on this host). Styles allow 'unsafe-inline': style-loader puts every
 * CSS module into a <style> element and Radix's scroll lock (react-remove-scroll) adds its
 * own, so a policy without it would need a per-response nonce threaded into every remote's
 * webpack runtime. Avatars may live on any HTTPS host.
 */
export function pageSecurityHeaders(remoteUrls: (string | undefined)[]) {
  const remotes = remoteOrigins(remoteUrls);
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...remotes],
      connectSrc: ["'self'", ...remotes],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    // A remote served from another origin (a CDN) is not sent with CORP headers of ours.
    crossOriginEmbedderPolicy: false,
    // The edge decides (edgeHeaders).
    strictTransportSecurity: false,
    // Keeps what a route set itself (the remotes' Cross-Origin-Resource-Policy).
    overwrite: false,
  });
}
