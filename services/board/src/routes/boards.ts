import { Hono } from 'hono';
import { z } from 'zod';
import {
  BoardDto,
  ColumnDto,
  CreateBoardRequest,
  CreateColumnRequest,
  CreateLabelRequest,
  IdParam,
  LabelDto,
  LabelUsageDto,
  RenameBoardRequest,
} from '@trackboard/contracts';
import { documented, sendPreparedJson, validate, type AppEnv } from '@trackboard/server-kit';
import type { Boards } from '../domain/boards';
import type { Columns } from '../domain/columns';
import type { Labels } from '../domain/labels';
import { originOf } from './origin';

/** Spec §7.4: /boards and POST /projects/:id/boards; a board's labels. */
export const boardRoutes = (boards: Boards, columns: Columns, labels: Labels) =>
  new Hono<AppEnv>()
    .get(
      '/boards/:id',
      documented({
        summary: 'A board: its columns, each with its issues in order, its team and its labels',
        responses: { 200: BoardDto },
        errors: [404],
      }),
      validate('param', IdParam),
      async (c) => sendPreparedJson(c, await boards.answer(c.var.user, c.req.valid('param').id)),
    )
    .put(
      '/boards/:id',
      documented({ summary: 'Rename a board', responses: { 200: BoardDto }, errors: [404, 409] }),
      validate('param', IdParam),
      validate('json', RenameBoardRequest),
      async (c) => c.json(await boards.rename(c.var.user, c.req.valid('param').id, c.req.valid('json'), originOf(c))),
    )
    .delete(
      '/boards/:id',
      documented({
        summary: 'Delete a board with its issues (not the last of its project)',
        responses: { 204: null },
        errors: [404, 409],
      }),
      validate('param', IdParam),
      async (c) => {
        await boards.remove(c.var.user, c.req.valid('param').id);
        return c.body(null, 204);
      },
    )
    .post(
      '/boards/:id/columns',
      documented({ summary: 'Add a column', responses: { 201: ColumnDto }, errors: [404, 409] }),
      validate('param', IdParam),
      validate('json', CreateColumnRequest),
      async (c) =>
        c.json(await columns.create(c.var.user, c.req.valid('param').id, c.req.valid('json'), originOf(c)), 201),
    )
    .get(
      '/boards/:id/labels',
      documented({
        summary: "A board's labels, by name, each with how many of the board's issues carry it",
        responses: { 200: z.array(LabelUsageDto) },
        errors: [404],
      }),
      validate('param', IdParam),
      async (c) => c.json(await labels.list(c.var.user, c.req.valid('param').id)),
    )
    .post(
      '/boards/:id/labels',
      documented({ summary: 'Create a label on a board', responses: { 201: LabelDto }, errors: [404, 409] }),
      validate('param', IdParam),
      validate('json', CreateLabelRequest),
      async (c) =>
        c.json(await labels.create(c.var.user, c.req.valid('param').id, c.req.valid('json'), originOf(c)), 201),
    )
    .post(
      '/projects/:id/boards',
      documented({ summary: 'Add a board to a project', responses: { 201: BoardDto }, errors: [404, 409] }),
      validate('param', IdParam),
      validate('json', CreateBoardRequest),
      async (c) => c.json(await boards.create(c.var.user, c.req.valid('param').id, c.req.valid('json')), 201),
    );
