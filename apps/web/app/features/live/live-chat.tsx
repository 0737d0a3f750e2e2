import { useEffect, useRef, useState } from 'react';
import { Button, Input } from 'antd';
import { LIVE_LIMITS, liveChannelToken } from '#contract/live.ts';
import { api, ApiError } from '../../api/client.ts';
import { chatSocketUrl } from './live-format.ts';

interface ChatLine {
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

/**
 * The chat beside the stream: messages, the online count and the pinned message; the session's lecturer can
 * pin a message and mute a learner. It reconnects (with a fresh token) when the connection drops.
 */
export function LiveChat({ periodId, myId }: { periodId: string; myId: string }) {
  const [lines, setLines] = useState<ChatLine[]>([]);
  const [online, setOnline] = useState(0);
  const [pinned, setPinned] = useState('');
  const [muted, setMuted] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState('');
  const [lecturer, setLecturer] = useState(false);
  const [text, setText] = useState('');
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
  const say = () => {
    const content = text.trim();
    if (!content) return;
    setNotice('');
    send({ type: 'chat', content });
    setText('');
  };
  const iAmMuted = muted.has(myId);

  return (
    <aside className="qk-live-chat" aria-label="直播聊天">
      <header className="qk-live-chat__head">
        <strong>互动聊天</strong>
        <span className="qk-muted" aria-live="polite">
          {connected ? `在线 ${online} 人` : '连接中…'}
        </span>
      </header>
      {pinned ? (
        <p className="qk-live-chat__pinned" role="note">
          📌 {pinned}
        </p>
      ) : null}
      <ol className="qk-live-chat__list" ref={list} aria-live="polite">
        {lines.map((l) => (
          <li key={l.id}>
            <span className={l.lecturer ? 'qk-live-chat__name is-lecturer' : 'qk-live-chat__name'}>
              {l.lecturer ? '讲师 ' : ''}
              {l.nickname}
            </span>
            <span className="qk-live-chat__text">{l.content}</span>
            {lecturer && !l.lecturer && l.userId !== myId ? (
              <Button
                size="small"
                type="link"
                onClick={() => send({ type: 'mute', userId: l.userId, muted: muted.has(l.userId) ? 0 : 1 })}
              >
                {muted.has(l.userId) ? '解除禁言' : '禁言'}
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
      {notice ? (
        <p className="qk-live-chat__notice" role="alert">
          {notice}
        </p>
      ) : null}
      <div className="qk-live-chat__input">
        <Input
          value={text}
          maxLength={LIVE_LIMITS.chatMaxChars}
          placeholder={iAmMuted ? '你已被讲师禁言' : '说点什么…'}
          disabled={iAmMuted || !connected}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={say}
          aria-label="聊天内容"
        />
        <Button type="primary" onClick={say} disabled={iAmMuted || !connected}>
          发送
        </Button>
        {lecturer ? (
          <Button onClick={() => send({ type: 'pin', content: text.trim() })} disabled={!connected}>
            置顶
          </Button>
        ) : null}
      </div>
    </aside>
  );
}
