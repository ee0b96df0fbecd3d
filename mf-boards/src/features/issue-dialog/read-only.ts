import { createContext, useContext } from 'react';

/**
 * The dialog's one read-only flag (the project is archived, and the server
 * refuses every change). Each field reads it: it shows its value and offers no editor.
 */
export const DialogReadOnly = createContext(false);

export const useDialogReadOnly = (): boolean => useContext(DialogReadOnly);
