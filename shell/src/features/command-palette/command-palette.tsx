import * as Dialog from '@radix-ui/react-dialog';
import { Command } from 'cmdk';
import { errorReason, useCommands, useSession, useTheme } from '@trackboard/web-kit';
import { useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { uiMessages } from '../../ui-messages';
import { useSavedViews } from '../saved-views/saved-views-api';
import { viewCommands } from '../saved-views/view-commands';
import { searchPagePath } from '../search/search-api';
import { searchContextOf } from '../search/search-context';
import { CommandGroup, commandValue } from './command-group';
import { groupCommands, rankCommands } from './palette-ranking';
import { firstHitValue, SearchHits } from './search-hits';
import { shellCommands, type PaletteCommand } from './shell-commands';
import { switchTheme } from './switch-theme';
import { searchMinLength, useSearch } from './use-search';
import styles from './command-palette.module.css';

interface CommandPaletteProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Where the focus goes on closing (Radix's own choice is a Dialog.Trigger, and keys open this). */
  onCloseAutoFocus(event: Event): void;
}

/**
 * Ctrl+K / Cmd+K: search issues and projects, or run a command — the shell's (go
 * to a page, switch theme, open a saved view) and whatever the shown remote registered in web-kit. Radix traps
 * the focus, closes on Escape and gives the focus back; cmdk gives combobox and listbox roles
 * and the arrow keys. The palette orders the list itself (palette-ranking.ts): hits come from
 * the server after the text, and cmdk's own sorting leaves groups where they are.
 */
export default function CommandPalette({ open, onOpenChange, onCloseAutoFocus }: CommandPaletteProps) {
  const navigate = useNavigate();
  const user = useSession((state) => state.user);
  const theme = useTheme((state) => state.mode);
  const registered = useCommands();
  const views = useSavedViews();
  const [query, setQuery] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  // What was chosen runs once the palette has closed and given the focus back, so the focus
  // it moves itself (an opened form's field, an issue dialog) stays where it put it.
  const chosen = useRef<PaletteCommand['run'] | null>(null);
  // The page the palette opened over: its project's issues rank first among equal matches.
  const { pathname } = useLocation();
  const context = useMemo(() => searchContextOf(pathname), [pathname]);
  const search = useSearch(query, context);
  const typed = query.trim();

  const commands = useMemo(
    (): PaletteCommand[] => [
      ...registered,
      ...shellCommands({ user, theme, navigate, switchTheme }),
      ...viewCommands(views, navigate),
    ],
    [registered, user, theme, navigate, views],
  );
  const ranked = useMemo(() => rankCommands(commands, typed), [commands, typed]);

  // The item Enter runs. cmdk chooses the first one as the text changes; hits come later, so
  // when a fresh answer arrives the first item is chosen again (a clear command match or the
  // best hit). A stale answer's hits are drawn disabled and never chosen.
  const [selected, setSelected] = useState('');
  const fresh = search.stale ? undefined : search.result;
  const [seenFresh, setSeenFresh] = useState(fresh);
  if (fresh !== seenFresh) {
    setSeenFresh(fresh);
    const first = ranked.before[0] ? commandValue(ranked.before[0]) : fresh && firstHitValue(fresh);
    if (first) setSelected(first);
  }

  const changeOpen = (next: boolean) => {
    if (!next) {
      setQuery('');
      setFailure(null);
      setSelected(''); // the next opening starts at the top
    }
    onOpenChange(next);
  };
  const choose = (run: PaletteCommand['run']) => {
    chosen.current = run;
    changeOpen(false);
  };
  const closed = (event: Event) => {
    onCloseAutoFocus(event);
    const run = chosen.current;
    if (!run) return;
    chosen.current = null;
    Promise.resolve()
      .then(run)
      .catch((error: unknown) => {
        // A command that failed brings the palette back, saying why.
        setFailure(errorReason(error, uiMessages.commandFailed));
        onOpenChange(true);
      });
  };
  const chooseCommand = (command: PaletteCommand) => choose(command.run);

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content} aria-describedby={undefined} onCloseAutoFocus={closed}>
          <Dialog.Title className={styles.visuallyHidden}>{uiMessages.commandPalette}</Dialog.Title>
          <Command
            label={uiMessages.commandPalette}
            shouldFilter={false}
            value={selected}
            onValueChange={setSelected}
            vimBindings={false}
            loop
            className={styles.command}
          >
            <Command.Input
              className={styles.input}
              value={query}
              onValueChange={setQuery}
              placeholder={uiMessages.paletteSearchPlaceholder}
              maxLength={200}
            />
            {failure ? (
              <p role="alert" className={styles.error}>
                {failure}
              </p>
            ) : null}
            {search.error ? (
              <p role="alert" className={styles.error}>
                {uiMessages.searchFailedBecause(search.error)}
              </p>
            ) : null}
            <p role="status" className={styles.status}>
              {typed.length > 0 && typed.length < searchMinLength
                ? uiMessages.typeMoreCharacters(searchMinLength)
                : search.searching
                  ? uiMessages.searching
                  : ''}
            </p>
            <Command.List className={styles.list} label={uiMessages.resultsAndCommands}>
              <Command.Empty className={styles.empty}>
                {search.searching ? null : uiMessages.noPaletteMatch(typed)}
              </Command.Empty>
              {typed ? (
                <>
                  {ranked.before.length > 0 ? (
                    <CommandGroup heading={uiMessages.commands} commands={ranked.before} onChoose={chooseCommand} />
                  ) : null}
                  {search.result ? (
                    <SearchHits
                      result={search.result}
                      stale={search.stale}
                      showAllPath={searchPagePath(typed, context)}
                      onChoose={(path) => choose(() => navigate(path))}
                    />
                  ) : null}
                  {ranked.after.length > 0 ? (
                    <CommandGroup heading={uiMessages.moreCommands} commands={ranked.after} onChoose={chooseCommand} />
                  ) : null}
                </>
              ) : (
                groupCommands(commands).map(([group, inGroup]) => (
                  <CommandGroup key={group} heading={group} commands={inGroup} onChoose={chooseCommand} />
                ))
              )}
            </Command.List>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
