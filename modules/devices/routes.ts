import { z } from 'zod';
import { idOrZeroParam, idParam } from '../../events/ids';
import { route } from '../../events/route';
import type { PromptView } from '../prompts/contracts';
import { connectDeviceRequest, extensionPromptsQuery, type DeviceView } from './contracts';

/** The extension's own routes, and the website's management of its devices. */
export const deviceRoutes = {
  extensionPrompts: route<PromptView[]>()({
    method: 'GET',
    path: '/api/extension/prompts',
    caller: 'anyone',
    device: true,
    // The category filter's id is canonical like every id (0: any category).
    query: extensionPromptsQuery.extend({ categoryId: idOrZeroParam.optional() }),
    summary: "The side panel's library: search text and category, most popular first.",
  }),
  devices: route<DeviceView[]>()({
    method: 'GET',
    path: '/api/extension/devices',
    caller: 'web-user',
    summary: "The signed-in user's connected extension devices (website session only).",
  }),
  connectDevice: route<DeviceView>()({
    method: 'POST',
    path: '/api/extension/devices',
    caller: 'web-user',
    body: connectDeviceRequest,
    summary: 'Approves a device (website session only, behind the same-origin check): 201.',
  }),
  revokeDevice: route<null>()({
    method: 'DELETE',
    path: '/api/extension/devices/{id}',
    caller: 'web-user',
    params: z.object({ id: idParam }),
    summary: "Revokes one of the user's devices: its token stops working on the next call (204).",
  }),
  signOutDevice: route<null>()({
    method: 'DELETE',
    path: '/api/extension/devices/current',
    caller: 'user',
    device: true,
    summary: 'The extension signs itself out: its own token is revoked (204).',
  }),
};
