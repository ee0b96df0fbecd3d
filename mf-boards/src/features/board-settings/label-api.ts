import type { LabelColor, LabelDto, LabelUsageDto } from '@trackboard/contracts';
import { api } from '@trackboard/web-kit';

const id = (value: string) => encodeURIComponent(value);

/**
 * The settings screen's label calls. A change goes without this page's origin id: the board's
 * echo of it then counts as anyone's, so the store takes the issues it changed (a deleted
 * label leaves them, one version on) as well as the labels.
 */
export const labelApi = {
  /** The board's labels, each with how many of its issues carry it. */
  usage: (boardId: string) => api.get<LabelUsageDto[]>(`/boards/${id(boardId)}/labels`),
  update: (labelId: string, changes: { name?: string; color?: LabelColor }) =>
    api.patch<LabelDto>(`/labels/${id(labelId)}`, changes),
  remove: (labelId: string) => api.delete<void>(`/labels/${id(labelId)}`),
};
