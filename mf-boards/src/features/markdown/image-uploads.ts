import { createContext, useContext } from 'react';

/** Sends an image pasted into a Markdown editor somewhere, answering the name and address to embed it by. */
export type UploadImage = (file: File) => Promise<{ name: string; url: string }>;

/**
 * Where a pasted image goes: the issue dialog attaches it to the issue, for every editor inside it
 * (the description's and the comments'). Outside a provider, a paste is the browser's own.
 */
export const ImageUploads = createContext<UploadImage | null>(null);

export const useImageUploads = () => useContext(ImageUploads);
