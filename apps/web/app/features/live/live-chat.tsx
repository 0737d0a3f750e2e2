import { useState } from 'react';
import { Button, Input } from 'antd';
import { LIVE_LIMITS } from '#contract/live.ts';
import { useLiveChat } from './use-live-chat.ts';
import { ChatLines } from './chat-lines.tsx';

/**
 * The chat beside the stream: messages, the online count and the pinned message; the session's lecturer can
 * pin a message and mute a learner. It reconnects (with a fresh token) when the connection drops.
 */
export function LiveChat({ periodId, myId }: { periodId: string; myId: string }) {
  const chat = useLiveChat(periodId, myId);
  const [text, setText] = useState('');
  const say = () => {
    if (chat.say(text)) setText('');
  };
  const closed = chat.iAmMuted || !chat.connected;

  return (
    <ChatLines
      chat={chat}
      muteButton={(userId, label) => (
        <Button size="small" type="link" onClick={() => chat.toggleMute(userId)}>
          {label}
        </Button>
      )}
    >
      <div className="qk-live-chat__input">
        <Input
          value={text}
          maxLength={LIVE_LIMITS.chatMaxChars}
          placeholder={chat.iAmMuted ? '你已被讲师禁言' : '说点什么…'}
          disabled={closed}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={say}
          aria-label="聊天内容"
        />
        <Button type="primary" onClick={say} disabled={closed}>
          发送
        </Button>
        {chat.lecturer ? (
          <Button onClick={() => chat.pin(text)} disabled={!chat.connected}>
            置顶
          </Button>
        ) : null}
      </div>
    </ChatLines>
  );
}
