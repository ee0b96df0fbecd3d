import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import {
  CreateRelationRequest,
  TickTaskRequest,
  markdownTasks,
  type IssueDto,
  type IssueWriteResult,
  type RelationDto,
  type RelationListDto,
  type SubIssuesDto,
} from '@trackboard/contracts';
import { ApiRefusal, type ApiClient } from './api-client';
import { IssueKey, answer, byKey, issueOf } from './tools';

// The structure between issues and the checklists in their descriptions, for an agent that breaks
// work down or reports progress: by issue keys, as the rest of the tools take them.

const RelationType = CreateRelationRequest.shape.type.describe(
  'blocks, blocked_by, relates, duplicates or duplicated_by, as seen from the first issue',
);
const OtherKey = CreateRelationRequest.shape.issueKey.describe('The other issue’s key, in any project you can see');

const relationsOf = (api: ApiClient, issue: IssueDto) => api.get<RelationListDto>(`/api/issues/${issue.id}/relations`);

export function registerStructureTools(server: McpServer, api: ApiClient) {
  server.registerTool(
    'get_issue_links',
    {
      description:
        "An issue's parent, its sub-issues with how many are done, and its links to other issues (links to issues you cannot see are only counted, as hidden).",
      inputSchema: { key: IssueKey },
      annotations: { readOnlyHint: true },
    },
    ({ key }) =>
      answer(async () => {
        const issue = await byKey(api, key);
        const [tree, links] = await Promise.all([
          api.get<SubIssuesDto>(`/api/issues/${issue.id}/sub-issues`),
          relationsOf(api, issue),
        ]);
        return { ...tree, ...links };
      }),
  );

  server.registerTool(
    'set_parent',
    {
      description:
        'Make an issue a sub-issue of another issue of its project (at most 3 levels, never a cycle), or a top-level issue again with parent null.',
      inputSchema: {
        key: IssueKey,
        parent: IssueKey.nullable().describe("The parent issue's key, or null for none"),
      },
    },
    ({ key, parent }) =>
      answer(async () => {
        const issue = await byKey(api, key);
        const parentId = parent === null ? null : (await byKey(api, parent)).id;
        return issueOf(await api.send<IssueWriteResult>('PUT', `/api/issues/${issue.id}/parent`, { parentId }));
      }),
  );

  server.registerTool(
    'link_issues',
    {
      description: 'Link an issue to another: it blocks, is blocked by, relates to, duplicates or is duplicated by it.',
      inputSchema: { key: IssueKey, type: RelationType, other: OtherKey },
    },
    ({ key, type, other }) =>
      answer(async () => {
        const issue = await byKey(api, key);
        return api.send<RelationDto>('POST', `/api/issues/${issue.id}/relations`, { type, issueKey: other });
      }),
  );

  server.registerTool(
    'unlink_issues',
    {
      description: 'Remove a link between two issues, named as link_issues made it.',
      inputSchema: { key: IssueKey, type: RelationType, other: OtherKey },
    },
    ({ key, type, other }) =>
      answer(async () => {
        const issue = await byKey(api, key);
        const wanted = other.toUpperCase();
        const link = (await relationsOf(api, issue)).relations.find(
          (relation) => relation.type === type && relation.issue.key === wanted,
        );
        if (!link) throw new ApiRefusal(404, `${issue.key} has no "${type}" link to ${wanted}.`);
        await api.remove(`/api/issues/${issue.id}/relations/${link.id}`);
        return { removed: { type, issue: link.issue } };
      }),
  );

  server.registerTool(
    'tick_task',
    {
      description:
        "Tick or untick one task of an issue's description checklist (`- [ ]` items), counted from 0 in the order they appear; other people's ticks are kept.",
      inputSchema: {
        key: IssueKey,
        index: z.number().int().min(0).describe('Which task: 0 is the first checklist item of the description'),
        checked: TickTaskRequest.shape.checked,
      },
    },
    ({ key, index, checked }) =>
      answer(async () => {
        const issue = await byKey(api, key);
        const tasks = markdownTasks(issue.description);
        const task = tasks[index];
        if (!task)
          throw new ApiRefusal(
            404,
            tasks.length === 0
              ? `${issue.key}'s description has no checklist.`
              : `${issue.key}'s checklist has ${tasks.length} tasks, numbered from 0.`,
          );
        // The task's words as read now: the server ticks it only if it still reads so.
        return issueOf(
          await api.send<IssueWriteResult>('PUT', `/api/issues/${issue.id}/tasks/${index}`, {
            checked,
            text: task.text,
          }),
        );
      }),
  );
}
