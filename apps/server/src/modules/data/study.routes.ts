import * as c from '#contract/study.ts';
import { IdBody } from '#contract/call.ts';
import type { Router } from '../../platform/http/route.ts';
import type { Sessions } from '../../platform/http/session.ts';
import { fail } from '../../platform/http/errors.ts';
import { describeIssues } from '../../platform/http/validation.ts';
import type { StudyService } from './study.service.ts';
import type { NoteService } from './note.service.ts';

export function studyRoutes(on: Router, study: StudyService, notes: NoteService, _sessions: Sessions): void {
  on(c.periodLogSave, ({ site, actor, body }) => study.report(site.id, actor.id, body));
  on(c.periodProgressList, ({ site, actor, body }) => study.courseProgress(site.id, actor.id, BigInt(body.courseId)));
  on(c.studyRecordPage, ({ site, actor, body }) => study.records(site.id, actor.id, body));

  on(c.noteLogPage, ({ site, actor, body }) => notes.page(site.id, actor.id, body));
  on(c.noteLogView, ({ site, actor, body }) => notes.view(site.id, actor.id, body.id));
  on(c.noteLogSave, ({ site, actor, body }) => notes.save(site.id, actor.id, body));
  on(c.noteLogDelete, ({ site, actor, body, req }) => {
    // the spec sends the id in the query string (DELETE …/delete?id=)
    const parsed = body.id ? { success: true as const, data: { id: body.id } } : IdBody.safeParse(req.query ?? {});
    if (!parsed.success) throw fail(describeIssues(parsed.error.issues));
    return notes.remove(site.id, actor.id, parsed.data.id);
  });
}
