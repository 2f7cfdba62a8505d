import pg from 'pg';

// How every instance follows a publish within a second or two (docs/admin-area.md): the publish is
// one transaction that moves the published pointer and sends `NOTIFY <kind>_published` (rules_published,
// texts_published); each instance
// listens on a connection of its own, and also polls the pointer every second, since a notification
// sent while its connection was away (a restart of PostgreSQL, a network cut) is lost. A signal only
// says "look again": the pointer in the database is the truth. (Every schema of one database hears
// the channel; an instance of another schema just finds its own pointer unchanged.)

export interface Follower {
  stop(): Promise<void>;
}

export interface FollowOptions {
  databaseUrl: string;
  /** The NOTIFY channel: `rules_published`, `texts_published` (a fixed name, never input). */
  channel: 'rules_published' | 'texts_published';
  /** Called on every notification and poll tick: look at the published pointer again. */
  onSignal: () => void;
  pollMs?: number;
  /** How long to wait before connecting again after the listening connection was lost. */
  reconnectMs?: number;
  log?: { warn(fields: object, message: string): void };
}

export function followPublished({ databaseUrl, channel, onSignal, pollMs = 1000, reconnectMs = 1000, log }: FollowOptions): Follower {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const poll = setInterval(onSignal, pollMs);
  poll.unref();

  const connect = async () => {
    if (stopped) return;
    const listener = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
    client = listener;
    const lost = () => {
      if (client !== listener) return;
      client = undefined;
      listener.removeAllListeners('notification');
      void listener.end().catch(() => undefined);
      if (!stopped) {
        retry = setTimeout(() => void connect(), reconnectMs);
        retry.unref();
      }
    };
    listener.on('error', lost);
    listener.on('end', lost);
    listener.on('notification', (message) => {
      if (message.channel === channel) onSignal();
    });
    try {
      await listener.connect();
      await listener.query(`LISTEN ${channel}`);
      // Whatever was published while this instance was not listening.
      onSignal();
    } catch (error) {
      log?.warn({ err: { message: (error as Error).message } }, `${channel}: cannot listen for published versions; polling`);
      lost();
    }
  };
  void connect();

  return {
    async stop() {
      stopped = true;
      clearInterval(poll);
      if (retry) clearTimeout(retry);
      const listener = client;
      client = undefined;
      if (listener) {
        listener.removeAllListeners();
        listener.on('error', () => undefined);
        await listener.end().catch(() => undefined);
      }
    },
  };
}
