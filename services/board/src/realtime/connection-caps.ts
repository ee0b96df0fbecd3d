import type { Socket } from 'socket.io';

/**
 * Open sockets per user and per client address on this replica. Each socket holds memory and a
 * file descriptor for as long as it lives, so one account or one address may not take them all.
 * 20 per user leaves room for many tabs and devices; 50 per address for an office behind one
 * NAT address. Counted per replica: a cluster-wide count would need Redis counters that a
 * crashed replica leaves behind, for a limit whose purpose (bounding one replica's load) a
 * local count already serves; with N replicas a client can hold at most N times these.
 */
export const connectionCaps = { perUser: 20, perAddress: 50 };
export type ConnectionCaps = typeof connectionCaps;

/** The address the gateway named in X-Forwarded-For (it replaces the client's own), else the peer's. */
export function clientAddress(socket: Pick<Socket, 'handshake'>): string {
  const forwarded = socket.handshake.headers['x-forwarded-for'];
  const last = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded)?.split(',').pop()?.trim();
  return last || socket.handshake.address;
}

export function createConnectionCounter(caps: ConnectionCaps) {
  const byUser = new Map<string, number>();
  const byAddress = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string, n: number) => {
    const next = (counts.get(key) ?? 0) + n;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };

  return {
    /**
     * Takes a place for the socket, or says false when its user or address has none left. The
     * place is taken during the handshake (two handshakes at once cannot both take the last
     * one) and given back when the connection closes, whether or not it ever completed. The
     * connection, not the socket: every disconnect here closes it, and so does a client leaving
     * its one namespace; a client that left the namespace and joined it again on the same
     * connection holds two places until it closes. One listener per socket, as each costs heap.
     */
    admit(socket: Socket, userId: string): boolean {
      const address = clientAddress(socket);
      if ((byUser.get(userId) ?? 0) >= caps.perUser || (byAddress.get(address) ?? 0) >= caps.perAddress) return false;
      add(byUser, userId, 1);
      add(byAddress, address, 1);
      socket.conn.on('close', () => {
        add(byUser, userId, -1);
        add(byAddress, address, -1);
      });
      return true;
    },
  };
}
