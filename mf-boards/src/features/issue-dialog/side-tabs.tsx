import * as Tabs from '@radix-ui/react-tabs';
import type { IssueDto } from '@trackboard/contracts';
import type { ReactNode } from 'react';
import { uiMessages } from '../../ui-messages';
import { HistoryPanel } from './history-panel';
import side from './side-tabs.module.css';

/** The dialog's right pane: Comments, and the issue's History beside it. */
export function SideTabs({ issue, comments }: { issue: IssueDto; comments: ReactNode }) {
  return (
    <Tabs.Root defaultValue="comments" className={side.tabs}>
      <Tabs.List className={side.tabList} aria-label={uiMessages.commentsAndHistory}>
        <Tabs.Trigger value="comments" className={side.tab}>
          {uiMessages.commentsHeading}
        </Tabs.Trigger>
        <Tabs.Trigger value="history" className={side.tab}>
          {uiMessages.historyTab}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="comments" className={side.tabPanel}>
        {comments}
      </Tabs.Content>
      <Tabs.Content value="history" className={side.tabPanel}>
        <HistoryPanel issueId={issue.id} revision={`${issue.version}:${issue.commentCount ?? 0}`} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
