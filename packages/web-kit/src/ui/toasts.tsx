import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { kitText } from '../i18n/kit-messages';
import styles from './toasts.module.css';

/**
 * Short-lived messages in a corner, each with an optional action (an Undo) and a Dismiss button.
 * One list for the whole page, kept here (web-kit is the app's one shared copy): anything shows
 * one with showToast, and the screen that renders <Toaster /> draws them. The time runs here
 * too, so a toast goes when its time is up whatever is drawn; it stands still while the pointer
 * or the focus is on the toasts, so an action is never taken away from under the hand.
 */

export type ToastTone = 'info' | 'error';
/** Why a toast went: its time ran out (or newer ones pushed it out), × was pressed, its action ran, or clearToasts. */
export type ToastCloseReason = 'timeout' | 'dismissed' | 'action' | 'cleared';

export interface ToastOptions {
  text: string;
  tone?: ToastTone;
  /** A button beside the text (e.g. Undo): pressing it closes the toast, then runs `run`. */
  action?: { label: string; run(): void };
  /** How long it shows, not counting while the pointer or the focus rests on the toasts. */
  durationMs?: number;
  /** Called once, when it goes. */
  onClose?(reason: ToastCloseReason): void;
}

export interface Toast {
  id: number;
  text: string;
  tone: ToastTone;
  action?: ToastOptions['action'];
}

/** How long a toast shows unless told. */
export const TOAST_DURATION_MS = 6_000;
/** More than this many at once: the oldest goes. */
const MOST_SHOWN = 3;

type Entry = Toast & {
  remaining: number;
  startedAt: number;
  timer: ReturnType<typeof setTimeout> | null;
  onClose?: ToastOptions['onClose'];
};

const entries = new Map<number, Entry>();
const listeners = new Set<() => void>();
let snapshot: readonly Toast[] = [];
let nextId = 0;
/** The pointer or the focus is on the toasts: every clock stands still. */
let held = false;

function changed(): void {
  snapshot = [...entries.values()].map(({ id, text, tone, action }) => ({ id, text, tone, action }));
  for (const listener of listeners) listener();
}

function start(entry: Entry): void {
  if (held || entry.timer !== null) return;
  entry.startedAt = Date.now();
  entry.timer = setTimeout(() => close(entry.id, 'timeout'), entry.remaining);
}

function stop(entry: Entry): void {
  if (entry.timer === null) return;
  clearTimeout(entry.timer);
  entry.timer = null;
  entry.remaining -= Date.now() - entry.startedAt;
}

function close(id: number, reason: ToastCloseReason): void {
  const entry = entries.get(id);
  if (!entry) return;
  stop(entry);
  entries.delete(id);
  changed();
  entry.onClose?.(reason);
}

/** Shows a toast; answers its id (for dismissToast). */
export function showToast({ text, tone = 'info', action, durationMs = TOAST_DURATION_MS, onClose }: ToastOptions) {
  const entry: Entry = { id: ++nextId, text, tone, action, remaining: durationMs, startedAt: 0, timer: null, onClose };
  entries.set(entry.id, entry);
  start(entry);
  changed();
  for (const oldest of [...entries.keys()].slice(0, Math.max(0, entries.size - MOST_SHOWN))) close(oldest, 'timeout');
  return entry.id;
}

export function dismissToast(id: number): void {
  close(id, 'dismissed');
}

/** Every toast goes (a screen that offered them is left). */
export function clearToasts(): void {
  for (const id of [...entries.keys()]) close(id, 'cleared');
}

function hold(on: boolean): void {
  if (held === on) return;
  held = on;
  for (const entry of entries.values()) {
    if (on) stop(entry);
    else start(entry);
  }
}

function runAction(id: number): void {
  const action = entries.get(id)?.action;
  if (!action) return;
  close(id, 'action');
  action.run();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const read = () => snapshot;

/** The toasts, as they come and go. */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * Draws the toasts: one polite live region, present while empty (a screen reader announces only
 * what is added to a region it already knows), put at the end of the page's body. There it stays
 * readable while a modal dialog hides the rest of the page from assistive technology (the dialog
 * leaves live regions alone), and a click on it is kept from the page: a dialog closes on a
 * pointerdown outside it, and pressing Undo must not close the dialog it undoes something in.
 */
export function Toaster() {
  const toasts = useToasts();
  const region = useRef<HTMLDivElement>(null);
  const pointerIn = useRef(false);
  // A toast removed with the focus in it takes the focus along without a blur: look again after each change.
  useEffect(() => {
    hold(pointerIn.current || (region.current?.contains(document.activeElement) ?? false));
  }, [toasts]);
  useEffect(() => () => hold(false), []);
  const setPointer = (inside: boolean) => {
    pointerIn.current = inside;
    hold(inside || (region.current?.contains(document.activeElement) ?? false));
  };

  return createPortal(
    <div
      ref={region}
      className={styles.region}
      role="status"
      aria-live="polite"
      aria-label={kitText('messages')}
      onPointerEnter={() => setPointer(true)}
      onPointerLeave={() => setPointer(false)}
      onFocus={() => hold(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) hold(pointerIn.current);
      }}
      onPointerDown={(event) => event.stopPropagation()}
    >
      {toasts.length > 0 ? (
        <ol className={styles.list}>
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
        </ol>
      ) : null}
    </div>,
    document.body,
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const textId = useId();
  return (
    <li className={`${styles.toast} ${toast.tone === 'error' ? styles.error : ''}`}>
      <p id={textId} className={styles.text}>
        {toast.text}
      </p>
      {toast.action ? (
        <button type="button" className={styles.action} aria-describedby={textId} onClick={() => runAction(toast.id)}>
          {toast.action.label}
        </button>
      ) : null}
      <button
        type="button"
        className={styles.dismiss}
        aria-label={kitText('dismiss')}
        onClick={() => dismissToast(toast.id)}
      >
        ×
      </button>
    </li>
  );
}
