import { useRef, useState, type DragEvent } from 'react';
import { boardText } from '../../ui-messages';

/** What a zone says while files are held over it. */
export const fileDropHint = () => boardText('dropFilesHint');

/** Files dragged in from outside the page: not a card being moved (react-dnd), not selected text. */
export const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * A drop zone for files from the desktop, on the native drag events: the board moves cards with
 * react-dnd, whose drags never carry 'Files', so a file drop neither starts nor takes part in a
 * card move (react-dnd sees it as a native item no card accepts). `over` is true while files are
 * held over the zone. `onFiles` null: no zone (an archived project's issue).
 */
export function useFileDrop(onFiles: ((files: File[]) => void) | null) {
  const [over, setOver] = useState(false);
  // dragenter and dragleave come for every element inside the zone as the pointer crosses it.
  const depth = useRef(0);
  if (!onFiles) return { over: false, dropProps: {} };
  return {
    over,
    dropProps: {
      onDragEnter(event: DragEvent) {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setOver(true);
      },
      onDragOver(event: DragEvent) {
        if (!carriesFiles(event)) return;
        // Taken here: without it the browser would refuse the drop (or open the file in the tab).
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      },
      onDragLeave(event: DragEvent) {
        if (!carriesFiles(event)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      },
      onDrop(event: DragEvent) {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        depth.current = 0;
        setOver(false);
        const files = Array.from(event.dataTransfer.files);
        if (files.length > 0) onFiles(files);
      },
    },
  };
}
