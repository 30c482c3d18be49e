/** The engagement capability: bookmarks, ratings and usage history of signed-in users. */
export { bookmark, removeBookmark, resolveFavorite, rate, recordHistory, clearRecentValues } from './commands';
export { bookmarkDecider, bookmarkStream } from './domain/bookmark';
export { ratingDecider } from './domain/rating';
export { historyDecider, recentValuesDecider } from './domain/history';
export * from './contracts';
