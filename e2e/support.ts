import type { APIRequestContext } from '@playwright/test';

/** Logs in as the demo platform administrator through the API and returns a caller of admin calls. */
export async function adminApi(request: APIRequestContext) {
  const login = await request.post('/apis/system/api/admin/login', { data: { loginName: 'admin', password: 'Demo1234' } });
  const { data } = await login.json();
  const token: string = data.token;
  return async (path: string, body: unknown = {}) => {
    const res = await request.post(`/apis${path}`, { data: body, headers: { token } });
    const json = await res.json();
    if (json.code !== 200) throw new Error(`${path}: ${json.code} ${json.msg}`);
    return json.data;
  };
}
