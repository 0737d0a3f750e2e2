import crypto from 'node:crypto';

/**
 * Where a course's downloadable file or library document is stored: in the private `course-files/` area, which
 * /media refuses (platform/storage.ts), under a random name; learners reach it only through a download link.
 */
export const courseFileKey = (siteId: bigint, ext: string) =>
  `course-files/${siteId}/${crypto.randomBytes(16).toString('hex')}/${crypto.randomBytes(4).toString('hex')}.${ext.replace(/^\./, '')}`;
