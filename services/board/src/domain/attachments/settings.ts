import { join } from 'node:path';
import { z } from 'zod';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_PROJECT_QUOTA_BYTES } from '@trackboard/contracts';
import { loadConfig } from '@trackboard/server-kit';
import type { AttachmentSettings } from './attachments';
import { createFileStore, fileStoreConfig } from '@trackboard/file-store';

const bytes = z.coerce.number({ error: 'must be a number of bytes' }).int().positive();
const limitsEnv = z.object({
  ATTACHMENT_MAX_BYTES: bytes.default(ATTACHMENT_MAX_BYTES),
  ATTACHMENT_PROJECT_QUOTA_BYTES: bytes.default(ATTACHMENT_PROJECT_QUOTA_BYTES),
});

/**
 * Where attachments go and how large they may be, from the environment: the data folder
 * (DATA_DIR/attachments) unless S3_BUCKET names a bucket (file-store.ts). Uploads wait in
 * DATA_DIR/uploads while they are checked.
 */
export function attachmentSettings(env: Record<string, string | undefined>, dataDir: string): AttachmentSettings {
  const limits = loadConfig(limitsEnv, env);
  return {
    store: createFileStore(fileStoreConfig(env, dataDir)),
    scratchDir: join(dataDir, 'uploads'),
    maxBytes: limits.ATTACHMENT_MAX_BYTES,
    quotaBytes: limits.ATTACHMENT_PROJECT_QUOTA_BYTES,
  };
}
