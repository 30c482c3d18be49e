/**
 * The icon sprite's version, so browsers may cache /icons.svg for a year. A constant rather
 * than a hash computed at load: every island draws icons, and computing it would ship all
 * the shapes to the browser. tests/unit/site-lib.test.ts fails when the shapes change and
 * this is not updated to `iconsHash()`.
 */
export const ICONS_VERSION = '18qjihm';
export const ICONS_URL = `/icons.svg?v=${ICONS_VERSION}`;
