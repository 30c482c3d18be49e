/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Correlates log lines and event metadata for one request. */
    requestId: string;
    /** The signed-in user, resolved by the session middleware; null for visitors. */
    user: import('./server/accounts/session-user').SessionUser | null;
    /** Set when the request is the extension's, authenticated by a device token (src/server/accounts/bearer-auth.ts). */
    deviceId?: number;
    /** Set when the request carries a personal access token (src/server/accounts/bearer-auth.ts, src/server/mcp/). */
    accessTokenId?: number;
    /** The request's language (src/server/middleware/i18n.ts). */
    lng: import('./i18n/languages').Language;
    /** Translation function fixed to `lng`. */
    t: ReturnType<typeof import('./server/i18n').getT>;
    /** Set by the page cache on a miss: where the rendering is stored if the page is cacheable. */
    pageCacheSlot?: import('./server/page-cache').PageCacheSlot;
    /** This request's own appends and the read models they feed: its `written` cookie (src/server/freshness.ts). */
    written?: import('./server/freshness').Written;
    /**
     * The app's services (src/server/app.ts), set by the request middleware: the middlewares
     * after it and endpoints use them. Pages read through the readers below instead.
     */
    app: import('./server/app').App;
    /** The catalog reads pages make (src/server/catalog/catalog-lists.ts), set by the request middleware. */
    catalog: import('./server/catalog/catalog-lists').CatalogReader;
    /** The library reads pages make (bookmarks, a collection: src/server/library/). */
    library: import('./server/library').LibraryReader;
    /** The Community page's people and the member pages (src/server/community/). */
    community: import('./server/community').CommunityReader;
    /** The extension's devices pages list (src/server/extension/devices.ts). */
    devices: import('./server/extension/devices').DeviceReader;
    /** Comments, their counts and report outcomes pages show (src/server/discussion/). */
    discussion: import('./server/discussion').DiscussionReader;
    /** Rendered pieces of pages, for the `Cached` component (src/server/render/fragment-cache.ts). */
    fragments: import('./server/render/fragment-cache').FragmentCache;
    /** A person's notifications for /notifications (src/server/notifications/). */
    notifications: import('./server/notifications').NotificationReader;
    /** PUBLIC_URL's origin: absolute links on shared pages come from it, never from the Host. */
    publicUrl: string;
  }
}
