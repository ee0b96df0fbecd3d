import type { IssueDto } from '@trackboard/contracts';
import { useId, useState } from 'react';
import { useBoardStore } from '../../shared/board-store';
import { refusalOf } from './failure-reason';
import { KeyForm } from './key-form';
import { linkApi, useSubIssues } from './issue-links-api';
import { LinkedIssueRow } from './linked-issue-row';
import { ParentField } from './parent-field';
import { ListPending, SectionHeader } from './section-parts';
import { linkTexts } from './link-texts';
import styles from './issue-links.module.css';

type SubIssuesIssue = Pick<
  IssueDto,
  'id' | 'version' | 'updatedAt' | 'parentId' | 'subIssueCount' | 'subIssuesDone' | 'blocked' | 'projectId'
>;

/** The dialog's sub-issues: the issue's parent, its direct sub-issues with their progress, and a new one. */
export function SubIssues({ issue, readOnly }: { issue: SubIssuesIssue; readOnly: boolean }) {
  const headingId = useId();
  const [changed, setChanged] = useState(false);
  const { data, error, mutate } = useSubIssues(issue, changed);
  const [adding, setAdding] = useState(false);
  const refresh = () => {
    setChanged(true);
    void mutate();
  };
  // A new sub-issue starts in the first column of the board the parent is on (the board shown).
  const firstColumnId = useBoardStore((state) => state.columnMeta[0]?.id ?? null);

  const create = async (title: string) => {
    if (!firstColumnId) return linkTexts.failedReason;
    try {
      const created = await linkApi.createIssue({ projectId: issue.projectId, columnId: firstColumnId, title });
      await linkApi.setParent(created.id, issue.id);
      refresh();
      return null;
    } catch (failure) {
      return refusalOf(failure);
    }
  };

  const total = data?.subIssues.length ?? issue.subIssueCount;
  const done = data?.done ?? issue.subIssuesDone;

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <SectionHeader
        id={headingId}
        title={linkTexts.subIssuesHeading}
        count={total}
        addLabel={readOnly || adding ? null : linkTexts.addSubIssue}
        onAdd={() => setAdding(true)}
      />
      <ParentField
        issueId={issue.id}
        // The list's answer is the newer word on the parent, until the board room brings the issue.
        parentId={data ? (data.parent?.id ?? null) : issue.parentId}
        parent={data?.parent ?? null}
        readOnly={readOnly}
        onChanged={refresh}
      />
      {total > 0 ? (
        <div className={styles.progress}>
          <span className={styles.bar} aria-hidden="true">
            <span className={styles.barDone} style={{ width: `${(100 * done) / total}%` }} />
          </span>
          <span>{linkTexts.progress(done, total)}</span>
        </div>
      ) : null}
      {!data ? (
        <ListPending
          failed={!!error}
          failedText={linkTexts.subIssuesLoadFailed}
          loadingText={linkTexts.loadingSubIssues}
          onRetry={() => void mutate()}
        />
      ) : data.subIssues.length > 0 ? (
        <ul className={styles.list}>
          {data.subIssues.map((sub) => (
            <LinkedIssueRow key={sub.id} issue={sub} />
          ))}
        </ul>
      ) : adding ? null : (
        <p className={styles.muted}>{linkTexts.noSubIssues}</p>
      )}
      {adding ? (
        <KeyForm
          label={linkTexts.subIssueTitle}
          submitLabel={linkTexts.addSubIssue}
          onSubmit={create}
          onCancel={() => setAdding(false)}
        />
      ) : null}
    </section>
  );
}
