// Events one service publishes and others act on (blueprint §2: the bus is Redis in split
// mode and in-process in embedded mode).
export type DomainEvent = {
  /** Membership ended: the user's sockets leave that project's board rooms at once. */
  type: 'membership.removed';
  projectId: string;
  userId: string;
};
