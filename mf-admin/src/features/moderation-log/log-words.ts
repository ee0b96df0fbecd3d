import type { LoggedAccount, ModerationLogEntryDto } from '@trackboard/contracts';
import { uiMessages } from '../../ui-messages';

// How an entry of the moderation log reads.

/** An account by its name, "Deleted user" once it is gone (the log keeps its rows), else its e-mail. */
export const accountName = (account: LoggedAccount) =>
  account.name === null && account.email === null
    ? uiMessages.deletedUser
    : account.name?.trim() || account.email || uiMessages.notAvailable;

export const actionName = (entry: ModerationLogEntryDto) => uiMessages.actionNames[entry.action] ?? entry.action;

export const reasonText = (entry: ModerationLogEntryDto) => entry.reason || uiMessages.notAvailable;
