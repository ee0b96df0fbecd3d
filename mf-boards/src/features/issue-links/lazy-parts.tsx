import { uiMessages } from '../../ui-messages';
import { lazyPart } from '../../shared/lazy-part';
import type { IssueLinksSectionProps } from './issue-links-section';
import type { ParentCrumbProps } from './parent-crumb';

// The issue dialog's links, loaded with the dialog on first use (one chunk for both parts): the
// cold board has a byte budget (scripts/bundle-budget.mjs), and only the dialog shows them.

const section = lazyPart<IssueLinksSectionProps>({
  load: async () => (await import(/* webpackChunkName: "issue-links" */ './issue-links-section')).IssueLinksSection,
  loading: () => null,
  failed: () => <p role="alert">{uiMessages.partLoadsWhenBack}</p>,
});

/** The dialog's sub-issues, parent and relations. */
export const IssueLinksSection = section.Part;
export const preloadIssueLinks = section.preload;

// Until it arrives, and should it fail, the title stands alone (the section below says the failure).
const crumb = lazyPart<ParentCrumbProps>({
  load: async () => (await import(/* webpackChunkName: "issue-links" */ './parent-crumb')).ParentCrumb,
  loading: () => null,
  failed: () => null,
});

/** Over a sub-issue's title: its parent. */
export const ParentCrumb = crumb.Part;
