import { relationTypes, type IssueDto, type RelationType } from '@trackboard/contracts';
import { useId, useState } from 'react';
import { refusalOf } from './failure-reason';
import { KeyForm } from './key-form';
import { linkApi, useRelations } from './issue-links-api';
import { LinkedIssueRow } from './linked-issue-row';
import { ListPending, SectionHeader } from './section-parts';
import { linkTexts, relationHeadings } from './link-texts';
import styles from './issue-links.module.css';

type RelationsIssue = Pick<
  IssueDto,
  'id' | 'version' | 'updatedAt' | 'parentId' | 'subIssueCount' | 'subIssuesDone' | 'blocked'
>;

/** The dialog's relations: by kind, each removable; a new one by kind and key; the unseen counted. */
export function Relations({ issue, readOnly }: { issue: RelationsIssue; readOnly: boolean }) {
  const headingId = useId();
  const { data, error, mutate } = useRelations(issue);
  const [adding, setAdding] = useState(false);
  const [type, setType] = useState<RelationType>('blocks');
  // A duplicate is closed with its link unless unticked, as trackers close a duplicate.
  const [closeDuplicate, setCloseDuplicate] = useState(true);
  const [busy, setBusy] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const relate = async (key: string) => {
    try {
      await linkApi.relate(issue.id, type, key, type === 'duplicates' && closeDuplicate);
      await mutate();
      setAdding(false);
      return null;
    } catch (failure) {
      return refusalOf(failure);
    }
  };

  const unrelate = async (relationId: string) => {
    setBusy(relationId);
    setRemoveError(null);
    try {
      await linkApi.unrelate(issue.id, relationId);
      await mutate(
        (list) => list && { ...list, relations: list.relations.filter((relation) => relation.id !== relationId) },
      );
    } catch (failure) {
      setRemoveError(refusalOf(failure));
    } finally {
      setBusy(null);
    }
  };

  const groups = relationTypes
    .map((kind) => ({ kind, relations: data?.relations.filter((relation) => relation.type === kind) ?? [] }))
    .filter((group) => group.relations.length > 0);

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <SectionHeader
        id={headingId}
        title={linkTexts.relationsHeading}
        addLabel={readOnly || adding ? null : linkTexts.addRelation}
        onAdd={() => setAdding(true)}
      />
      {!data ? (
        <ListPending
          failed={!!error}
          failedText={linkTexts.relationsLoadFailed}
          loadingText={linkTexts.loadingRelations}
          onRetry={() => void mutate()}
        />
      ) : groups.length === 0 && data.hidden === 0 && !adding ? (
        <p className={styles.muted}>{linkTexts.noRelations}</p>
      ) : null}
      {groups.map(({ kind, relations }) => (
        <div key={kind} className={styles.group}>
          <h4 className={styles.groupHeading}>{relationHeadings[kind]}</h4>
          <ul className={styles.list}>
            {relations.map((relation) => (
              <LinkedIssueRow
                key={relation.id}
                issue={relation.issue}
                actions={
                  readOnly ? null : (
                    <button
                      type="button"
                      className={styles.linkButton}
                      disabled={busy === relation.id}
                      aria-label={linkTexts.removeRelation(relationHeadings[kind], relation.issue.key)}
                      onClick={() => void unrelate(relation.id)}
                    >
                      {linkTexts.remove}
                    </button>
                  )
                }
              />
            ))}
          </ul>
        </div>
      ))}
      {data && data.hidden > 0 ? <p className={styles.muted}>{linkTexts.hidden(data.hidden)}</p> : null}
      {removeError ? (
        <p className={styles.error} role="alert">
          {removeError}
        </p>
      ) : null}
      {adding ? (
        <KeyForm
          label={linkTexts.relatedKey}
          placeholder={linkTexts.parentKeyPlaceholder}
          submitLabel={linkTexts.addRelation}
          before={
            <>
              <select
                className={styles.select}
                aria-label={linkTexts.relationType}
                value={type}
                onChange={(event) => setType(event.target.value as RelationType)}
              >
                {relationTypes.map((kind) => (
                  <option key={kind} value={kind}>
                    {relationHeadings[kind]}
                  </option>
                ))}
              </select>
              {type === 'duplicates' ? (
                <label className={styles.check}>
                  <input
                    type="checkbox"
                    checked={closeDuplicate}
                    onChange={(event) => setCloseDuplicate(event.target.checked)}
                  />
                  {linkTexts.closeDuplicate}
                </label>
              ) : null}
            </>
          }
          onSubmit={relate}
          onCancel={() => setAdding(false)}
        />
      ) : null}
    </section>
  );
}
