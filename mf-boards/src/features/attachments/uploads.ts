// Uploads begun outside the section (a drop on the dialog, a pasted image): the upload code loads
// with the first of them, or with the section, never with the board.
const uploadStore = () => import(/* webpackChunkName: "attachments" */ './upload-store');

/** Sends each file to the issue; a failure is said in a toast. */
export const uploadFiles = async (issueId: string, files: File[]) => (await uploadStore()).uploadFiles(issueId, files);

/** An image pasted into one of the issue's Markdown boxes: its name and the address to embed. */
export const uploadImage = async (issueId: string, file: File) => (await uploadStore()).uploadImage(issueId, file);
