import type { ReactNode } from 'react';
import type { LiveChatRoom } from './use-live-chat.ts';

/**
 * What the PC and H5 rooms show of a chat alike: its head with the online count, the pinned message, the messages
 * (with a lecturer's mute button, drawn by the room) and a notice; the room's own input goes below.
 */
export function ChatLines({
  chat,
  muteButton,
  children,
}: {
  chat: LiveChatRoom;
  muteButton: (userId: string, label: string) => ReactNode;
  children: ReactNode;
}) {
  return (
    <aside className="qk-live-chat" aria-label="直播聊天">
      <header className="qk-live-chat__head">
        <strong>互动聊天</strong>
        <span className="qk-muted" aria-live="polite">
          {!chat.connected ? '连接中…' : chat.online === null ? '已连接' : `在线 ${chat.online} 人`}
        </span>
      </header>
      {chat.pinned ? (
        <p className="qk-live-chat__pinned" role="note">
          📌 {chat.pinned}
        </p>
      ) : null}
      <ol className="qk-live-chat__list" ref={chat.list} aria-live="polite">
        {chat.lines.map((l) => (
          <li key={l.id}>
            <span className={l.lecturer ? 'qk-live-chat__name is-lecturer' : 'qk-live-chat__name'}>
              {l.lecturer ? '讲师 ' : ''}
              {l.nickname}
            </span>
            <span className="qk-live-chat__text">{l.content}</span>
            {chat.mayMute(l) ? muteButton(l.userId, chat.isMuted(l.userId) ? '解除禁言' : '禁言') : null}
          </li>
        ))}
      </ol>
      {chat.notice ? (
        <p className="qk-live-chat__notice" role="alert">
          {chat.notice}
        </p>
      ) : null}
      {children}
    </aside>
  );
}
