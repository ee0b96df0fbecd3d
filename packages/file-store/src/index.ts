// Where uploaded files live, for every service that keeps some (the board's attachments, the auth
// service's avatars): a folder under DATA_DIR, or an S3-protocol bucket when S3_BUCKET is set. The
// contract both drivers keep is tested in services/board (domain/attachments/file-store.test.ts),
// against a real S3-protocol server.
export {
  contentDisposition,
  createFileStore,
  exactLength,
  fileStoreConfig,
  type DownloadOptions,
  type FileStore,
  type FileStoreConfig,
} from './file-store';
export { webStream } from './web-stream';
