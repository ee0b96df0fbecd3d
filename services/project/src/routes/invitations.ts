import { Hono } from 'hono';
import { z } from 'zod';
import {
  IdParam,
  InvitationAccepted,
  InvitationCreate,
  InvitationDto,
  InvitationPreview,
  InvitationTokenParam,
  KeyParam,
} from '@trackboard/contracts';
import { documented, requireUser, validate, type AppEnv, type Authenticator } from '@trackboard/server-kit';
import type { Invitations } from '../domain/invitations';

/** /projects/:key/invitations: a project's invitations, for its lead or an administrator. */
export const projectInvitationRoutes = (invitations: Invitations) =>
  new Hono<AppEnv>()
    .post(
      '/:key/invitations',
      documented({
        summary: 'Invite an e-mail address to the project (again: the earlier link stops working)',
        responses: { 201: InvitationDto },
        errors: [404, 409],
      }),
      validate('param', KeyParam),
      validate('json', InvitationCreate),
      async (c) =>
        c.json(await invitations.invite(c.var.user, c.req.valid('param').key, c.req.valid('json').email), 201),
    )
    .get(
      '/:key/invitations',
      documented({
        summary: "The project's pending invitations",
        responses: { 200: z.array(InvitationDto) },
        errors: [404],
      }),
      validate('param', KeyParam),
      async (c) => c.json(await invitations.list(c.var.user, c.req.valid('param').key)),
    );

/** /invitations/*: managing one invitation (its project's lead). */
export const invitationRoutes = (invitations: Invitations) =>
  new Hono<AppEnv>()
    .post(
      '/:id/resend',
      documented({
        summary: 'Send the invitation again: a new link, valid for its days from now',
        responses: { 200: InvitationDto },
        errors: [404, 409],
      }),
      validate('param', IdParam),
      async (c) => c.json(await invitations.resend(c.var.user, c.req.valid('param').id)),
    )
    .delete(
      '/:id',
      documented({
        summary: 'Withdraw an invitation (its link stops working)',
        responses: { 204: null },
        errors: [404, 409],
      }),
      validate('param', IdParam),
      async (c) => {
        await invitations.withdraw(c.var.user, c.req.valid('param').id);
        return c.body(null, 204);
      },
    );

/**
 * POST /invitations/:token/accept, for the invited account — ACTIVE, or still waiting for approval
 * when invited people need it (registration settings): they are on the team once approved.
 */
export const invitationAcceptRoutes = (invitations: Invitations, authenticate: Authenticator) =>
  new Hono<AppEnv>().post(
    '/:token/accept',
    documented({
      summary: 'Join the project as the invited account (signed in with its e-mail); the link is spent',
      responses: { 200: InvitationAccepted },
      errors: [404, 409],
    }),
    requireUser(authenticate, ['ACTIVE', 'PENDING_APPROVAL']),
    validate('param', InvitationTokenParam),
    async (c) => c.json(await invitations.accept(c.var.user, c.req.valid('param').token)),
  );

/** GET /invitations/:token/preview: what a link invites to, for anyone holding it (signed in or not). */
export const invitationPreviewRoutes = (invitations: Invitations) =>
  new Hono<AppEnv>().get(
    '/:token/preview',
    documented({
      summary: 'What an invitation link invites to (no sign-in needed: the link is the proof)',
      public: true,
      responses: { 200: InvitationPreview },
      errors: [404, 409],
    }),
    validate('param', InvitationTokenParam),
    async (c) => c.json(await invitations.preview(c.req.valid('param').token)),
  );
