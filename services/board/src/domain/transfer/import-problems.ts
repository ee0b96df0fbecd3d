import type { z } from 'zod';
import { IMPORT_PROBLEMS_LISTED, type ImportProblem } from '@trackboard/contracts';
import { ImportFailure, messageAt, type Place } from './import-plan';

/** Where a value sits in a JSON file, as messages name it: `cards[2].name`. */
const jsonPath = (segments: readonly PropertyKey[]) =>
  segments.reduce<string>(
    (out, s) => (typeof s === 'number' ? `${out}[${s}]` : out ? `${out}.${String(s)}` : String(s)),
    '',
  );

/**
 * A file's problems, gathered while the whole file is read so one answer names them all (a
 * file fixed one error per try takes as many tries as it has errors). Errors fail the import
 * once reading is done; warnings are values the reader did not know and what it made of them,
 * kept in the job's summary — or errors too, when the importer asked for a strict import.
 */
export class ImportProblems {
  private readonly errors: ImportProblem[] = [];
  private errorCount = 0;
  /** Every warning, in file order (the summary lists the first ones and counts them all). */
  readonly warnings: string[] = [];

  constructor(private readonly strict = false) {}

  /** Runs one check of the file: its failure is noted and reading goes on. Undefined when it failed. */
  check<T>(read: () => T): T | undefined {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof ImportFailure)) throw error;
      this.add(error.where);
      return undefined;
    }
  }

  /** Something wrong with the file at `place`: reading goes on, and the import fails at the end. */
  error(place: Place, reason: string): void {
    this.add({ ...place, message: messageAt(place, reason) });
  }

  /** A JSON file its schema refused: every place it named, then the failure. */
  refused(error: z.ZodError): never {
    for (const issue of error.issues) this.error({ field: jsonPath(issue.path) || '(file)' }, issue.message);
    this.throwIfAny();
    throw error; // a failed parse names at least one place: not reached
  }

  /** A value the import did not know, and (`outcome`) what it made of it instead of failing. */
  warn(place: Place, reason: string, outcome?: string): void {
    if (this.strict) this.add({ ...place, message: messageAt(place, reason) });
    else this.warnings.push(messageAt(place, outcome ? `${reason}; ${outcome}` : reason));
  }

  /** Fails the file when anything was wrong with it: one problem as itself, several listed. */
  throwIfAny(): void {
    const [first] = this.errors;
    if (!first) return;
    if (this.errorCount === 1) throw new ImportFailure(first);
    throw new ImportFailure({
      ...first,
      message: `The file has ${this.errorCount.toLocaleString('en')} problems; the first: ${first.message}`,
      errors: this.errors,
      errorCount: this.errorCount,
    });
  }

  private add(problem: ImportProblem): void {
    this.errorCount++;
    if (this.errors.length < IMPORT_PROBLEMS_LISTED) this.errors.push(problem);
  }
}
