import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  mpQrcodeRequest,
  mpShowQrcodeUrl,
  mpSignature,
  mpSignatureValid,
  mpTextReply,
  mpTokenUrl,
  parseMpEvent,
} from './wechat.ts';

describe('WeChat official-account wire format', () => {
  it('signs the server check as SHA-1 of the sorted token, timestamp and nonce', () => {
    const expected = crypto.createHash('sha1').update(['1409304348', 'qingke', 'xxxxxx'].join('')).digest('hex');
    expect(mpSignature('qingke', '1409304348', 'xxxxxx')).toBe(expected);
    expect(mpSignatureValid('qingke', { signature: expected, timestamp: '1409304348', nonce: 'xxxxxx' })).toBe(true);
    expect(mpSignatureValid('qingke', { signature: expected, timestamp: '1409304349', nonce: 'xxxxxx' })).toBe(false);
    expect(mpSignatureValid('qingke', { timestamp: '1', nonce: '2' })).toBe(false);
  });

  it('builds the token and temporary QR code requests', () => {
    expect(mpTokenUrl('wx1', 's&x')).toBe(
      'https://api.weixin.qq.com/cgi-bin/token?grant_type=client_credential&appid=wx1&secret=s%26x',
    );
    const req = mpQrcodeRequest('TOKEN', 'scene-1', 120);
    expect(req.url).toBe('https://api.weixin.qq.com/cgi-bin/qrcode/create?access_token=TOKEN');
    expect(JSON.parse(req.body)).toEqual({
      expire_seconds: 120,
      action_name: 'QR_STR_SCENE',
      action_info: { scene: { scene_str: 'scene-1' } },
    });
    expect(mpShowQrcodeUrl('a+b/c=')).toBe('https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=a%2Bb%2Fc%3D');
  });

  it('reads scan and follow events, dropping the qrscene_ prefix', () => {
    const xml = (event: string, key: string) =>
      `<xml><ToUserName><![CDATA[gh_1]]></ToUserName>\n<FromUserName><![CDATA[oAbc]]></FromUserName><CreateTime>123</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${event}]]></Event><EventKey><![CDATA[${key}]]></EventKey></xml>`;
    expect(parseMpEvent(xml('subscribe', 'qrscene_abc'))).toEqual({
      toUser: 'gh_1',
      openId: 'oAbc',
      msgType: 'event',
      event: 'subscribe',
      sceneId: 'abc',
    });
    expect(parseMpEvent(xml('SCAN', 'abc')).sceneId).toBe('abc');
    expect(parseMpEvent('<xml><MsgType>text</MsgType></xml>')).toMatchObject({
      msgType: 'text',
      openId: '',
      sceneId: '',
    });
    expect(parseMpEvent('not xml').event).toBe('');
  });

  it('replies with text that cannot break out of its CDATA', () => {
    const reply = mpTextReply('oAbc', 'gh_1', '登录成功]]><x>', 1_700_000_000_000);
    expect(reply).toContain('<CreateTime>1700000000</CreateTime>');
    expect(reply).toContain('<Content><![CDATA[登录成功]]]]><![CDATA[><x>]]></Content>');
  });
});
