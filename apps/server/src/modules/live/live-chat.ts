import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { LIVE_LIMITS } from '#contract/live.ts';
import type { Platform } from '../../platform/context.ts';
import { newId } from '../../platform/ids.ts';
import { formatTime } from '../../platform/time.ts';
import type { UserService } from '../user/user.service.ts';
import type { LiveRepo } from './live.repo.ts';
import type { LiveClaims } from './live-token.ts';

/** What we use of a LiveSocket (the `ws` socket @fastify/websocket hands a route). */
export interface LiveSocket {
  readonly readyState: number;
  readonly OPEN: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', fn: (data: Buffer) => void): void;
  on(event: 'close', fn: () => void): void;
  off(event: 'message', fn: (data: Buffer) => void): void;
}

/** What travels between processes (and, except presence, to the browsers) about one room. */
type RoomEvent =
  | { type: 'chat'; id: string; userId: string; nickname: string; content: string; time: string; lecturer: number }
  | { type: 'mute'; userId: string; muted: number }
  | { type: 'pin'; content: string }
  | { type: 'online'; count: number }
  | { type: 'presence'; proc: string; count: number };

interface Client {
  socket: LiveSocket;
  userId: bigint;
  nickname: string;
  lecturer: boolean;
  joinedAt: number;
}

interface Room {
  clients: Set<Client>;
  muted: Set<string>;
  /** viewers connected to each process, as they last announced it */
  presence: Map<string, number>;
  /** set while this process's count waits to be announced */
  announcing?: NodeJS.Timeout;
}

const HISTORY = 50;
/**
 * Joins and leaves are announced at most this often per room: each announcement goes to every viewer, so announcing
 * each of 2,000 joins would send 2,000 × 2,000 counts while a class comes in.
 */
const PRESENCE_EVERY_MS = 1000;
const send = (socket: LiveSocket, msg: unknown) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(msg));
};

/**
 * The chat room beside a session's stream. Each process keeps its own sockets; what one says is published to
 * every process (Redis pub/sub when REDIS_URL is set, else only this process) and each delivers it to its
 * sockets. Messages and attendance (first join, seconds connected, mutes) are stored per session. The online
 * count is the sum of what each process announces it holds.
 */
export class ChatHub {
  private readonly rooms = new Map<string, Room>();
  private readonly proc = crypto.randomBytes(6).toString('hex');
  private readonly p: Platform;
  private readonly repo: LiveRepo;
  private readonly users: UserService;
  private pub: Redis | undefined;
  private sub: Redis | undefined;
  private readonly channel: string;

  constructor(p: Platform, repo: LiveRepo, users: UserService) {
    this.p = p;
    this.repo = repo;
    this.users = users;
    this.channel = `${p.config.redisPrefix}live:room`;
  }

  async start(): Promise<void> {
    const url = this.p.config.redisUrl;
    if (!url) return;
    const { Redis } = await import('ioredis');
    this.pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    this.sub = new Redis(url, { lazyConnect: true });
    await Promise.all([this.pub.connect(), this.sub.connect()]);
    await this.sub.subscribe(this.channel);
    this.sub.on('message', (_c, raw: string) => {
      const { room, event } = JSON.parse(raw) as { room: string; event: RoomEvent };
      this.deliver(room, event);
    });
  }

  async stop(): Promise<void> {
    for (const room of this.rooms.values()) {
      clearTimeout(room.announcing);
      for (const c of room.clients) c.socket.close(1001);
    }
    this.sub?.disconnect();
    await this.pub?.quit();
  }

  private publish(room: string, event: RoomEvent): void {
    if (!this.pub) return this.deliver(room, event);
    this.pub.publish(this.channel, JSON.stringify({ room, event })).catch((err: unknown) => {
      this.p.log.warn({ err }, 'live chat not published');
    });
  }

  private deliver(key: string, event: RoomEvent): void {
    const room = this.rooms.get(key);
    if (!room) return;
    if (event.type === 'presence') {
      room.presence.set(event.proc, event.count);
      const count = [...room.presence.values()].reduce((a, b) => a + b, 0);
      for (const c of room.clients) send(c.socket, { type: 'online', count });
      return;
    }
    if (event.type === 'mute') {
      if (event.muted) room.muted.add(event.userId);
      else room.muted.delete(event.userId);
    }
    const text = JSON.stringify(event);
    for (const c of room.clients) if (c.socket.readyState === c.socket.OPEN) c.socket.send(text);
  }

  private announcePresence(key: string, room: Room): void {
    room.announcing ??= setTimeout(() => {
      room.announcing = undefined;
      this.publish(key, { type: 'presence', proc: this.proc, count: room.clients.size });
    }, PRESENCE_EVERY_MS);
  }

