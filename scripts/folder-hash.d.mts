/** sha256 over each file's path ('/'-separated), size and content, in path order (hex). */
export function folderHash(folder: string): string;
