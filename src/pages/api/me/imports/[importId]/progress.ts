import { portabilityRoutes } from '../../../../../../modules/portability/routes';
import { importProgressOf } from '../../../../../server/portability/import-progress';
import { serve } from '../../../../../server/route';

/** How far the caller's running import is in saving (known to this web process, which runs it). */
export const GET = serve(portabilityRoutes.importProgress, ({ params: { importId }, user }) => importProgressOf(user.id, importId));
