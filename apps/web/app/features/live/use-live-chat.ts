import { useEffect, useRef, useState } from 'react';
import { liveChannelToken } from '#contract/live.ts';
import { api, ApiError } from '../../api/client.ts';
import { chatSocketUrl } from './live-format.ts';

export interface ChatLine {
  id: string;
  userId: string;
  nickname: string;
  content: string;
  time: string;
  lecturer: number;
}
type Incoming =
  | { type: 'hello'; pinned: string; muted: number; history: ChatLine[] }
  | ({ type: 'chat' } & ChatLine)
  | { type: 'mute'; userId: string; muted: number }
  | { type: 'pin'; content: string }
  | { type: 'online'; count: number }
  | { type: 'error'; msg: string };

const KEEP = 200;

/** A chat room as `useLiveChat` holds it. */
export type LiveChatRoom = ReturnType<typeof useLiveChat>;

/**
 * A live session's chat room, for the PC and H5 rooms alike: its messages, the online count, the pinned message, who
 * is muted, and what one may do in it (say something; the session's lecturer also pins and mutes). It connects with a
 * fresh token and connects again 3 s after the connection drops. `list` is given to the messages' list, which follows
 * the newest.
 */
export function useLiveChat(periodId: string, myId: string) {
  const [lines, setLines] = useState<ChatLine[]>([]);
  // unknown until the room counts its viewers, a second after one joins at most
  const [online, setOnline] = useState<number | null>(null);
  const [pinned, setPinned] = useState('');
  const [muted, setMuted] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState('');
  const [lecturer, setLecturer] = useState(false);
  const [connected, setConnected] = useState(false);
  const socket = useRef<WebSocket | null>(null);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    let closed = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      let token: string;
      try {
        const t = await api(liveChannelToken, { periodId }, { toast: false });
        token = t.token;
        setLecturer(t.isLecturer === 1);
      } catch (err) {
        if (err instanceof ApiError) setNotice(err.message);
        return;
      }
      if (closed) return;
      const ws = new WebSocket(chatSocketUrl(token));
      socket.current = ws;
      ws.onopen = () => setConnected(true);
      ws.onclose = () => {
        setConnected(false);
        if (!closed) retry = setTimeout(() => void connect(), 3000);
      };
      ws.onmessage = (e) => {
        const m = JSON.parse(String(e.data)) as Incoming;
        if (m.type === 'hello') {
          setLines(m.history);
          setPinned(m.pinned);
          if (m.muted) setMuted((s) => new Set(s).add(myId));
        } else if (m.type === 'chat') setLines((l) => [...l, m].slice(-KEEP));
        else if (m.type === 'online') setOnline(m.count);
        else if (m.type === 'pin') setPinned(m.content);
        else if (m.type === 'error') setNotice(m.msg);
        else if (m.type === 'mute')
          setMuted((s) => {
            const next = new Set(s);
            if (m.muted) next.add(m.userId);
            else next.delete(m.userId);
            return next;
          });
      };
    };
    void connect();
    return () => {
      closed = true;
      clearTimeout(retry);
      socket.current?.close();
    };
  }, [periodId, myId]);

  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: 'nearest' });
  }, [lines]);

  const send = (msg: object) => socket.current?.send(JSON.stringify(msg));
  return {
    lines,
    online,
    pinned,
    notice,
    lecturer,
    connected,
    list,
    iAmMuted: muted.has(myId),
    isMuted: (userId: string) => muted.has(userId),
    /** Says `text` (trimmed); answers whether anything was sent. */
    say(text: string): boolean {
      const content = text.trim();
      if (!content) return false;
      setNotice('');
      send({ type: 'chat', content });
      return true;
    },
    pin: (text: string) => send({ type: 'pin', content: text.trim() }),
    /** Whether a line's speaker may be muted by me: I teach the session, and it is a learner other than me. */
    mayMute: (l: ChatLine) => lecturer && !l.lecturer && l.userId !== myId,
    toggleMute: (userId: string) => send({ type: 'mute', userId, muted: muted.has(userId) ? 0 : 1 }),
  };
}
