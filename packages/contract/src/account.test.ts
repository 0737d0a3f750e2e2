import { describe, expect, it } from 'vitest';
import { accountUpdate, isResidentId } from './account.ts';

describe('resident ID check digit', () => {
  it('accepts the standard example and refuses a changed digit', () => {
    expect(isResidentId('11010519491231002X')).toBe(true);
    expect(isResidentId('110105194912310021')).toBe(false);
    expect(isResidentId('11010519491231002')).toBe(false);
  });

  it('normalises the card number and a lowercase x', () => {
    const body = accountUpdate.body.parse({
      bankCardNo: '6222 0212 3456 7890 123',
      bankName: '工商银行',
      bankUserName: '张三',
      bankIdCardNo: ' 11010519491231002x ',
      code: '123456',
    });
    expect(body).toMatchObject({
      bankCardNo: '6222021234567890123',
      bankIdCardNo: '11010519491231002X',
      bankBranchName: '',
    });
  });
});
