import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNSEL_LIMIT_MSG } from './counsel.service.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { adminHeaders } from '../../testing/people.ts';

let t: TestApp;
let admin: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
});
afterAll(async () => t?.close());

/** The enquiry form as a visitor at `ip` sends it. */
async function enquire(ip: string, body: object) {
  const res = await t.raw({
    method: 'POST',
    url: '/apis/marketing/api/act/counsel/save',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return res.json() as { code: number; msg: string; data: { id: string } | null };
}
const page = async (body: object = {}) => (await t.call('/marketing/admin/act/counsel/page', body, admin)).data;

describe('enquiry form', () => {
  it('refuses an unusable enquiry and stores nothing', async () => {
    expect((await enquire('10.0.0.1', { mobile: '13900050001' })).msg).toBe('请填写姓名');
    expect((await enquire('10.0.0.1', { realName: '张三', mobile: '12345' })).msg).toBe('请填写正确的 11 位手机号');
    expect((await enquire('10.0.0.1', { realName: '张三', mobile: '13900050001', content: 'x'.repeat(501) })).msg).toBe(
      '咨询内容不能超过 500 个字',
    );
    expect((await page()).totalCount).toBe(0);
  });

  it('takes three a day from one address and three a day for one mobile', async () => {
    for (let i = 1; i <= 3; i++) {
      const r = await enquire('10.0.0.2', { realName: `访客${i}`, mobile: `1390005010${i}`, subject: 'Python' });
      expect(r.code).toBe(200);
    }
    expect((await enquire('10.0.0.2', { realName: '访客4', mobile: '13900050104' })).msg).toBe(COUNSEL_LIMIT_MSG);
    for (let i = 1; i <= 3; i++) {
      expect((await enquire(`10.0.1.${i}`, { realName: '同一人', mobile: '13900050200' })).code).toBe(200);
    }
    expect((await enquire('10.0.1.9', { realName: '同一人', mobile: '13900050200' })).msg).toBe(COUNSEL_LIMIT_MSG);
    expect((await page()).totalCount).toBe(6);
  });

  it('lists enquiries for the administrator, who follows them up and exports them', async () => {
    const saved = await enquire('10.0.2.1', {
      realName: '李四',
      mobile: '13900050301',
      subject: '数据分析',
      content: '想了解周末班',
    });
    const list = await page({ mobile: '13900050301' });
    expect(list.list).toMatchObject([{ id: saved.data!.id, realName: '李四', followStatus: 1, clientIp: '10.0.2.1' }]);

    const follow = (body: object) => t.call('/marketing/admin/act/counsel/follow', body, admin);
    expect((await follow({ id: saved.data!.id, followStatus: 9 })).msg).toBe('请选择跟进状态');
    expect((await follow({ id: '42', followStatus: 2 })).msg).toBe('咨询登记不存在或已删除');
    const done = await follow({ id: saved.data!.id, followStatus: 2, followRemark: '已电话联系，周六试听' });
    expect(done.data).toMatchObject({ followStatus: 2, followRemark: '已电话联系，周六试听' });
    expect(done.data.followTime).not.toBe('');
    expect((await page({ followStatus: 2 })).list.map((c: { id: string }) => c.id)).toEqual([saved.data!.id]);
    expect((await page({ followStatus: 1 })).totalCount).toBe(6);

    const res = await t.raw({
      method: 'GET',
      url: '/apis/marketing/admin/act/counsel/export?followStatus=2',
      headers: admin.headers,
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).values).toEqual(
      expect.arrayContaining(['李四', '13900050301', '数据分析', '想了解周末班', '已联系', '已电话联系，周六试听']),
    );
  });

  it('keeps the list and the export to administrators', async () => {
    expect((await t.call('/marketing/admin/act/counsel/page', {})).code).toBe(302);
    const res = await t.raw({ method: 'GET', url: '/apis/marketing/admin/act/counsel/export' });
    expect(res.json().code).toBe(302);
  });
});

describe('platform introduction pages', () => {
  it('shows the demo pages in order, and an edited page sanitised', async () => {
    const list = (await t.call('/system/api/terrace/list', {})).data;
    expect(list.map((p: { title: string }) => p.title)).toEqual(['关于青课', '讲师与机构入驻']);
    const first = (await t.call('/system/api/terrace/view', { id: list[0].id })).data;
    expect(first.content).toContain('开源的在线学校');

    const body = { id: list[0].id, title: '关于我们', content: '<h2>你好</h2><img src=x onerror="alert(1)">', sort: 1 };
    const updated = await t.call('/system/admin/terrace/update', body, admin);
    expect(updated.data.content).not.toContain('onerror');
    expect((await t.call('/system/api/terrace/view', { id: list[0].id })).data.title).toBe('关于我们');
    expect((await t.call('/system/admin/terrace/update', { ...body, title: '' }, admin)).msg).toBe('请填写标题');
    expect((await t.call('/system/admin/terrace/update', body)).code).toBe(302);
  });

  it('hides a page switched off or deleted', async () => {
    const made = await t.call('/system/admin/terrace/save', { title: '隐私政策', content: '<p>条款</p>' }, admin);
    const id = made.data.id;
    expect((await t.call('/system/api/terrace/view', { id })).data.title).toBe('隐私政策');
    await t.call('/system/admin/terrace/update', { id, title: '隐私政策', content: '<p>条款</p>', statusId: 0 }, admin);
    expect((await t.call('/system/api/terrace/view', { id })).msg).toBe('页面不存在或已删除');
    expect((await t.call('/system/api/terrace/list', {})).data.map((p: { id: string }) => p.id)).not.toContain(id);
    expect((await t.call('/system/admin/terrace/list', {}, admin)).data.map((p: { id: string }) => p.id)).toContain(id);
    await t.call('/system/admin/terrace/delete', { id }, admin);
    expect((await t.call('/system/admin/terrace/delete', { id }, admin)).msg).toBe('页面不存在或已删除');
  });
});
