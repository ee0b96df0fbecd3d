import { useEffect } from 'react';
import { useAppConfig } from '../config/app-config';

/**
 * A page's bid for the tab title. The shell's layout bids for every route with what the path
 * alone tells it ("Board"), as a fallback; a page that knows more (the board's name) bids
 * plainly and wins. Ranked this way rather than by order because React runs a parent's effect
 * after its children's: the layout would otherwise overwrite the page below it.
 */
type Claim = { title: string; fallback: boolean };

// web-kit is one shared instance (ARCHITECTURE §5), so the shell and every remote bid here.
const claims: Claim[] = [];
let followingAppName = false;

/** The newest plain claim, else the newest fallback, then the product's name. */
function showTitle(): void {
  const winner = claims.findLast((claim) => !claim.fallback) ?? claims.at(-1);
  const appName = useAppConfig.getState().name;
  document.title = winner ? `${winner.title} · ${appName}` : appName;
}

/**
 * Names the page in the browser's tab as "{title} · {product name}" while the calling
 * component is mounted. `undefined` while the page does not know its name yet
 * (still loading): the other claims, or the product's name alone, show meanwhile.
 * `fallback` marks a route-level guess that any page's own title replaces.
 */
export function useDocumentTitle(title: string | undefined, { fallback = false }: { fallback?: boolean } = {}): void {
  useEffect(() => {
    if (!title) return;
    if (!followingAppName) {
      // The product's name arrives with GET /app-config.json, after the first titles.
      followingAppName = true;
      useAppConfig.subscribe((config, previous) => config.name !== previous.name && showTitle());
    }
    const claim: Claim = { title, fallback };
    claims.push(claim);
    showTitle();
    return () => {
      claims.splice(claims.indexOf(claim), 1);
      showTitle();
    };
  }, [title, fallback]);
}
