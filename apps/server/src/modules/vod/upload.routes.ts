import { unfinishedUploads, videoInfoUpload } from '#contract/upload.ts';
import type { Router } from '../../platform/http/route.ts';
import type { VideoUploadService } from './upload.service.ts';

/** One path, two uses (simple-uploader): GET (or a plain POST) tests which chunks exist, a multipart POST sends one. */
export function uploadRoutes(on: Router, uploads: VideoUploadService): void {
  on(videoInfoUpload, ({ site, actor, req, body }) =>
    req.method === 'POST' && req.isMultipart()
      ? uploads.chunk(site.id, actor.id, req)
      : uploads.test(site.id, actor.id, body),
  );
  on(unfinishedUploads, ({ site, actor }) => uploads.unfinished(site.id, actor.id));
}
