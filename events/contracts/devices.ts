import { z } from 'zod';

const id = z.number().int().positive();

/**
 * A user approved a browser extension on one device. The token's hash is not in the event:
 * it lives only in `extension_devices` (written in the same transaction), like session hashes.
 */
export const DeviceConnected = {
  version: 1,
  schema: z.object({ deviceId: id, userId: id, name: z.string() }),
};

/**
 * The device's token stops working: revoked from the dashboard (`user`), signed out in the
 * extension (`device`), or because the account's password was set or reset (`password`:
 * whoever had the old password may have connected a device; the owner reconnects).
 */
export const DeviceRevoked = {
  version: 1,
  schema: z.object({ deviceId: id, userId: id, by: z.enum(['user', 'device', 'password']) }),
};
