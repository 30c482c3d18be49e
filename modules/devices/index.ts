/** Extension devices: per-device tokens a user approves on the site, stored hashed, revocable. */
export {
  requestConnection,
  findConnectionRequest,
  connectDevice,
  revokeDevice,
  revokeUserDevices,
  forgetUserDevices,
  findDevice,
  listDevices,
  type DeviceCredential,
} from './commands';
export { deviceDecider, deviceStream, type DeviceCommand } from './domain/device';
export { connectionRequestDecider, requestExpired } from './domain/connection-request';
export { summarizeAgent } from './domain/agent';
export { devicesMigrations } from './migrations';
export * from './contracts';
