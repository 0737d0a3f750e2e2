import { newId } from '../../platform/ids.ts';
import { normalizeWord } from '../../modules/community/sensitive-word-matcher.ts';
import { sensitiveWord } from '../schema/community-moderation.ts';
import type { Seeder } from './seed.ts';

/** A short starting list: the spam and fraud phrases every Chinese community sees first. */
const WORDS = [
  '代开发票',
  '加微信刷单',
  '刷单返利',
  '兼职刷单',
  '网络赌博',
  '网赌',
  '办理假证',
  '代考包过',
  '出售答案',
  '高仿证件',
  '裸聊',
  '色情直播',
];

export const moderationSeeder: Seeder = {
  name: 'community-moderation',
  async run(p, { siteId }) {
    await p.db
      .insert(sensitiveWord)
      .values(WORDS.map((word) => ({ id: newId(), siteId, word, wordKey: normalizeWord(word) })))
      .onConflictDoNothing();
  },
};
