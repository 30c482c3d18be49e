import { idOrZeroParam, idParams } from '../../events/ids';
import { route } from '../../events/route';
import type { PromptView } from '../prompts/contracts';
import { connectDeviceRequest, connectionRequest, extensionPromptsQuery, type DeviceView } from './contracts';

/** The extension's own routes, and the website's management of its devices. */
export const deviceRoutes = {
  extensionPrompts: route<PromptView[]>()({
    method: 'GET',
    path: '/api/extension/prompts',
    caller: 'anyone',
    device: true,
    // The category filter's id is canonical like every id (0: any category).
    query: extensionPromptsQuery.extend({ categoryId: idOrZeroParam.optional() }),
    summary: "The side panel's library: search text (the site's search engine, best match first; without text most popular first) and category.",
  }),
  devices: route<DeviceView[]>()({
    method: 'GET',
    path: '/api/extension/devices',
    caller: 'web-user',
    summary: "The signed-in user's connected extension devices (website session only).",
  }),
  requestConnection: route<{ ok: true }>()({
    method: 'POST',
    path: '/api/extension/connection-requests',
    caller: 'anyone',
    reads: [],
    body: connectionRequest,
    summary: 'The extension asks to be connected (before it opens the approval page); approvable for 10 minutes: 201.',
  }),
  connectDevice: route<DeviceView>()({
    method: 'POST',
    path: '/api/extension/devices',
    caller: 'web-user',
    reads: [],
    body: connectDeviceRequest,
    summary: 'Approves a pending connection request (website session only, behind the same-origin check): 201; 404 unknown, 409 used or expired.',
  }),
  revokeDevice: route<null>()({
    method: 'DELETE',
    path: '/api/extension/devices/{id}',
    caller: 'web-user',
    reads: [],
    params: idParams,
    summary: "Revokes one of the user's devices: its token stops working on the next call (204).",
  }),
  signOutDevice: route<null>()({
    method: 'DELETE',
    path: '/api/extension/devices/current',
    caller: 'user',
    reads: [],
    device: true,
    summary: 'The extension signs itself out: its own token is revoked (204).',
  }),
};
