import type { APIRequestContext } from '@playwright/test';

/** Logs in as the demo platform administrator through the API and returns a caller of admin calls. */
export async function adminApi(request: APIRequestContext) {
  const login = await request.post('/apis/system/api/admin/login', {
    data: { loginName: 'admin', password: 'Demo1234' },
  });
  const { data } = await login.json();
  const token: string = data.token;
  return async (path: string, body: unknown = {}) => {
    const res = await request.post(`/apis${path}`, { data: body, headers: { token } });
    const json = await res.json();
    if (json.code !== 200) throw new Error(`${path}: ${json.code} ${json.msg}`);
    return json.data;
  };
}

/** Makes a registered learner an approved lecturer through the API: the application, then the administrator's approval. */
export async function becomeLecturer(
  request: APIRequestContext,
  mobile: string,
  password: string,
  lecturerName: string,
) {
  const login = await (
    await request.post('/apis/user/api/user/login/password', { data: { mobile, password, clientType: 1 } })
  ).json();
  if (login.code !== 200) throw new Error(`login: ${login.msg}`);
  const applied = await request.post('/apis/user/auth/lecturer/audit/apply', {
    data: { lecturerName, position: '讲师', introduce: `${lecturerName}，多年一线教学经验，乐于分享。` },
    headers: { token: login.data.token },
  });
  const json = await applied.json();
  if (json.code !== 200) throw new Error(`apply: ${json.msg}`);
  const admin = await adminApi(request);
  await admin('/user/admin/lecturer/audit/audit', { id: json.data.id, auditStatus: 1, auditOpinion: '' });
}

/**
 * Dismisses every pending community report, so a journey that reported something leaves the queue and the
 * overview's alert as the journeys after it expect them (empty).
 */
export async function dismissPendingReports(request: APIRequestContext): Promise<void> {
  const admin = await adminApi(request);
  const page = (await admin('/community/admin/report/page', { statusId: 1, pageSize: 100 })) as {
    list: { id: string }[];
  };
  for (const r of page.list) await admin('/community/admin/report/dismiss', { id: r.id });
}
