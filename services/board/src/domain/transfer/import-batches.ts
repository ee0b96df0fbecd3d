// An import's rows go in as multi-row INSERTs of BATCH rows, each its own statement, and the
// event loop is let go between them: on PGlite (one connection) a single transaction held every
// other user's query until it ended (docs/decisions/0001-import-acts-as-its-importer.md).

const BATCH = 100;

export const batches = <T>(items: T[]) => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
};

/** Lets every other request's queries run before the next batch. */
export const letOthersIn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Who writes the import, and into which new project: everything is written as theirs. */
export type ImportTarget = {
  projectId: number;
  projectKey: string;
  userId: number;
  userEmail: string;
};

/** The importer's e-mail, whatever its case in the file. */
export const importerTest = (target: ImportTarget) => {
  const me = target.userEmail.toLowerCase();
  return (email: string | null) => email?.toLowerCase() === me;
};
