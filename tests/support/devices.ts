import { connectDevice, requestConnection } from '../../modules/devices';
import { EXTENSION_ORIGIN, type ConnectDeviceRequest } from '../../modules/devices/contracts';
import type { EventMetadata, EventStore } from '../../events';

const CHROME_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** The whole connection, as the extension and the user make it: the request, then its approval. */
export async function connectTestDevice(store: EventStore, userId: number, request: ConnectDeviceRequest, metadata: EventMetadata) {
  await requestConnection(store, request, { userAgent: CHROME_ON_LINUX, origin: EXTENSION_ORIGIN }, metadata);
  return connectDevice(store, userId, request, metadata);
}
