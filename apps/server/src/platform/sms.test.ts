import { describe, expect, it } from 'vitest';
import { AliyunSms, aliyunSignature } from './sms.ts';

// The worked example of Aliyun's SMS signature documentation (key testSecret), checked offline.
const documented = {
  AccessKeyId: 'testId',
  Action: 'SendSms',
  Format: 'XML',
  OutId: '123',
  PhoneNumbers: '15300000001',
  RegionId: 'cn-hangzhou',
  SignName: '阿里云短信测试专用',
  SignatureMethod: 'HMAC-SHA1',
  SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
  SignatureVersion: '1.0',
  TemplateCode: 'SMS_71390007',
  TemplateParam: '{"customer":"test"}',
  Timestamp: '2017-07-12T02:42:19Z',
  Version: '2017-05-25',
};

describe('Aliyun SMS signing', () => {
  it('matches the documented signature', () => {
    expect(aliyunSignature(documented, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('builds a request whose signature covers every parameter', () => {
    const sms = new AliyunSms({
      accessKeyId: 'id',
      accessKeySecret: 'secret',
      signName: '青课网校',
      templateCode: 'SMS_1',
    });
    const url = new URL(sms.requestUrl('13800000001', { code: '123456' }, new Date('2026-01-01T00:00:00Z'), 'n-1'));
    const params = Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'Signature'));
    expect(params.TemplateParam).toBe('{"code":"123456"}');
    expect(params.Timestamp).toBe('2026-01-01T00:00:00Z');
    expect(url.searchParams.get('Signature')).toBe(aliyunSignature(params, 'secret'));
  });
});