  /** A socket whose chat token checked out joins its session's room. */
  async join(claims: LiveClaims, socket: LiveSocket): Promise<void> {
    const { siteId, sessionId, userId } = claims;
    const key = `${siteId}:${sessionId}`;
    // messages sent before the room is ready wait for it rather than being lost
    const early: Buffer[] = [];
    const hold = (b: Buffer) => early.push(b);
    socket.on('message', hold);
    const [user, session, history] = await Promise.all([
      this.users.brief(siteId, userId),
      this.repo.sessionById(siteId, sessionId),
      this.repo.recentChat(siteId, sessionId, HISTORY),
    ]);
    let room = this.rooms.get(key);
    if (!room) {
      const muted = new Set<string>();
      for (const a of await this.repo.attendance(siteId, sessionId)) if (a.muted) muted.add(String(a.userId));
      room = this.rooms.get(key) ?? { clients: new Set(), muted, presence: new Map() };
      this.rooms.set(key, room);
    }
    const client: Client = {
      socket,
      userId,
      nickname: user.nickname || `学员${String(userId).slice(-4)}`,
      lecturer: claims.lecturer === 1,
      joinedAt: Date.now(),
    };
    room.clients.add(client);
    if (!client.lecturer) await this.repo.join(siteId, sessionId, userId);
    send(socket, {
      type: 'hello',
      pinned: session?.pinnedMessage ?? '',
      muted: room.muted.has(String(userId)) ? 1 : 0,
      history: history.map((m) => ({
        type: 'chat',
        id: String(m.id),
        userId: String(m.userId),
        nickname: m.nickname,
        content: m.content,
        time: formatTime(m.gmtCreate),
        lecturer: 0,
      })),
    });
    this.announcePresence(key, room);
    const r = room;
    socket.off('message', hold);
    const onMessage = (b: Buffer) =>
      void this.onMessage(key, r, client, claims, b).catch((err: unknown) =>
        this.p.log.warn({ err }, 'live chat message failed'),
      );
    socket.on('message', onMessage);
    for (const b of early) onMessage(b);
    socket.on('close', () => {
      r.clients.delete(client);
      this.announcePresence(key, r);
      if (r.clients.size === 0 && !this.pub) this.rooms.delete(key);
      if (!client.lecturer) {
        const seconds = Math.round((Date.now() - client.joinedAt) / 1000);
        this.repo.leave(siteId, sessionId, userId, seconds).catch((err: unknown) => {
          this.p.log.warn({ err }, 'live attendance not kept');
        });
      }
    });
  }

  private async onMessage(key: string, room: Room, c: Client, claims: LiveClaims, raw: Buffer): Promise<void> {
    let msg: { type?: unknown; content?: unknown; userId?: unknown; muted?: unknown };
    try {
      msg = JSON.parse(raw.toString('utf8')) as typeof msg;
    } catch {
      return send(c.socket, { type: 'error', msg: '消息格式不正确' });
    }
    const content = typeof msg.content === 'string' ? msg.content.trim() : '';
    if (msg.type === 'chat') {
      if (room.muted.has(String(c.userId))) return send(c.socket, { type: 'error', msg: '你已被讲师禁言' });
      if (!content) return send(c.socket, { type: 'error', msg: '请输入内容' });
      if (content.length > LIVE_LIMITS.chatMaxChars)
        return send(c.socket, { type: 'error', msg: `每条消息不能超过 ${LIVE_LIMITS.chatMaxChars} 个字` });
      const id = newId();
      const now = new Date();
      this.publish(key, {
        type: 'chat',
        id: String(id),
        userId: String(c.userId),
        nickname: c.nickname,
        content,
        time: formatTime(now),
        lecturer: c.lecturer ? 1 : 0,
      });
      await this.repo.saveChat({
        id,
        siteId: claims.siteId,
        sessionId: claims.sessionId,
        userId: c.userId,
        nickname: c.nickname,
        content,
        gmtCreate: now,
      });
      return;
    }
    if (msg.type !== 'mute' && msg.type !== 'pin') return send(c.socket, { type: 'error', msg: '不支持的消息类型' });
    if (!c.lecturer) return send(c.socket, { type: 'error', msg: '只有讲师可以禁言或置顶' });
    if (msg.type === 'pin') {
      if (content.length > LIVE_LIMITS.pinMaxChars)
        return send(c.socket, { type: 'error', msg: `置顶消息不能超过 ${LIVE_LIMITS.pinMaxChars} 个字` });
      await this.repo.updateSession(claims.siteId, claims.sessionId, { pinnedMessage: content });
      return this.publish(key, { type: 'pin', content });
    }
    const target = typeof msg.userId === 'string' && /^\d{1,19}$/.test(msg.userId) ? msg.userId : '';
    if (!target) return send(c.socket, { type: 'error', msg: '请指定要禁言的学员' });
    const muted = msg.muted === 0 ? 0 : 1;
    await this.repo.setMuted(claims.siteId, claims.sessionId, BigInt(target), muted);
    this.publish(key, { type: 'mute', userId: target, muted });
  }
}
