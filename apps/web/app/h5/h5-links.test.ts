import { describe, expect, it } from 'vitest';
import { VIEW_COOKIE } from '#contract/device.ts';
import { h5Href, switchHref } from './h5-links.ts';
import { loader as switchLoader } from './switch.ts';

/** The switch's answer: a redirect it returns, or throws when there is nothing to remember. */
const switchTo = (query: string) => {
  let res: Response;
  try {
    res = switchLoader({ request: new Request(`http://school.cn/h5/switch?${query}`) } as Parameters<
      typeof switchLoader
    >[0]);
  } catch (thrown) {
    res = thrown as Response;
  }
  return { status: res.status, location: res.headers.get('location'), cookie: res.headers.get('set-cookie') };
};

describe('links of the H5 site', () => {
  it('sends a banner link to its H5 page when H5 has one', () => {
    expect(h5Href('/view/12?from=banner')).toBe('/h5/view/12?from=banner');
    expect(h5Href('/register')).toBe('/h5/register');
    expect(h5Href('/teachingStaff')).toBe('/h5/teachingStaff');
    expect(h5Href('/sale/3?page=2')).toBe('/h5/sale/3?page=2');
    expect(h5Href('/apply')).toBe('/h5/apply');
    // a page H5 has no twin of stays the PC page
    expect(h5Href('/account/vod/praxis')).toBe('/account/vod/praxis');
    // learning: the lesson, the paper and its attempt, the wrong-answer book
    expect(h5Href('/view/12/period/34?t=5')).toBe('/h5/view/12/period/34?t=5');
    expect(h5Href('/exam/view/7')).toBe('/h5/exam/view/7');
    expect(h5Href('/exam/startExam?id=7')).toBe('/h5/exam/startExam?id=7');
    expect(h5Href('/exam/exam?recordId=8')).toBe('/h5/exam/exam?recordId=8');
    expect(h5Href('/exam/result?recordId=8')).toBe('/h5/exam/result?recordId=8');
    expect(h5Href('/exam/explain?recordId=8')).toBe('/h5/exam/explain?recordId=8');
    expect(h5Href('/exam?q=期中')).toBe('/h5/exam?q=期中');
    expect(h5Href('/account/collection')).toBe('/h5/account/collection');
    expect(h5Href('/account/feedback')).toBe('/h5/account/feedback');
    expect(h5Href('/account/recommend')).toBe('/h5/account/recommend');
    expect(h5Href('/account/earnings?days=30')).toBe('/h5/account/earnings?days=30');
    expect(h5Href('/account/draw_money')).toBe('/h5/account/draw_money');
    expect(h5Href('/account/draw_money?state=4')).toBe('/h5/account/draw_money?state=4');
    expect(h5Href('/account/ques?tab=answers')).toBe('/h5/account/ques?tab=answers');
    // a blogger's own pages: 我的博客 and writing, a new post or one to edit
    expect(h5Href('/blog/account')).toBe('/h5/blog/account');
    expect(h5Href('/blog/account?tab=drafts&page=2')).toBe('/h5/blog/account?tab=drafts&page=2');
    expect(h5Href('/blog/account/write')).toBe('/h5/blog/account/write');
    expect(h5Href('/blog/account/write?id=42')).toBe('/h5/blog/account/write?id=42');
    expect(h5Href('/blog/account/other')).toBe('/blog/account/other');
    expect(h5Href('/account/error/problem')).toBe('/h5/account/error/problem');
    expect(h5Href('/account/error/start?subjectId=2')).toBe('/h5/account/error/start?subjectId=2');
    expect(h5Href('/account/exams/myExamination?status=3')).toBe('/h5/account/exams/myExamination?status=3');
    expect(h5Href('/account/exams/myExam')).toBe('/h5/account/exams/myExam');
    // the account pages, VIP and the password reset
    for (const page of ['course', 'order', 'study', 'notes', 'message', 'info', 'reset'])
      expect(h5Href(`/account/${page}?page=2`)).toBe(`/h5/account/${page}?page=2`);
    expect(h5Href('/vip')).toBe('/h5/vip');
    expect(h5Href('/reset')).toBe('/h5/reset');
    // resources and libraries, lists and pages
    expect(h5Href('/resource?c=3')).toBe('/h5/resource?c=3');
    expect(h5Href('/library')).toBe('/h5/library');
    expect(h5Href('/resource/detail/5')).toBe('/h5/resource/detail/5');
    expect(h5Href('/library/view/6')).toBe('/h5/library/view/6');
    expect(h5Href('/preview/library/6')).toBe('/preview/library/6');
    // the studio and a lesson with an odd id stay PC pages; the practice and the class exam's result are H5's
    expect(h5Href('/exam/gradeResult?recordId=8')).toBe('/h5/exam/gradeResult?recordId=8');
    expect(h5Href('/exam/gradeExplain?recordId=8&only=wrong')).toBe('/h5/exam/gradeExplain?recordId=8&only=wrong');
    expect(h5Href('/account/vod/period?id=3')).toBe('/account/vod/period?id=3');
    expect(h5Href('/exam/exercise?periodId=9')).toBe('/h5/exam/exercise?periodId=9');
    expect(h5Href('/exam/exercise/4')).toBe('/h5/exam/exercise/4');
    expect(h5Href('/view/12/period/x')).toBe('/view/12/period/x');
    expect(h5Href('https://example.com/x')).toBe('https://example.com/x');
    expect(h5Href('//evil.example/view/1')).toBe('//evil.example/view/1');
  });

  it('the switch remembers the choice and opens the same page in that version', () => {
    const pc = switchTo(`to=pc&next=${encodeURIComponent('/h5/view/12?x=1')}`);
    expect(pc.location).toBe('/view/12?x=1');
    expect(pc.cookie).toMatch(new RegExp(`^${VIEW_COOKIE}=pc; Path=/; Max-Age=\\d+; SameSite=Lax$`));
    const h5 = switchTo(`to=h5&next=${encodeURIComponent('/view/12?x=1')}`);
    expect(h5.location).toBe('/h5/view/12?x=1');
    expect(h5.cookie).toContain(`${VIEW_COOKIE}=h5`);
    // a PC page H5 has not got (the studio): the H5 home
    expect(switchTo(`to=h5&next=${encodeURIComponent('/account/vod')}`).location).toBe('/h5/');
    expect(switchHref('pc', '/list?c=1')).toBe('/h5/switch?to=pc&next=%2Flist%3Fc%3D1');
  });

  it('the switch never leaves the site and ignores an odd choice', () => {
    expect(switchTo('to=pc&next=https://evil.example/').location).toBe('/');
    expect(switchTo('to=pc&next=//evil.example/').location).toBe('/');
    const odd = switchTo('to=tablet&next=/list');
    expect(odd.location).toBe('/list');
    expect(odd.cookie).toBeNull();
  });
});
