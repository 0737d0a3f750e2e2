import type { TMsgAdmin, TMsgUser } from '#contract/message.ts';
import { formatTime } from '../../platform/time.ts';
import type { InboxRow, MsgRow } from './message.repo.ts';

export const presentInboxEntry = ({ entry, msg }: InboxRow): TMsgUser => ({
  id: String(entry.id),
  msgType: msg.msgType,
  msgTitle: msg.msgTitle,
  msgText: msg.msgText,
  isRead: entry.isRead,
  readTime: formatTime(entry.readTime),
  gmtCreate: formatTime(entry.gmtCreate),
});

export const presentMsgAdmin = (m: MsgRow, targetMobile: string, readCount: number): TMsgAdmin => ({
  id: String(m.id),
  msgTitle: m.msgTitle,
  msgText: m.msgText,
  targetKind: m.targetKind === 'all' ? 'all' : 'user',
  targetMobile,
  sendTime: formatTime(m.sendTime),
  isSend: m.isSend,
  sentCount: m.sentCount,
  readCount,
  gmtCreate: formatTime(m.gmtCreate),
});
