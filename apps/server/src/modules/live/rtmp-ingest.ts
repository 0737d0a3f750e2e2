import type { EventEmitter } from 'node:events';
import net from 'node:net';
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The RTMP ingest: node-media-server's RTMP protocol and session (v4), on a listener we own, so its start, stop
 * and errors are ours (its own server would exit the process on a busy port) and no other part of it (HTTP-FLV,
 * its store, its admin API) runs. Its events reach us through its shared context's emitter.
 */
const require = createRequire(import.meta.url);

/** What we use of node-media-server's session objects. */
export interface NmsSession {
  id: string;
  ip: string;
  streamApp: string;
  streamName: string;
  streamPath: string;
  protocol: string;
  close: () => void;
  broadcast: NmsBroadcast;
}
export interface NmsBroadcast {
  publisher: NmsSession | null;
  publishGraceMs: number;
  postPlay: (s: NmsSubscriber) => string | null;
  donePlay: (s: NmsSubscriber) => void;
}
/** An in-process reader of a stream (like its record session): FLV messages arrive through sendBuffer. */
export interface NmsSubscriber {
  id: string;
  ip: string;
  protocol: 'flv';
  streamPath: string;
  endTime: number;
  sendBuffer: (b: Buffer) => void;
  close: () => void;
}

interface NmsContext {
  config: Record<string, unknown>;
  sessions: Map<string, unknown>;
  eventEmitter: EventEmitter;
}
const Context = require('node-media-server/src/core/context.js') as NmsContext;
const RtmpSession = require('node-media-server/src/session/rtmp_session.js') as new (socket: net.Socket) => {
  id: string;
  run: () => void;
};
const nmsLogger = require('node-media-server/src/core/logger.js') as { level: string };

export interface IngestHandlers {
  /** a publish began on /live/<key>; the handler accepts it (and reads it) or closes it */
  publish(session: NmsSession, key: string): void;
  /** the publisher of /live/<key> is gone */
  unpublish(session: NmsSession, key: string): void;
}

export const RTMP_APP = 'live';

export class RtmpIngest {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  private readonly log: FastifyBaseLogger;
  private readonly onPublish = (s: NmsSession) => {
    // postPublish is announced before a second publisher of the same path is turned away: that one is not ours
    if (s.broadcast.publisher !== null && s.broadcast.publisher !== s) return;
    if (s.streamApp !== RTMP_APP) {
      s.close();
      return;
    }
    // the end of a push ends the broadcast at once; its grace window would keep the session live half a minute
    s.broadcast.publishGraceMs = 0;
    this.handlers.publish(s, s.streamName);
  };
  private readonly onDone = (s: NmsSession) => {
    if (s.streamApp === RTMP_APP) this.handlers.unpublish(s, s.streamName);
  };
  private readonly onPlay = (s: NmsSession) => {
    // nobody plays over RTMP from us: viewers get HLS through signed URLs
    if (s.ip !== '') s.close();
  };
  private readonly handlers: IngestHandlers;

  constructor(log: FastifyBaseLogger, handlers: IngestHandlers) {
    this.log = log;
    this.handlers = handlers;
    nmsLogger.level = 'error';
    Context.config = { rtmp: {} };
  }

  /** Listens on the port (0: any free one) and answers the port it got. */
  async start(port: number, host: string): Promise<number> {
    Context.eventEmitter.on('postPublish', this.onPublish);
    Context.eventEmitter.on('donePublish', this.onDone);
    Context.eventEmitter.on('prePlay', this.onPlay);
    const server = net.createServer((socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', (err) => this.log.debug({ err }, 'rtmp socket error'));
      const session = new RtmpSession(socket);
      session.run();
      Context.sessions.set(session.id, session);
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    return (server.address() as net.AddressInfo).port;
  }

  async stop(): Promise<void> {
    Context.eventEmitter.off('postPublish', this.onPublish);
    Context.eventEmitter.off('donePublish', this.onDone);
    Context.eventEmitter.off('prePlay', this.onPlay);
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
