import { describe, expect, it } from 'vitest';
import { mayRefer, mustBeLecturer } from './user.policy.ts';

describe('referring new users', () => {
  it('is for users the platform granted it', () => {
    expect(() => mayRefer({ isRecommended: 1 })).not.toThrow();
    expect(() => mayRefer({ isRecommended: 0 })).toThrow(
      expect.objectContaining({ code: 999, message: '您还没有推荐资格，如需开通请联系客服' }),
    );
  });
});

describe("a lecturer's calls", () => {
  it('refuse students and organisations with one code and one message, which pages can recognise', () => {
    expect(() => mustBeLecturer({ userType: 2 })).not.toThrow();
    for (const userType of [1, 3])
      expect(() => mustBeLecturer({ userType })).toThrow(
        expect.objectContaining({
          code: 999,
          message: '只有讲师可以使用此功能，请先申请成为讲师',
          data: { lecturerOnly: true },
        }),
      );
  });
});
