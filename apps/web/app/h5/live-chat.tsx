import { useState, type FormEvent } from 'react';
import { LIVE_LIMITS } from '#contract/live.ts';
import { ChatLines } from '../features/live/chat-lines.tsx';
import { useLiveChat } from '../features/live/use-live-chat.ts';

/** The live room's chat on a phone: the PC room's chat (`useLiveChat`) with the phone's own field and buttons. */
export function H5LiveChat({ periodId, myId }: { periodId: string; myId: string }) {
  const chat = useLiveChat(periodId, myId);
  const [text, setText] = useState('');
  const closed = chat.iAmMuted || !chat.connected;
  function submit(e: FormEvent) {
    e.preventDefault();
    if (chat.say(text)) setText('');
  }

  return (
    <ChatLines
      chat={chat}
      muteButton={(userId, label) => (
        <button type="button" className="h5-link-button" onClick={() => chat.toggleMute(userId)}>
          {label}
        </button>
      )}
    >
      <form className="qk-live-chat__input h5-live-chat__form" onSubmit={submit}>
        <input
          value={text}
          maxLength={LIVE_LIMITS.chatMaxChars}
          placeholder={chat.iAmMuted ? '你已被讲师禁言' : '说点什么…'}
          disabled={closed}
          onChange={(e) => setText(e.target.value)}
          enterKeyHint="send"
          aria-label="聊天内容"
        />
        <button type="submit" className="h5-button h5-button--primary" disabled={closed}>
          发送
        </button>
        {chat.lecturer ? (
          <button type="button" className="h5-button" onClick={() => chat.pin(text)} disabled={!chat.connected}>
            置顶
          </button>
        ) : null}
      </form>
    </ChatLines>
  );
}
