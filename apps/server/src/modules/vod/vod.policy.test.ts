import { describe, expect, it } from 'vitest';
import { mayPlayForReview, mayUpload, ownVideo } from './vod.policy.ts';

describe('who may upload and manage videos', () => {
  it('lets only lecturers upload, refusing others with the one lecturers-only refusal (999)', () => {
    expect(() => mayUpload({ userType: 2 })).not.toThrow();
    expect(() => mayUpload({ userType: 1 })).toThrow(
      expect.objectContaining({ code: 999, message: '只有讲师可以使用此功能，请先申请成为讲师' }),
    );
  });

  it('answers another user’s video as missing', () => {
    const v = { id: 1n, userId: 7n };
    expect(ownVideo(v, 7n)).toBe(v);
    expect(() => ownVideo(v, 8n)).toThrow(expect.objectContaining({ code: 999, message: '视频不存在或已删除' }));
    expect(() => ownVideo(undefined, 7n)).toThrow('视频不存在或已删除');
  });

  it('lets only an administrator play a video for review, whatever its lesson', () => {
    expect(() => mayPlayForReview({ kind: 'admin' })).not.toThrow();
    expect(() => mayPlayForReview({ kind: 'user' })).toThrow(
      expect.objectContaining({ code: 306, message: '只有平台管理员可以在审核时播放课时视频' }),
    );
  });
});
