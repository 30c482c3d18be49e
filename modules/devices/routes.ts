import { z } from 'zod';
import { route } from '../../events/route';
import type { PromptView } from '../prompts/contracts';
import { connectDeviceRequest, deviceIdParam, extensionPromptsQuery, type DeviceView } from './contracts';

/** The extension's own routes, and the website's management of its devices. */
export const deviceRoutes = {
  extensionPrompts: route<PromptView[]>()({
    method: 'GET',
    path: '/api/extension/prompts',
    caller: 'anyone',
    device: true,
    query: extensionPromptsQuery,
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
    params: z.object({ id: deviceIdParam }),
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
