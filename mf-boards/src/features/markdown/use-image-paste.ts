import { useEffect, useLayoutEffect, useRef, type ClipboardEvent, type RefObject } from 'react';
import { useImageUploads } from './image-uploads';
import { caretAfterReplace, imageMarkdown, insertAt, pastedImages, uploadingMarkdown } from './pasted-images';

interface ImagePasteOptions {
  /** The stored text (`value`) and its change, as the editor's owner holds them. */
  value: string;
  onChange(value: string): void;
  /** The text as the box shows it (mentions as `@Name`), which the caret counts in, and its change. */
  shownText: string;
  changeShown(text: string): void;
  box: RefObject<HTMLTextAreaElement | null>;
}

/**
 * Pasting an image into a Markdown box where images go somewhere (ImageUploads): a placeholder at
 * the caret at once, replaced by the image's embed once it is stored, or taken out if it is not.
 * Typing goes on meanwhile: the replacement is made in the text as it is then, the caret kept
 * where it was in it. Returns the box's onPaste, or undefined where a paste stays the browser's.
 */
export function useImagePaste({ value, onChange, shownText, changeShown, box }: ImagePasteOptions) {
  const upload = useImageUploads();
  const latest = useRef(value);
  const caret = useRef<number | null>(null);
  const mounted = useRef(true);
  useLayoutEffect(() => {
    latest.current = value;
    if (caret.current === null) return;
    box.current?.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value, box]);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  if (!upload) return undefined;
  return (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const images = pastedImages(event.clipboardData);
    if (images.length === 0) return;
    event.preventDefault();
    const { selectionStart, selectionEnd } = event.currentTarget;
    const placeholders = images.map((image) => uploadingMarkdown(image.name));
    const inserted = placeholders.join('\n');
    caret.current = selectionStart + inserted.length;
    changeShown(insertAt(shownText, selectionStart, selectionEnd, inserted));

    images.forEach((image, index) => {
      const placeholder = placeholders[index]!;
      // An editor closed meanwhile has no text to change; the file stays attached to the issue.
      const settle = (embed: string) => {
        if (!mounted.current || !latest.current.includes(placeholder)) return;
        const shown = box.current;
        if (shown && document.activeElement === shown)
          caret.current = caretAfterReplace(shown.value, placeholder, embed, shown.selectionStart);
        onChange(latest.current.replace(placeholder, embed));
      };
      upload(image).then(
        ({ name, url }) => settle(imageMarkdown(name, url)),
        () => settle(''),
      );
    });
  };
}
