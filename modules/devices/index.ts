/** Extension devices: per-device tokens a user approves on the site, stored hashed, revocable. */
export { connectDevice, revokeDevice, revokeUserDevices, findDevice, listDevices, hashDeviceToken, type DeviceCredential } from './commands';
export { deviceDecider, deviceStream, type DeviceCommand } from './domain/device';
export { devicesMigrations } from './migrations';
export * from './contracts';
