import type { ModuleContext } from '../module.ts';
import { CounselService } from './counsel.service.ts';
import { TerraceService } from './terrace.service.ts';
import { marketingRoutes } from './marketing.routes.ts';

/** The enquiry form with its follow-up (/onlineRegistration) and the platform introduction pages (/terrace/:id). */
export function registerMarketing({ on, p }: ModuleContext) {
  const counsel = new CounselService(p);
  const terrace = new TerraceService(p);
  marketingRoutes(on, counsel, terrace);
  return { counsel, terrace };
}
