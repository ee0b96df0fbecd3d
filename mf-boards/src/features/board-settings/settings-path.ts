/** Where a board's settings live (deep-linkable): /boards/{id}/settings. */
export const settingsPath = (boardId: string) => `/boards/${encodeURIComponent(boardId)}/settings`;

/** The board itself, where the settings screen leads back to. */
export const boardPath = (boardId: string) => `/boards/${encodeURIComponent(boardId)}`;
