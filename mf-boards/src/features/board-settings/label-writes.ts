import type { LabelColor, LabelDto } from '@trackboard/contracts';
import { errorReason } from '@trackboard/web-kit';
import { useBoardStore } from '../../shared/board-store';
import { sortLabels } from '../../shared/board-store/board-model';
import { labelApi } from './label-api';
import { labelMessages } from './label-messages';

/**
 * A label renamed or recoloured: the answer is shown at once (the board room's echo brings the
 * same labels, and the issues a rename re-sorted). Resolves null once done, or the reason it was
 * refused, in the server's words.
 */
export async function updateLabel(labelId: string, changes: { name?: string; color?: LabelColor }) {
  try {
    const saved = await labelApi.update(labelId, changes);
    useBoardStore.setState((s) => ({ labels: sortLabels(s.labels.map((l) => (l.id === saved.id ? saved : l))) }));
    return null;
  } catch (error) {
    return errorReason(error, labelMessages.updateFailed);
  }
}

/** A label deleted: gone from the list at once; the echo takes it off the issues that carried it. */
export async function deleteLabel(label: LabelDto) {
  try {
    await labelApi.remove(label.id);
    useBoardStore.setState((s) => ({ labels: s.labels.filter((l) => l.id !== label.id) }));
    return null;
  } catch (error) {
    return errorReason(error, labelMessages.deleteFailed);
  }
}
