import type { IssueDto } from '@trackboard/contracts';
import { Relations } from './relations';
import { SubIssues } from './sub-issues';

export interface IssueLinksSectionProps {
  issue: Pick<
    IssueDto,
    'id' | 'version' | 'updatedAt' | 'parentId' | 'subIssueCount' | 'subIssuesDone' | 'blocked' | 'projectId'
  >;
  /** The project is archived: the links are shown and opened, none is added or removed. */
  readOnly: boolean;
}

/** The issue dialog's links to other issues: its parent and sub-issues, then its relations. */
export function IssueLinksSection({ issue, readOnly }: IssueLinksSectionProps) {
  return (
    <>
      <SubIssues issue={issue} readOnly={readOnly} />
      <Relations issue={issue} readOnly={readOnly} />
    </>
  );
}
