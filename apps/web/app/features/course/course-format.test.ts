import { describe, expect, it } from 'vitest';
import { CourseType } from '#contract/course.ts';
import { periodKind } from './course-format.ts';

describe('lessonKind', () => {
  it('calls a video course lesson without its video a video lesson still waiting, never a document', () => {
    expect(periodKind(CourseType.VIDEO, { hasVideo: 0, hasDoc: 0 })).toBe('video-waiting');
    expect(periodKind(CourseType.VIDEO, { hasVideo: 1, hasDoc: 0 })).toBe('video');
    expect(periodKind(CourseType.VIDEO, { hasVideo: 0, hasDoc: 1 })).toBe('doc');
  });

  it('calls a library lesson a document and a resource lesson files to download', () => {
    expect(periodKind(CourseType.LIBRARY, { hasVideo: 0, hasDoc: 1 })).toBe('doc');
    expect(periodKind(CourseType.RESOURCE, { hasVideo: 0, hasDoc: 0 })).toBe('files');
  });
});
