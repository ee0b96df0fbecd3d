import { Hono } from 'hono';
import { RegistrationSettings } from '@trackboard/contracts';
import { documented, requireUser, validate, type AppEnv, type Authenticator } from '@trackboard/server-kit';
import type { RegistrationSettingsStore } from '../domain/registration-settings';

/** /auth/registration-settings: whether invited people wait for approval (administrators). */
export const registrationSettingsRoutes = (settings: RegistrationSettingsStore, authenticate: Authenticator) =>
  new Hono<AppEnv>()
    .get(
      '/registration-settings',
      documented({
        summary: 'Whether someone registering through an invitation waits for approval (administrators)',
        responses: { 200: RegistrationSettings },
      }),
      requireUser(authenticate),
      async (c) => c.json(await settings.read(c.var.user)),
    )
    .put(
      '/registration-settings',
      documented({
        summary: 'Set whether someone registering through an invitation waits for approval (administrators)',
        responses: { 200: RegistrationSettings },
      }),
      requireUser(authenticate),
      validate('json', RegistrationSettings),
      async (c) => c.json(await settings.change(c.var.user, c.req.valid('json'))),
    );
