import { data, isRouteErrorResponse } from 'react-router';
import { isLecturerOnly } from '#contract/codes.ts';
import type { ApiError } from '../api/client.ts';

/**
 * A business refusal met by a loader, as the page shows it: the server's Chinese message, and whether it is the
 * lecturers-only refusal (decision 34), which the page answers with the way to become one.
 */
export interface PageRefusal {
  refusal: 'lecturerOnly' | 'refused';
  msg: string;
}

/**
 * The HTTP status of a refused page: 404 when the server says the thing asked for does not exist (its
 * `notFound` refusals all say 不存在), 403 for everything else it would not show this person.
 */
export function refusalStatus(refusal: PageRefusal): 403 | 404 {
  return refusal.refusal === 'refused' && refusal.msg.includes('不存在') ? 404 : 403;
}

export function refusalOfError(err: ApiError): PageRefusal {
  return {
    refusal: isLecturerOnly(err.data) ? 'lecturerOnly' : 'refused',
    msg: err.message,
  };
}

/**
 * What a loader throws for a refusal: a route error response, so the page renders with the message and a 403 or
 * 404 status, nothing is logged as a fault, and the client receives it whole (an Error would arrive as
 * "Unexpected Server Error" in production).
 */
export function refusalResponse(refusal: PageRefusal) {
  return data<PageRefusal>(refusal, { status: refusalStatus(refusal) });
}

/** The refusal a page's error boundary received, if that is what it is. */
export function pageRefusalOf(error: unknown): PageRefusal | null {
  if (!isRouteErrorResponse(error)) return null;
  const d = error.data as Partial<PageRefusal> | null;
  if (!d || typeof d.msg !== 'string' || (d.refusal !== 'lecturerOnly' && d.refusal !== 'refused')) return null;
  return { refusal: d.refusal, msg: d.msg };
}
