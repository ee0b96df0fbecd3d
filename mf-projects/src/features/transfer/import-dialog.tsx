import * as Dialog from '@radix-ui/react-dialog';
import type { ImportFormat, ImportJobDto } from '@trackboard/contracts';
import { errorReason, MessageBox } from '@trackboard/web-kit';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ImportPeople } from './import-people';
import { ImportLines, ImportSummary } from './import-summary';
import { formatForFile, readImport, startImport } from './transfer-api';
import { transferMessages as m } from './transfer-messages';
import styles from './transfer.module.css';

/** How often the dialog asks how the import is going. */
export const POLL_MS = 500;
const formats: ImportFormat[] = ['trackboard', 'csv', 'trello'];
/** The file's first bytes as text (FileReader: Blob.text is missing from some engines). */
const readHead = (file: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => resolve('');
    reader.readAsText(file.slice(0, 4096));
  });
const finished = (job: ImportJobDto | undefined) => job?.status === 'succeeded' || job?.status === 'failed';

/**
 * The projects page's Import: a file, its format (guessed from its name and first
 * bytes, changeable), the new project's key and name; then the job's progress, read every
 * POLL_MS until it ends, and a link to the new project with the people the file names to add
 * — or where the file went wrong.
 */
export function ImportDialog({ onImported }: { onImported?: () => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File>();
  const [format, setFormat] = useState<ImportFormat>('trackboard');
  const [key, setKey] = useState('');
  const [name, setName] = useState('');
  const [strict, setStrict] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);
  const [job, setJob] = useState<ImportJobDto>();
  const running = sending || (job !== undefined && !finished(job));

  useEffect(() => {
    if (!job || finished(job)) return;
    const timer = setTimeout(() => {
      readImport(job.id).then(
        (next) => {
          setJob(next);
          if (next.status === 'succeeded') onImported?.();
        },
        (error: unknown) => setProblem(m.startFailed(errorReason(error, m.startDefault))),
      );
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job, onImported]);

  const reset = () => {
    setFile(undefined);
    setFormat('trackboard');
    setKey('');
    setName('');
    setStrict(false);
    setProblem(undefined);
    setJob(undefined);
  };
  const change = (next: boolean) => {
    if (running) return;
    setOpen(next);
    if (!next) reset();
  };

  const choose = async (chosen: File | undefined) => {
    setFile(chosen);
    if (!chosen) return;
    if (!name)
      setName(
        chosen.name
          .replace(/\.[^.]+$/, '')
          .replace(/[-_]+/g, ' ')
          .trim()
          .slice(0, 100),
      );
    // The name decides at once; the first bytes then tell our export from a Trello one.
    setFormat(formatForFile(chosen.name));
    setFormat(formatForFile(chosen.name, await readHead(chosen)));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    if (!file) return setProblem(m.fileRequired);
    if (!key.trim() || !name.trim()) return setProblem(m.keyAndNameRequired);
    setSending(true);
    try {
      setJob(await startImport(file, { format, key: key.trim(), name: name.trim(), strict }));
    } catch (error) {
      setProblem(m.startFailed(errorReason(error, m.startDefault)));
    } finally {
      setSending(false);
    }
  };

  const failure = job?.status === 'failed' ? job.error : null;
  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Trigger asChild>
        <button type="button" className={styles.secondaryButton}>
          {m.importButton}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content}>
          <Dialog.Title className={styles.title}>{m.importTitle}</Dialog.Title>
          <Dialog.Description className={styles.description}>{m.importDescription}</Dialog.Description>
          <form onSubmit={(event) => void submit(event)} noValidate>
            <label className={styles.label} htmlFor={`${id}-file`}>
              {m.fileLabel}
            </label>
            <input
              id={`${id}-file`}
              className={styles.input}
              type="file"
              accept=".json,.csv,.zip,application/json,text/csv,application/zip"
              disabled={running}
              onChange={(event) => void choose(event.target.files?.[0])}
            />
            <label className={styles.label} htmlFor={`${id}-format`}>
              {m.formatLabel}
            </label>
            <select
              id={`${id}-format`}
              className={styles.input}
              value={format}
              disabled={running}
              onChange={(event) => setFormat(event.target.value as ImportFormat)}
            >
              {formats.map((f) => (
                <option key={f} value={f}>
                  {m.formats[f]}
                </option>
              ))}
            </select>
            <label className={styles.label} htmlFor={`${id}-key`}>
              {m.keyLabel}
            </label>
            <input
              id={`${id}-key`}
              className={styles.input}
              value={key}
              maxLength={10}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              disabled={running}
              onChange={(event) => setKey(event.target.value.toUpperCase())}
            />
            <label className={styles.label} htmlFor={`${id}-name`}>
              {m.nameLabel}
            </label>
            <input
              id={`${id}-name`}
              className={styles.input}
              value={name}
              maxLength={100}
              disabled={running}
              onChange={(event) => setName(event.target.value)}
            />
            {format === 'csv' && (
              <label className={styles.checkboxField}>
                <input
                  type="checkbox"
                  checked={strict}
                  disabled={running}
                  onChange={(event) => setStrict(event.target.checked)}
                />
                <span>{m.strictLabel}</span>
              </label>
            )}

            {(sending || (job && !finished(job))) && (
              <>
                <progress
                  className={styles.progress}
                  aria-label={m.importTitle}
                  max={job?.total || undefined}
                  value={job?.total ? job.processed : undefined}
                />
                <p role="status" className={styles.status}>
                  {sending ? m.uploading : m.progress(job!.processed, job!.total)}
                </p>
              </>
            )}
            {job?.status === 'succeeded' && (
              <MessageBox tone="success">
                {m.succeeded(job.total, job.projectKey)}{' '}
                <Link to={`/projects/${encodeURIComponent(job.projectKey)}`} onClick={() => change(false)}>
                  {m.openProject(job.projectKey)}
                </Link>
              </MessageBox>
            )}
            {job?.status === 'succeeded' && job.summary && <ImportSummary summary={job.summary} />}
            {job?.status === 'succeeded' && <ImportPeople job={job} onChange={setJob} />}
            {failure && (
              <MessageBox tone="error">
                {/* The server's message names the place: "line 5: Due date: …" or "cards[3].name: …". */}
                {failure.message} {m.failed}
              </MessageBox>
            )}
            {failure?.errors && (
              <section className={styles.summary} aria-label={m.problemsTitle}>
                <ImportLines
                  title={m.problemsTitle}
                  lines={failure.errors.map((error) => error.message)}
                  total={failure.errorCount}
                />
              </section>
            )}
            {problem && <MessageBox tone="error">{problem}</MessageBox>}

            <div className={styles.dialogActions}>
              <Dialog.Close asChild>
                <button type="button" className={styles.neutralButton} disabled={running}>
                  {job?.status === 'succeeded' ? m.close : m.cancel}
                </button>
              </Dialog.Close>
              {job?.status !== 'succeeded' && (
                <button type="submit" className={styles.primaryButton} disabled={running}>
                  {m.start}
                </button>
              )}
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
