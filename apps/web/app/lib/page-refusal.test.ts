import { describe, expect, it } from 'vitest';
import { isRouteErrorResponse } from 'react-router';
import { LECTURER_ONLY_DATA, LECTURER_ONLY_MSG } from '#contract/user.ts';
import { ApiError } from '../api/client.ts';
import { pageRefusalOf, refusalOfError, refusalResponse, refusalStatus } from './page-refusal.ts';

/** What React Router makes of a thrown `data(...)`: a route error response with its status and data. */
function asRouteError(thrown: ReturnType<typeof refusalResponse>) {
  return { status: thrown.init?.status ?? 500, statusText: '', internal: false, data: thrown.data };
}

describe('a refusal met by a loader', () => {
  it('is the lecturers-only page when the server marks it so, with 403', () => {
    const refusal = refusalOfError(new ApiError(999, LECTURER_ONLY_MSG, LECTURER_ONLY_DATA));
    expect(refusal).toEqual({ refusal: 'lecturerOnly', msg: LECTURER_ONLY_MSG });
    expect(refusalStatus(refusal)).toBe(403);
  });

  it('is a 404 when the thing asked for does not exist, a 403 for anything else the server would not show', () => {
    expect(refusalStatus(refusalOfError(new ApiError(999, '练习不存在或已删除')))).toBe(404);
    expect(refusalStatus(refusalOfError(new ApiError(999, '该试卷已下架')))).toBe(403);
  });

  it("reaches the error boundary as a route error response carrying the server's message", () => {
    const thrown = refusalResponse({ refusal: 'refused', msg: '练习不存在或已删除' });
    const error = asRouteError(thrown);
    expect(isRouteErrorResponse(error)).toBe(true);
    expect(error.status).toBe(404);
    expect(pageRefusalOf(error)).toEqual({ refusal: 'refused', msg: '练习不存在或已删除' });
  });

  it('leaves other errors to the 404 and 500 pages', () => {
    expect(pageRefusalOf(new Error('boom'))).toBeNull();
    expect(pageRefusalOf({ status: 404, statusText: '', internal: false, data: null })).toBeNull();
  });
});
