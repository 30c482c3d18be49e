import { z } from 'zod';
import { ownedBy } from '../personal';

const id = z.number().int().positive();

/**
 * A user approved a browser extension on one device. The token's hash is not in the event:
 * it lives only in `extension_devices` (written in the same transaction), like session hashes.
 */
export const DeviceConnected = {
  version: 1,
  schema: z.object({ deviceId: id, userId: id, name: z.string() }),
  // The device's name, as its owner approved it, is theirs.
  personal: ownedBy('userId', { name: '' }),
};

/**
 * The device's token stops working: revoked from the dashboard (`user`), signed out in the
 * extension (`device`), or because the account's password was set or reset (`password`:
 * whoever had the old password may have connected a device; the owner reconnects).
 */
export const DeviceRevoked = {
  version: 1,
  schema: z.object({ deviceId: id, userId: id, by: z.enum(['user', 'device', 'password', 'deletion']) }),
};

/**
 * The extension asks to be connected (before the user approves it on the site): the device's
 * name as the extension gives it, a browser-and-system summary of its User-Agent, and the
 * origin that asked. The token's hash stays out of the log, in `extension_connection_requests`.
 * When it was asked is the event's time: a request expires CONNECT_REQUEST_TTL_MINUTES later.
 */
export const DeviceConnectionRequested = {
  version: 1,
  schema: z.object({ requestId: id, name: z.string(), agent: z.string(), origin: z.string() }),
};

/** The signed-in user approved a connection request: it became device `deviceId`. */
export const DeviceConnectionApproved = {
  version: 1,
  schema: z.object({ requestId: id, deviceId: id, userId: id }),
};
