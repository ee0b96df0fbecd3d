// Creates the JWT key pair in <dir>/keys once (split mode without JWT_* variables; docker-compose's keygen step).
import { ensureKeyFiles } from '@trackboard/server-kit';

const dir = process.argv[2] ?? process.env.DATA_DIR ?? './data';
ensureKeyFiles(dir);
console.log(`JWT key pair ready in ${dir}/keys`);
