import { ISSUE_TEXT_MAX_LENGTH, ISSUE_TITLE_MAX_LENGTH } from '@trackboard/contracts';
import { fieldRule, type FieldRules } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';

/**
 * An issue's text fields as the server names them in a 400 ("title: is too long"), with the
 * names the board shows and the server's limits: the add form and the dialog's edits say a
 * refused field in these words (read when shown, in the page's language).
 */
export const issueFieldRules = {
  title: fieldRule(() => uiMessages.issueTitleField, { max: ISSUE_TITLE_MAX_LENGTH }),
  description: fieldRule(() => uiMessages.issueDescriptionField, { max: ISSUE_TEXT_MAX_LENGTH }),
  relatedCode: fieldRule(() => uiMessages.issueRelatedCodeField, { max: ISSUE_TEXT_MAX_LENGTH }),
  instructions: fieldRule(() => uiMessages.issueInstructionsField, { max: ISSUE_TEXT_MAX_LENGTH }),
} satisfies FieldRules;
