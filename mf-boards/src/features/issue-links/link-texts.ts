import type { IssueStatus, RelationType } from '@trackboard/contracts';
import { boardText as t, uiMessages, wordsOf } from '../../ui-messages';

/** What an issue's links say: the dialog's sub-issues, parent and relations. */
export const linkTexts = {
  get subIssuesHeading() {
    return t('subIssuesHeading');
  },
  get loadingSubIssues() {
    return t('loadingSubIssues');
  },
  get subIssuesLoadFailed() {
    return t('subIssuesLoadFailed');
  },
  get noSubIssues() {
    return t('noSubIssues');
  },
  progress: (done: number, total: number) => t('subIssueProgress', { done, total }),
  get addSubIssue() {
    return t('addSubIssue');
  },
  get subIssueTitle() {
    return t('subIssueTitle');
  },
  get createFailed() {
    return t('serverRefused');
  },
  get parent() {
    return t('fieldParent');
  },
  get noParent() {
    return t('noParent');
  },
  get setParent() {
    return t('setParent');
  },
  get changeParent() {
    return t('changeParent');
  },
  get removeParent() {
    return t('removeParent');
  },
  get parentKey() {
    return t('parentKey');
  },
  get parentKeyPlaceholder() {
    return t('issueKeyPlaceholder');
  },
  get parentNotFound() {
    return t('parentNotFound');
  },
  get save() {
    return t('save');
  },
  get cancel() {
    return t('cancel');
  },
  get retry() {
    return t('retry');
  },
  get relationsHeading() {
    return t('relationsHeading');
  },
  get loadingRelations() {
    return t('loadingRelations');
  },
  get relationsLoadFailed() {
    return t('relationsLoadFailed');
  },
  get noRelations() {
    return t('noRelations');
  },
  get addRelation() {
    return t('addRelation');
  },
  get relationType() {
    return t('relationType');
  },
  get closeDuplicate() {
    return t('closeDuplicate');
  },
  get relatedKey() {
    return t('relatedKey');
  },
  get remove() {
    return t('remove');
  },
  removeRelation: (heading: string, key: string) => t('removeRelation', { heading, issueKey: key }),
  hidden: (n: number) => t.plural('hiddenIssues', n),
  get failedReason() {
    return t('serverRefused');
  },
  get parentOf() {
    return t('parentIssue');
  },
};

/** A relation type's heading, as the issue seen reads it. */
export const relationHeadings: Record<RelationType, string> = wordsOf<RelationType>({
  blocks: 'relationBlocks',
  blocked_by: 'relationBlockedBy',
  relates: 'relationRelates',
  duplicates: 'relationDuplicates',
  duplicated_by: 'relationDuplicatedBy',
});

export const statusNames: Record<IssueStatus, string> = uiMessages.statusNames;

/**
 * The server's refusal as a sentence: its field prefix ("issueKey: …") names the request's field,
 * which the form beside the message already shows.
 */
export function readableReason(reason: string): string {
  const text = reason.replace(/^[A-Za-z]+: /, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
